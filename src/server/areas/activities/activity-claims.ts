/**
 * Claiming a prize. The checks a user can read about (the window, a bound mobile, the prize's threshold or the
 * type's own condition, content not owned already) come first; then one transaction inserts the claim (unique per
 * activity, prize and user, and per activity, prize and mobile: "one reward per mobile number per prize"; unique
 * idempotency key), takes one unit of stock by a conditional update (never below zero) and grants the prize through
 * the one writer of entitlements or VIP days. A lost race is a 4090 with the reason, never a 500; the same
 * Idempotency-Key answers the first claim again.
 */
import crypto from 'node:crypto';
import type * as activity from '../../../contract/activities';
import type { OutputOf } from '../../../contract/endpoint';
import { contentPathOf, isOwnedKind } from '../../../protocol/owned-content';
import { isUniqueViolation, violatedConstraint } from '../../db/unique-violation';
import type { RequestContext, Services } from '../../http/context';
import { badInput, conflict, notFound } from '../../http/errors';
import { inTransaction } from '../../http/transaction';
import { mobileFingerprint } from '../accounts';
import { defaultAddress } from '../addresses';
import { createPrizeOrder, extendVip, grantContent } from '../orders';
import type { ActivityDefinition, Prize, RulesOf } from './activity-definition';
import { COUNTS_INVITES } from './activity-definition';
import { recordEvent } from './activity-events';
import { qualifiedCount, requalify } from './activity-invites';
import { phaseOf } from './activity-lookup';
import type { ActivityClaimRow } from './tables';

type ClaimServices = Pick<Services, 'db' | 'clock' | 'nowMs' | 'config'>;
const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_.:-]{1,64}$/;

class SoldOut extends Error {}

/** Where a physical prize is shipped: the caller's default address, snapshotted like an order's. */
async function physicalAddress(s: Services, userId: number) {
  const a = await defaultAddress(s, userId);
  if (!a) throw conflict('领取实物奖品前，请先在「我的 - 收货地址」添加收货地址');
  return { name: a.name, mobile: a.mobile, full_address: a.full_address };
}

export function claimViewOf(a: ActivityDefinition, c: ActivityClaimRow): activity.ClaimView {
  const prize = a.prizes.find((p) => p.id === c.prize_id);
  const kind = prize?.kind ?? '';
  return {
    id: c.id,
    activity_id: c.activity_id,
    prize_id: c.prize_id,
    name: prize?.name ?? c.prize_id,
    kind,
    status: c.status as 'granted',
    status_text: c.status === 'revoked' ? '已收回' : '已发放',
    content_path: c.status === 'granted' && prize?.refId && isOwnedKind(kind) ? contentPathOf({ kind, ref_id: prize.refId }) : '',
    created_at: c.created_at,
  };
}

/** Why the user cannot have `prize` of `a` now, or null: what the prize list shows and the claim refuses. */
export async function eligibility(s: ClaimServices, a: ActivityDefinition, prize: Prize, userId: number): Promise<string | null> {
  const db = s.db.kysely;
  if (COUNTS_INVITES.includes(a.type)) {
    await requalify(s, a, userId);
    const have = await qualifiedCount(s, a.id, userId);
    const need = prize.threshold ?? 0;
    if (have < need) return `还差 ${need - have} 位有效好友即可领取`;
  }
  if (a.type === 'register_gift') {
    const me = await db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirstOrThrow();
    const hours = (a.rules as RulesOf['register_gift']).newUserWithinHours;
    if (s.clock() - me.created_at > hours * 3600) return `仅限注册 ${hours} 小时内的新用户领取`;
  }
  if (a.type === 'reciprocity') {
    const picks = (a.rules as RulesOf['reciprocity']).picks;
    const mine = await db
      .selectFrom('activity_claims')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('activity_id', '=', a.id)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(mine.n) >= picks) return `每人最多选 ${picks} 份礼物`;
  }
  if (isOwnedKind(prize.kind) && prize.refId) {
    const owned = await db
      .selectFrom('entitlements')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', prize.kind)
      .where('ref_id', '=', prize.refId)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', s.clock())]))
      .executeTakeFirst();
    if (owned) return `你已拥有「${prize.name}」，无需领取`;
  }
  return null;
}

