import type { Generated } from 'kysely';

/** Tables of the user area (joined into Database in ../schema.ts). Times are unix seconds. */

/** An account. The bound mobile lives here (binding area); token_version ends every session when raised. */
export interface UserTable {
  id: Generated<number>;
  mobile: string | null;
  nickname: string;
  avatar: string;
  token_version: number;
  created_at: number;
  last_login_at: number;
}

/** Feedback sent from any page; user_id is null when sent logged out. */
export interface FeedbackTable {
  id: Generated<number>;
  user_id: number | null;
  content: string;
  page_url: string;
  created_at: number;
}

export interface UserTables {
  users: UserTable;
  feedback: FeedbackTable;
}
