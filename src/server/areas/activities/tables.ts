import type { Generated, Selectable } from 'kysely';

/**
 * Tables of the activity engine (joined into Database in ../../db/schema.ts). The activities are files; these rows
 * are what changes while they run. Times are unix seconds, window instants unix milliseconds.
 */

/** The version of an activity file this deployment accepted last (an edit after the start is checked against it). */
export interface ActivityTable {
  id: number;
  slug: string;
  type: string;
  /** sha-256 of the accepted file's JSON. */
  version: string;
  /** The accepted file, as JSON. */
  definition: string;
  starts_at_ms: number;
  ends_at_ms: number;
  accepted_at: number;
}

/** Stock of one prize: `stock_left` only ever moves by conditional updates. */
export interface ActivityPrizeTable {
  activity_id: number;
  prize_id: string;
  quantity: number;
  stock_left: number;
}

/** One user's part in an activity (an instance key tells apart several, e.g. teams; '' for one). */
export interface ActivityParticipationTable {
  id: Generated<number>;
  activity_id: number;
  user_id: number;
  instance_key: string;
  progress: number;
  created_at: number;
}

/** The append-only ledger: visits, shares, registrations, qualifications, claims, revocations. */
export interface ActivityEventTable {
  id: Generated<number>;
  activity_id: number;
  /** visit, share, invited, qualified, claimed, revoked, refused. */
  kind: string;
  /** Whose event it is (the referrer for an invite), when known. */
  user_id: number | null;
  /** Whom it is about (the invitee), when any. */
  subject_id: number | null;
  /** Unique: a retried event is recorded once. */
  dedupe_key: string;
  /** JSON with the source, IP and the like. */
  detail: string;
  created_at: number;
}

/** Who invited whom into an activity (one referrer per invitee), and whether the invitee counts yet. */
export interface ActivityInviteTable {
  id: Generated<number>;
  activity_id: number;
  referrer_id: number;
  invitee_id: number;
  /** link, poster, qr. */
  source: string;
  /** pending (待完成), qualified (已生效), invalid (无效: reason). */
  status: string;
  reason: string;
  ip: string;
  user_agent: string;
  /** The DeviceId header of the signup (the app's own id per install). */
  device_id: string;
  created_at: number;
  qualified_at: number | null;
  /** The Asia/Shanghai day it qualified on (YYYY-MM-DD), for the referrer's daily cap. */
  qualified_day: string;
  /** The invitee's paid order that qualified them (first_payment): its refund makes the invite invalid. */
  qualifying_order_id: number | null;
}

/** A prize claimed: unique per (activity, prize, user) and per (activity, prize, mobile). */
export interface ActivityClaimTable {
  id: Generated<number>;
  activity_id: number;
  prize_id: string;
  user_id: number;
  mobile: string;
  idempotency_key: string;
  /** granted, revoked. */
  status: string;
  /** The 0-yuan order of a physical prize. */
  order_id: number | null;
  created_at: number;
  revoked_at: number | null;
}

export type ActivityRow = Selectable<ActivityTable>;
export type ActivityClaimRow = Selectable<ActivityClaimTable>;
export type ActivityInviteRow = Selectable<ActivityInviteTable>;

export interface ActivityTables {
  activities: ActivityTable;
  activity_prizes: ActivityPrizeTable;
  activity_participations: ActivityParticipationTable;
  activity_events: ActivityEventTable;
  activity_invites: ActivityInviteTable;
  activity_claims: ActivityClaimTable;
}