async function claimByKey(s: ClaimServices, key: string): Promise<ActivityClaimRow | undefined> {
  return s.db.kysely.selectFrom('activity_claims').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** `activity.finish_gift`: the caller claims `prizeId` of `a`. */
export async function claimPrize(
  s: Services & Pick<RequestContext, 'headers'>,
  a: ActivityDefinition,
  userId: number,
  prizeId: string,
): Promise<OutputOf<typeof activity.finishGift>> {
  const prize = a.prizes.find((p) => p.id === prizeId);
  if (!prize) throw notFound(`奖品 ${prizeId} `);
  const header = s.headers['idempotency-key'];
  const given = typeof header === 'string' ? header : '';
  if (given && !IDEMPOTENCY_KEY_RE.test(given)) throw badInput('请求头 Idempotency-Key 须为 1–64 个字母、数字或 _.:-');
  const key = given ? `u${userId}:${given}` : `u${userId}:${crypto.randomUUID()}`;
  if (given) {
    const first = await claimByKey(s, key);
    if (first) {
      if (first.activity_id !== a.id || first.prize_id !== prizeId) throw conflict('同一个 Idempotency-Key 不能用于另一次领取');
      return { claim: claimViewOf(a, first), replayed: 1 };
    }
  }
  const phase = phaseOf(s, a);
  if (phase === 'upcoming') throw conflict('活动尚未开始');
  if (phase === 'ended') throw conflict('活动已结束');
  const db = s.db.kysely;
  const me = await db.selectFrom('users').select(['mobile']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (!me.mobile) throw conflict('请先绑定手机号再领取');
  const address = prize.kind === 'physical' ? await physicalAddress(s, userId) : null;
  const already = await db
    .selectFrom('activity_claims')
    .select('user_id')
    .where('activity_id', '=', a.id)
    .where('prize_id', '=', prizeId)
    // The number itself, or its fingerprint kept on the claims of a deleted account that had it.
    .where((eb) =>
      eb.or([
        eb('user_id', '=', userId),
        eb('mobile', 'in', [me.mobile as string, mobileFingerprint(s.config.jwtSecret, me.mobile as string)]),
      ]),
    )
    .executeTakeFirst();
  if (already) throw conflict(already.user_id === userId ? '你已领取过该奖品' : '该手机号已领取过该奖品');
  const why = await eligibility(s, a, prize, userId);
  if (why) throw conflict(why);

  const now = s.clock();
  let claim: ActivityClaimRow;
  try {
    claim = await inTransaction(s, async (tx) => {
      const row = await tx.db.kysely
        .insertInto('activity_claims')
        .values({
          activity_id: a.id,
          prize_id: prizeId,
          user_id: userId,
          mobile: me.mobile as string,
          idempotency_key: key,
          status: 'granted',
          order_id: null,
          created_at: now,
          revoked_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const taken = await tx.db.kysely
        .updateTable('activity_prizes')
        .set((eb) => ({ stock_left: eb('stock_left', '-', 1) }))
        .where('activity_id', '=', a.id)
        .where('prize_id', '=', prizeId)
        .where('stock_left', '>=', 1)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw new SoldOut();
      if (isOwnedKind(prize.kind) && prize.refId)
        await grantContent(tx, userId, prize.kind, prize.refId, { source: 'activity', orderId: null }, now);
      if (prize.kind === 'vip_days' && prize.vipType && prize.days) await extendVip(tx, userId, prize.vipType, prize.days, 'activity', now);
      if (prize.kind === 'physical' && prize.goodId && address) {
        const orderId = await createPrizeOrder(
          tx as Services,
          { userId, goodId: prize.goodId, address, remark: `活动奖品：${a.title}` },
          now,
        );
        await tx.db.kysely.updateTable('activity_claims').set({ order_id: orderId }).where('id', '=', row.id).execute();
        return { ...row, order_id: orderId };
      }
      return row;
    });
  } catch (e) {
    if (e instanceof SoldOut) throw conflict(`「${prize.name}」已领完`);
    if (!isUniqueViolation(e)) throw e;
    const which = violatedConstraint(e);
    if (given && /idempotency_key/.test(which)) {
      const first = await claimByKey(s, key);
      if (first) return { claim: claimViewOf(a, first), replayed: 1 };
    }
    if (/mobile/.test(which)) throw conflict('该手机号已领取过该奖品');
    throw conflict('你已领取过该奖品');
  }
  await recordEvent(s, { activityId: a.id, kind: 'claimed', userId, dedupeKey: `claimed:${claim.id}`, detail: { prize: prizeId } });
  return { claim: claimViewOf(a, claim), replayed: 0 };
}

/** `activity.own_gift`: the caller's claims in `a`. */
export async function ownClaims(s: Pick<Services, 'db'>, a: ActivityDefinition, userId: number): Promise<activity.ClaimView[]> {
  const rows = await s.db.kysely
    .selectFrom('activity_claims')
    .selectAll()
    .where('activity_id', '=', a.id)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((c) => claimViewOf(a, c));
}
