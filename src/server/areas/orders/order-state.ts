/**
 * The order state machine, the only writer of `orders.status`: pending → paid, pending → close, nothing else.
 * Each move is one conditional UPDATE (`WHERE status = 'pending'`) inside a transaction, so of any number of racing
 * callers (two app servers, a payment notification and a timeout) exactly one wins; the winner alone grants what
 * was bought (paid) or returns the reserved stock (close).
 */
import type { Services } from '../../http/context';
import { inTransaction } from '../../http/transaction';
import { grantOrder } from './order-grants';

export type OrderStatus = 'pending' | 'paid' | 'close';
export type CloseReason = 'user' | 'timeout';

/** Every move the machine allows. */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = { pending: ['paid', 'close'], paid: [], close: [] };

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Why a move from `from` is refused, in the words a learner reads. */
export function refusalOf(from: OrderStatus, to: OrderStatus): string {
  if (from === 'paid') return to === 'close' ? '订单已支付，不能关闭' : '订单已支付';
  if (from === 'close') return to === 'paid' ? '订单已关闭，不能支付' : '订单已关闭';
  return '订单状态不允许这样操作';
}

async function move(tx: Services, orderId: number, to: 'paid' | 'close', set: Record<string, unknown>): Promise<boolean> {
  const res = await tx.db.kysely
    .updateTable('orders')
    .set({ status: to, ...set })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks a pending order paid and grants its goods, once. Returns false when it was not pending (nothing changes). */
export async function markPaid(s: Services, orderId: number, now: number): Promise<boolean> {
  if (!(await inTransaction(s, (tx) => markPaidIn(tx, orderId, now)))) return false;
  // Announced once committed (an activity may count the buyer's first payment).
  const o = await s.db.kysely.selectFrom('orders').select(['user_id', 'total']).where('id', '=', orderId).executeTakeFirstOrThrow();
  if (o.total > 0) await s.hooks.emit('paid', { userId: o.user_id, orderId });
  return true;
}

/** markPaid inside the caller's transaction (order creation pays a free order in the transaction that makes it). */
export async function markPaidIn(tx: Services, orderId: number, now: number): Promise<boolean> {
  if (!(await move(tx, orderId, 'paid', { paid_at: now }))) return false;
  const db = tx.db.kysely;
  const order = await db.selectFrom('orders').select(['user_id']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom('order_goods')
    .select(['good_id', 'kind', 'ref_id', 'vip_type', 'vip_days', 'quantity'])
    .where('order_id', '=', orderId)
    .execute();
  await grantOrder(tx, order.user_id, orderId, lines, now);
  for (const l of lines) {
    await db
      .updateTable('goods')
      .set((eb) => ({ sales_volume: eb('sales_volume', '+', l.quantity) }))
      .where('id', '=', l.good_id)
      .execute();
  }
  return true;
}

/** Closes a pending order and returns its reserved stock, once. Returns false when it was not pending. */
export async function markClosed(s: Services, orderId: number, reason: CloseReason, now: number): Promise<boolean> {
  return inTransaction(s, async (tx) => {
    if (!(await move(tx, orderId, 'close', { closed_at: now, close_reason: reason }))) return false;
    const db = tx.db.kysely;
    const lines = await db.selectFrom('order_goods').select(['good_id', 'quantity']).where('order_id', '=', orderId).execute();
    for (const l of lines) {
      await db
        .updateTable('goods')
        .set((eb) => ({ stock: eb('stock', '+', l.quantity) }))
        .where('id', '=', l.good_id)
        .where('stock', '>=', 0)
        .execute();
    }
    return true;
  });
}
