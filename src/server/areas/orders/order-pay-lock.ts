/**
 * One payment operation per order at a time. Asking WeChat Pay for a prepay (pay, h5_pay) and closing an order that
 * may have one (close, the automatic close) each take a short lease on the order row first, by a conditional update
 * that only one caller can win on either database, across app servers. Without it a close could slip between a pay
 * call's check and its prepay, leaving a payable WeChat Pay transaction behind a closed order.
 */
import crypto from 'node:crypto';
import type { Services } from '../../http/context';
import { conflict } from '../../http/errors';

/** Long enough for a WeChat Pay call (the client times out sooner); a crashed holder's lease lapses by itself. */
export const PAY_LOCK_SECONDS = 30;
export const PAY_LOCK_BUSY = '订单正在处理支付，请稍后再试';

/** Runs `work` holding the order's lease; returns null (without running it) when someone else holds it. */
export async function tryWithPayLock<T>(s: Services, orderId: number, work: () => Promise<T>): Promise<{ value: T } | null> {
  const db = s.db.kysely;
  const owner = crypto.randomBytes(8).toString('hex');
  const now = s.clock();
  const won = await db
    .updateTable('orders')
    .set({ pay_lock_until: now + PAY_LOCK_SECONDS, pay_lock_owner: owner })
    .where('id', '=', orderId)
    .where('pay_lock_until', '<=', now)
    .executeTakeFirst();
  if (Number(won.numUpdatedRows) !== 1) return null;
  try {
    return { value: await work() };
  } finally {
    await db
      .updateTable('orders')
      .set({ pay_lock_until: 0, pay_lock_owner: '' })
      .where('id', '=', orderId)
      .where('pay_lock_owner', '=', owner)
      .execute();
  }
}

/** As tryWithPayLock, refusing with a 409 the learner can act on when the order is busy. */
export async function withPayLock<T>(s: Services, orderId: number, work: () => Promise<T>): Promise<T> {
  const r = await tryWithPayLock(s, orderId, work);
  if (!r) throw conflict(PAY_LOCK_BUSY);
  return r.value;
}
