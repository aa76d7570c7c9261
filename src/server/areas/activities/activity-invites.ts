/**
 * Invites: who brought whom into an activity. The caller is the invitee; only a new user can be invited, never by
 * themselves or by someone they invited (up the chain), and each invitee counts for the first referrer only (a unique
 * row). An invitee counts toward the referrer's prizes once qualified by the activity's rule (a bound mobile here;
 * a first study action or payment waits for those events), within the referrer's daily cap on the Asia/Shanghai day
 * (one conditional update of a per-day counter). The signup IP and user agent are kept for audit, and new invitees
 * from one IP or device beyond the hourly limits are recorded as invalid with the reason. A mobile that belonged to a
 * deleted account is not a new user's: such an invitee is recorded as invalid (returning_mobile), when the invite is
 * made or when the mobile is bound later.
 */
import type * as activity from '../../../contract/activities';
import type { OutputOf } from '../../../contract/endpoint';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Services } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { inTransaction } from '../../http/transaction';
import { maskMobile, mobileWasDeleted } from '../accounts';
import type { ActivityDefinition, RulesOf } from './activity-definition';
import { recordEvent } from './activity-events';
import { phaseOf } from './activity-lookup';
import {
  chinaDay,
  DEFAULT_PER_DEVICE_HOUR,
  DEFAULT_PER_IP_HOUR,
  INVITEE_NEW_SECONDS,
  type InviteReason,
  inviteStatusText,
  LOOP_DEPTH,
} from './invite-rules';
import type { ActivityInviteRow } from './tables';

type InviteServices = Pick<Services, 'db' | 'clock' | 'nowMs' | 'config'>;

export interface InviteRequest {
  referrerId: number;
  source: 'link' | 'poster' | 'qr';
  ip: string;
  userAgent: string;
  deviceId: string;
}

/** Whether `invitee` sits above `referrer` in the chain of referrers (any activity): inviting would close a loop. */
async function closesLoop(s: InviteServices, referrerId: number, inviteeId: number): Promise<boolean> {
  let current = referrerId;
  for (let depth = 0; depth < LOOP_DEPTH; depth++) {
    const up = await s.db.kysely
      .selectFrom('activity_invites')
      .select('referrer_id')
      .where('invitee_id', '=', current)
      .orderBy('id')
      .executeTakeFirst();
    if (!up) return false;
    if (up.referrer_id === inviteeId) return true;
    current = up.referrer_id;
  }
  return false;
}

/** What the activity asks before an invitee counts, for one with a bound mobile or not. */
export function waitingReason(a: ActivityDefinition, hasMobile: boolean): InviteReason | null {
  if (!hasMobile) return 'needs_mobile';
  if (a.type !== 'referral') return null;
  const by = (a.rules as RulesOf['referral']).qualifyBy;
  if (by === 'first_study') return 'needs_study';
  if (by === 'first_payment') return 'needs_payment';
  return null;
}

function dailyCapOf(a: ActivityDefinition): number {
  return (a.rules as { dailyCap?: number }).dailyCap ?? Number.MAX_SAFE_INTEGER;
}

/**
 * Moves a pending invite to qualified when the referrer's count for today is below the cap: the counter is one
 * conditional update and the invite one conditional move, in one transaction. Returns the invite's status after.
 */
export async function tryQualify(s: InviteServices, a: ActivityDefinition, invite: ActivityInviteRow): Promise<string> {
  const now = s.clock();
  const day = chinaDay(now);
  const key = `day:${day}`;
  const qualified = await inTransaction(s, async (tx) => {
    const db = tx.db.kysely;
    await db
      .insertInto('activity_participations')
      .values({ activity_id: a.id, user_id: invite.referrer_id, instance_key: key, progress: 0, created_at: now })
      .onConflict((oc) => oc.columns(['activity_id', 'user_id', 'instance_key']).doNothing())
      .execute();
    const counted = await db
      .updateTable('activity_participations')
      .set((eb) => ({ progress: eb('progress', '+', 1) }))
      .where('activity_id', '=', a.id)
      .where('user_id', '=', invite.referrer_id)
      .where('instance_key', '=', key)
      .where('progress', '<', dailyCapOf(a))
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) !== 1) return false;
    const moved = await db
      .updateTable('activity_invites')
      .set({ status: 'qualified', reason: '', qualified_at: now, qualified_day: day })
      .where('id', '=', invite.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    // Someone else qualified it meanwhile: this transaction's count is rolled back with it.
    if (Number(moved.numUpdatedRows) !== 1) throw new QualifiedMeanwhile();
    return true;
  }).catch((e: unknown) => {
    if (e instanceof QualifiedMeanwhile) return false;
    throw e;
  });
  if (qualified) {
    await recordEvent(s, {
      activityId: a.id,
      kind: 'qualified',
      userId: invite.referrer_id,
      subjectId: invite.invitee_id,
      dedupeKey: `qualified:${a.id}:${invite.invitee_id}`,
    });
    return 'qualified';
  }
  const fresh = await s.db.kysely.selectFrom('activity_invites').select('status').where('id', '=', invite.id).executeTakeFirstOrThrow();
  if (fresh.status === 'pending') {
    await s.db.kysely
      .updateTable('activity_invites')
      .set({ reason: 'daily_cap' })
      .where('id', '=', invite.id)
      .where('status', '=', 'pending')
      .execute();
  }
  return fresh.status;
}

