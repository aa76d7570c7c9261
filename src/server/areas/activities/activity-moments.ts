/**
 * What the activities do when other areas announce a moment (src/server/http/hooks.ts): a bound mobile, a study action
 * or a first payment qualifies the invites waiting for it; a refund of the order that qualified an invitee makes the invite
 * invalid, and the referrer's rewards above their new count are revoked (the grant withdrawn through the orders
 * area's one writer, the unit back in stock, a `revoked` event in the ledger).
 */

import { isOwnedKind } from '../../../protocol/owned-content';
import type { Services } from '../../http/context';
import { inTransaction } from '../../http/transaction';
import { withdrawContent, withdrawVip } from '../orders';
import type { ActivityDefinition } from './activity-definition';
import { recordEvent } from './activity-events';
import { afterMobileBound, qualifiedCount, tryQualify } from './activity-invites';
import type { InviteReason } from './invite-rules';
import type { ActivityClaimRow } from './tables';

type MomentServices = Pick<Services, 'db' | 'clock' | 'nowMs' | 'activities' | 'config'>;

async function waitingFor(s: MomentServices, userId: number, reason: InviteReason) {
  return s.db.kysely
    .selectFrom('activity_invites')
    .selectAll()
    .where('invitee_id', '=', userId)
    .where('status', '=', 'pending')
    .where('reason', '=', reason)
    .execute();
}

/**
 * A mobile bound by `userId`: their invites waiting for one move on at once: invalid when the number belonged to a
 * deleted account, qualified when the activity asks nothing more (within the referrer's daily cap), else waiting for
 * the activity's next condition.
 */
export async function onMobileBound(s: MomentServices, userId: number): Promise<void> {
  const me = await s.db.kysely.selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirst();
  if (!me?.mobile) return;
  for (const invite of await waitingFor(s, userId, 'needs_mobile')) {
    const a = s.activities.get(invite.activity_id);
    if (a) await afterMobileBound(s, a, invite, me.mobile);
  }
}

/** A study action of `userId`: their invites waiting for one qualify. */
export async function onStudied(s: MomentServices, userId: number): Promise<void> {
  for (const invite of await waitingFor(s, userId, 'needs_study')) {
    const a = s.activities.get(invite.activity_id);
    if (a) await tryQualify(s, a, invite);
  }
}

/** A paid order of `userId`: their invites waiting for a first payment qualify, remembering the order. */
export async function onPaid(s: MomentServices, userId: number, orderId: number): Promise<void> {
  for (const invite of await waitingFor(s, userId, 'needs_payment')) {
    const a = s.activities.get(invite.activity_id);
    if (!a) continue;
    await s.db.kysely
      .updateTable('activity_invites')
      .set({ qualifying_order_id: orderId })
      .where('id', '=', invite.id)
      .where('qualifying_order_id', 'is', null)
      .execute();
    await tryQualify(s, a, { ...invite, qualifying_order_id: orderId });
  }
}

/** One claim taken back, once: status, grant, stock and ledger in one transaction. */
async function revokeClaim(s: MomentServices, a: ActivityDefinition, c: ActivityClaimRow): Promise<void> {
  const prize = a.prizes.find((p) => p.id === c.prize_id);
  const now = s.clock();
  const revoked = await inTransaction(s, async (tx) => {
    const moved = await tx.db.kysely
      .updateTable('activity_claims')
      .set({ status: 'revoked', revoked_at: now })
      .where('id', '=', c.id)
      .where('status', '=', 'granted')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    if (prize && isOwnedKind(prize.kind) && prize.refId) await withdrawContent(tx, c.user_id, prize.kind, prize.refId);
    if (prize?.kind === 'vip_days' && prize.vipType && prize.days) await withdrawVip(tx, c.user_id, prize.vipType, prize.days, now);
    await tx.db.kysely
      .updateTable('activity_prizes')
      .set((eb) => ({ stock_left: eb('stock_left', '+', 1) }))
      .where('activity_id', '=', a.id)
      .where('prize_id', '=', c.prize_id)
      .execute();
    return true;
  });
  if (revoked)
    await recordEvent(s, {
      activityId: a.id,
      kind: 'revoked',
      userId: c.user_id,
      dedupeKey: `revoked:${c.id}`,
      detail: { prize: c.prize_id },
    });
}

/** The referrer's granted rewards whose threshold is now above their qualified count are revoked. */
export async function revokeBeyondProgress(s: MomentServices, a: ActivityDefinition, referrerId: number): Promise<void> {
  const have = await qualifiedCount(s, a.id, referrerId);
  const claims = await s.db.kysely
    .selectFrom('activity_claims')
    .selectAll()
    .where('activity_id', '=', a.id)
    .where('user_id', '=', referrerId)
    .where('status', '=', 'granted')
    .execute();
  for (const c of claims) {
    const prize = a.prizes.find((p) => p.id === c.prize_id);
    if ((prize?.threshold ?? 0) > have) await revokeClaim(s, a, c);
  }
}

/** A refund of `orderId` (bought by `userId`): the invites it qualified become invalid, and rewards above the count go. */
export async function onRefunded(s: MomentServices, userId: number, orderId: number): Promise<void> {
  const qualified = await s.db.kysely
    .selectFrom('activity_invites')
    .selectAll()
    .where('invitee_id', '=', userId)
    .where('qualifying_order_id', '=', orderId)
    .where('status', '=', 'qualified')
    .execute();
  for (const invite of qualified) {
    const a = s.activities.get(invite.activity_id);
    const moved = await s.db.kysely
      .updateTable('activity_invites')
      .set({ status: 'invalid', reason: 'order_refunded' })
      .where('id', '=', invite.id)
      .where('status', '=', 'qualified')
      .executeTakeFirst();
    if (!a || Number(moved.numUpdatedRows) !== 1) continue;
    await recordEvent(s, {
      activityId: a.id,
      kind: 'revoked',
      userId: invite.referrer_id,
      subjectId: userId,
      dedupeKey: `invite-refunded:${invite.id}`,
      detail: { order: orderId },
    });
    await revokeBeyondProgress(s, a, invite.referrer_id);
  }
}
