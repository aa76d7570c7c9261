import type { Generated } from 'kysely';

/** Tables of the user-center area (joined into Database in ../schema.ts). Times are unix seconds, flags 0/1. */

/** A message in a user's inbox. */
export interface MessageTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  title: string;
  content: string;
  link: string;
  is_read: number;
  created_at: number;
  read_at: number | null;
}

/** Welcome / system messages every new user receives (copied into `messages` on first use). */
export interface MessageTemplateTable {
  key: string;
  kind: string;
  title: string;
  content: string;
  link: string;
  sort: number;
  active: number;
}

/** Marks users whose welcome messages were created (one row per user, so they are created once). */
export interface MessageInitTable {
  user_id: number;
  created_at: number;
}

/** A collected item with a snapshot of what the list shows (title, cover…), unique per user, type and ref. */
export interface CollectionTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  ref_id: number;
  genus_id: number;
  category_id: number;
  title: string;
  summary: string;
  cover: string;
  link: string;
  created_at: number;
}

/** A China day on which the user studied (a video progress report, an answered question, a reading report). */
export interface StudyDayTable {
  user_id: number;
  /** The day's start in China time, unix seconds. */
  day: number;
}

export interface UserCenterTables {
  study_days: StudyDayTable;
  messages: MessageTable;
  message_templates: MessageTemplateTable;
  message_inits: MessageInitTable;
  collections: CollectionTable;
}