class QualifiedMeanwhile extends Error {}

/** Gives the referrer's waiting invites another chance (a new China day, or a mobile bound since). */
export async function requalify(s: InviteServices, a: ActivityDefinition, referrerId: number): Promise<void> {
  const waiting = await s.db.kysely
    .selectFrom('activity_invites as i')
    .innerJoin('users as u', 'u.id', 'i.invitee_id')
    .selectAll('i')
    .select('u.mobile as invitee_mobile')
    .where('i.activity_id', '=', a.id)
    .where('i.referrer_id', '=', referrerId)
    .where('i.status', '=', 'pending')
    .orderBy('i.id')
    .execute();
  for (const w of waiting) {
    const { invitee_mobile, ...invite } = w;
    // Met the condition but the referrer's day was full: try again (a new China day lets it through).
    if (w.reason === 'daily_cap') {
      await tryQualify(s, a, invite);
      continue;
    }
    if (w.reason === 'needs_mobile') {
      if (invitee_mobile) await afterMobileBound(s, a, invite, invitee_mobile);
      continue;
    }
    const why = waitingReason(a, Boolean(invitee_mobile));
    if (why) {
      if (w.reason !== why) await s.db.kysely.updateTable('activity_invites').set({ reason: why }).where('id', '=', w.id).execute();
      continue;
    }
    await tryQualify(s, a, invite);
  }
}

/**
 * An invite waiting for its invitee's mobile, now bound: invalid when the number belonged to a deleted account (the same
 * person registering again, not a new user); else it waits for the activity's next condition, or qualifies.
 */
export async function afterMobileBound(s: InviteServices, a: ActivityDefinition, invite: ActivityInviteRow, mobile: string): Promise<void> {
  const db = s.db.kysely;
  if (await mobileWasDeleted(s, mobile)) {
    await db
      .updateTable('activity_invites')
      .set({ status: 'invalid', reason: 'returning_mobile' })
      .where('id', '=', invite.id)
      .where('status', '=', 'pending')
      .execute();
    return;
  }
  const next = waitingReason(a, true);
  if (next) await db.updateTable('activity_invites').set({ reason: next }).where('id', '=', invite.id).execute();
  else await tryQualify(s, a, invite);
}

