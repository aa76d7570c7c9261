/**
 * Expired orders that never reached WeChat Pay: closed here without asking it (what a read of the user's orders may
 * do before answering). An order that was sent there is left to the payment jobs, which ask WeChat Pay first.
 */
import type { Services } from '../../http/context';
import { tryWithPayLock } from './order-pay-lock';
import { markClosed } from './order-state';

/** Whether a prepay was ever asked of WeChat Pay for this order. */
export async function sentToWechat(s: Services, orderId: number): Promise<boolean> {
  const p = await s.db.kysely.selectFrom('order_payments').select('id').where('order_id', '=', orderId).executeTakeFirst();
  return Boolean(p);
}

/**
 * Closes an expired order that was never sent to WeChat Pay, without asking it (what a read may do); one that was is
 * left to the sweeper. Returns true when this caller closed it.
 */
export async function closeUnsent(s: Services, orderId: number): Promise<boolean> {
  const closed = await tryWithPayLock(s, orderId, async () => {
    if (await sentToWechat(s, orderId)) return false;
    return markClosed(s, orderId, 'timeout', s.clock());
  });
  return closed?.value ?? false;
}

/**
 * What a read may do: closes the user's expired orders that were never sent to WeChat Pay (no call to it); the
 * others show as closing until the sweeper has asked WeChat Pay.
 */
export async function closeUserOverdueUnsent(s: Services, userId: number): Promise<void> {
  const due = await s.db.kysely
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', s.clock())
    .execute();
  for (const o of due) await closeUnsent(s, o.id);
}
