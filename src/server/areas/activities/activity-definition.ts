/**
 * An activity as the engine uses it: the operator's file (activity-file.gen.ts, from schemas/activity.schema.json)
 * with its window as instants (unix ms) and its slug (the file name).
 */
import type { ActivityFile, Prize, ReciprocityRules, ReferralRules, RegisterGiftRules, VipShareRules } from './activity-file.gen';

export type { ActivityFile, Prize };
export type ActivityType = ActivityFile['type'];

export interface RulesOf {
  referral: ReferralRules;
  register_gift: RegisterGiftRules;
  reciprocity: ReciprocityRules;
  vip_share: VipShareRules;
}

export interface ActivityDefinition extends Omit<ActivityFile, 'rules' | '$schema' | '$comment'> {
  slug: string;
  /** The file it came from, relative to the pages folder's parent (e.g. pages-config/_activities/x.json). */
  file: string;
  startsAtMs: number;
  endsAtMs: number;
  rules: RulesOf[ActivityType];
  /** sha-256 of the file's JSON (what the database keeps as the accepted version). */
  version: string;
}

/** The activity's state at `nowMs`: open from startsAt (inclusive) to endsAt (exclusive). */
export type ActivityPhase = 'upcoming' | 'running' | 'ended';

export function phaseAt(a: Pick<ActivityDefinition, 'startsAtMs' | 'endsAtMs'>, nowMs: number): ActivityPhase {
  if (nowMs < a.startsAtMs) return 'upcoming';
  if (nowMs < a.endsAtMs) return 'running';
  return 'ended';
}

/** Types whose prizes unlock at a number of qualified invitees (the prize's threshold). */
export const COUNTS_INVITES: readonly ActivityType[] = ['referral', 'vip_share'];