/** `activity.invite`: the caller (invitee) accepts `referrerId`'s invite into `a`. */
export async function acceptInvite(
  s: InviteServices,
  a: ActivityDefinition,
  inviteeId: number,
  req: InviteRequest,
): Promise<OutputOf<typeof activity.invite>> {
  const phase = phaseOf(s, a);
  if (phase !== 'running') throw conflict(phase === 'upcoming' ? '活动尚未开始' : '活动已结束');
  if (req.referrerId === inviteeId) throw conflict('不能邀请自己');
  const db = s.db.kysely;
  const referrer = await db.selectFrom('users').select('id').where('id', '=', req.referrerId).executeTakeFirst();
  if (!referrer) throw notFound(`邀请人 id ${req.referrerId} `);
  const existing = await db
    .selectFrom('activity_invites')
    .selectAll()
    .where('activity_id', '=', a.id)
    .where('invitee_id', '=', inviteeId)
    .executeTakeFirst();
  if (existing) {
    if (existing.referrer_id !== req.referrerId) throw conflict('你已接受过其他好友的邀请');
    return { status: existing.status as 'pending', status_text: inviteStatusText(existing.status, existing.reason) };
  }
  const me = await db.selectFrom('users').select(['created_at', 'mobile']).where('id', '=', inviteeId).executeTakeFirstOrThrow();
  const now = s.clock();
  if (now - me.created_at > INVITEE_NEW_SECONDS) throw conflict('只有新注册的用户才能接受邀请');
  if (await closesLoop(s, req.referrerId, inviteeId)) throw conflict('不能互相邀请');

  const rules = a.rules as { registrationsPerIpHour?: number; registrationsPerDeviceHour?: number };
  const recent = (column: 'ip' | 'device_id', value: string) =>
    db
      .selectFrom('activity_invites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('activity_id', '=', a.id)
      .where(column, '=', value)
      .where('created_at', '>', now - 3600)
      .executeTakeFirstOrThrow();
  let invalid: InviteReason | null = me.mobile && (await mobileWasDeleted(s, me.mobile)) ? 'returning_mobile' : null;
  if (!invalid && req.ip && Number((await recent('ip', req.ip)).n) >= (rules.registrationsPerIpHour ?? DEFAULT_PER_IP_HOUR))
    invalid = 'ip_limit';
  if (
    !invalid &&
    req.deviceId &&
    Number((await recent('device_id', req.deviceId)).n) >= (rules.registrationsPerDeviceHour ?? DEFAULT_PER_DEVICE_HOUR)
  )
    invalid = 'device_limit';

  const waiting = waitingReason(a, Boolean(me.mobile));
  let row: ActivityInviteRow;
  try {
    row = await db
      .insertInto('activity_invites')
      .values({
        activity_id: a.id,
        referrer_id: req.referrerId,
        invitee_id: inviteeId,
        source: req.source,
        status: invalid ? 'invalid' : 'pending',
        reason: invalid ?? waiting ?? '',
        ip: req.ip.slice(0, 64),
        user_agent: req.userAgent.slice(0, 256),
        device_id: req.deviceId.slice(0, 64),
        created_at: now,
        qualified_at: null,
        qualified_day: '',
        qualifying_order_id: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (e) {
    // A parallel call recorded it first: answer as the first one did.
    if (!isUniqueViolation(e)) throw e;
    return acceptInvite(s, a, inviteeId, req);
  }
  await recordEvent(s, {
    activityId: a.id,
    kind: 'invited',
    userId: req.referrerId,
    subjectId: inviteeId,
    dedupeKey: `invited:${a.id}:${inviteeId}`,
    detail: { source: req.source, ip: req.ip, device: req.deviceId },
  });
  const status = !invalid && !waiting ? await tryQualify(s, a, row) : row.status;
  const fresh = await db.selectFrom('activity_invites').select(['status', 'reason']).where('id', '=', row.id).executeTakeFirstOrThrow();
  return { status: status as 'pending', status_text: inviteStatusText(fresh.status, fresh.reason) };
}

/** `activity.invite_record`: the referrer's invitees, newest first, masked. */
export async function listInvites(
  s: InviteServices,
  a: ActivityDefinition,
  referrerId: number,
  page: { offset: number; count: number },
): Promise<OutputOf<typeof activity.inviteRecord>> {
  await requalify(s, a, referrerId);
  const rows = await s.db.kysely
    .selectFrom('activity_invites as i')
    .innerJoin('users as u', 'u.id', 'i.invitee_id')
    .select(['i.status', 'i.reason', 'i.created_at', 'u.nickname', 'u.avatar', 'u.mobile'])
    .where('i.activity_id', '=', a.id)
    .where('i.referrer_id', '=', referrerId)
    .orderBy('i.id', 'desc')
    .offset(page.offset)
    .limit(page.count)
    .execute();
  return rows.map((r) => ({
    nickname: r.nickname,
    avatar: r.avatar,
    mobile: r.mobile ? maskMobile(r.mobile) : '',
    status: r.status as 'pending',
    status_text: inviteStatusText(r.status, r.reason),
    created_at: r.created_at,
  }));
}

/** `inviteeId`'s invite into `activityId` as they see it ('' status when they were not invited). */
export async function inviteOfInvitee(
  s: Pick<Services, 'db'>,
  activityId: number,
  inviteeId: number,
): Promise<{ status: string; status_text: string }> {
  const row = await s.db.kysely
    .selectFrom('activity_invites')
    .select(['status', 'reason'])
    .where('activity_id', '=', activityId)
    .where('invitee_id', '=', inviteeId)
    .executeTakeFirst();
  return row ? { status: row.status, status_text: inviteStatusText(row.status, row.reason) } : { status: '', status_text: '' };
}

/** The referrer's invitees that count (qualified). */
export async function qualifiedCount(s: Pick<Services, 'db'>, activityId: number, referrerId: number): Promise<number> {
  const r = await s.db.kysely
    .selectFrom('activity_invites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('activity_id', '=', activityId)
    .where('referrer_id', '=', referrerId)
    .where('status', '=', 'qualified')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
