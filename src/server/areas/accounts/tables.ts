import type { Generated } from 'kysely';

/** Tables of the auth area: SMS codes and WeChat login (joined into Database in ../schema.ts). Times are unix seconds. */

export interface SmsCodeTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  consumed_at: number | null;
}

/** A WeChat identity; user_id is null until it is bound to an account. */
export interface ThirdIdentityTable {
  id: Generated<number>;
  provider: string;
  openid: string;
  nickname: string;
  avatar: string;
  user_id: number | null;
  created_at: number;
}

export interface ThirdAuthKeyTable {
  key: string;
  identity_id: number;
  expires_at: number;
  used_at: number | null;
  /** The activity attribution ticket the OAuth round trip carried ('' none). */
  from_activity: Generated<string>;
}

export interface OauthStateTable {
  state: string;
  redirect_url: string;
  created_at: number;
  used_at: number | null;
  /** The activity attribution ticket of the page that started the login ('' none). */
  from_activity: Generated<string>;
}

/** Codes issued by the sandbox OAuth provider (development and tests). */
export interface SandboxOauthCodeTable {
  code: string;
  openid: string;
  nickname: string;
  avatar: string;
  created_at: number;
  used_at: number | null;
}

/** Codes sent in one window by one sender: scope `ip_hour`, `ip_day`, `device_hour`, `device_day` or `global_hour`. */
export interface SmsSendCounterTable {
  scope: string;
  /** The IP, the device id, or `all` for the global budget. */
  subject: string;
  /** Unix seconds the hour or China day began. */
  window_start: number;
  sends: number;
}

/** The signature of a solved challenge, kept until the challenge expires so that it is accepted once. */
export interface SmsChallengeUseTable {
  signature: string;
  expires_at: number;
}

/** A deleted account (注销): its `users` row is a tombstone from `deleted_at` on (account-deletion.ts). */
export interface AccountDeletionTable {
  user_id: number;
  deleted_at: number;
  /** The deleted account's mobile as its keyed fingerprint (mobile-fingerprint.ts; '' for rows before migration 0028). */
  mobile_fingerprint: Generated<string>;
}

export interface AuthTables {
  account_deletions: AccountDeletionTable;
  sms_codes: SmsCodeTable;
  sms_send_counters: SmsSendCounterTable;
  sms_challenge_uses: SmsChallengeUseTable;
  third_identities: ThirdIdentityTable;
  third_auth_keys: ThirdAuthKeyTable;
  oauth_states: OauthStateTable;
  sandbox_oauth_codes: SandboxOauthCodeTable;
}
