/**
 * A payment WeChat Pay reports for an order that closed here (paid at the cashier after the close): nothing was
 * granted and the stock went back, so the money must go back. A refund request per item, for the item's amount
 * (together what was paid), is opened as processing — no operator needed — and sent through the refund machinery
 * (refund-settle.ts: sent now, then reconciled until WeChat Pay settles it). Settling withdraws nothing, as the
 * order gave nothing. Repeated notifications open nothing more: an item holds one open request (the unique
 * `active_item_id`).
 */
import { newRefundValues, type RefundServices, sendRefund } from '../refunds';

export const PAID_AFTER_CLOSE_REASON = '订单关闭后才收到支付，全额退回';

/** Opens and sends the refunds of a closed order WeChat Pay says was paid; returns the ids of those opened now. */
export async function refundPaidAfterClose(s: RefundServices, orderNo: string, origin: string): Promise<number[]> {
  const db = s.db.kysely;
  const order = await db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  if (order?.status !== 'close') return [];
  const items = await db.selectFrom('order_goods').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
  const now = s.clock();
  let left = order.total;
  const opened: number[] = [];
  for (const item of items) {
    const amount = Math.min(item.amount, left);
    left -= amount;
    try {
      const row = await db
        .insertInto('refunds')
        .values(
          newRefundValues(s, {
            itemId: item.id,
            orderId: order.id,
            userId: order.user_id,
            amount,
            reason: PAID_AFTER_CLOSE_REASON,
            hold: '',
            origin,
            now,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      opened.push(row.id);
    } catch (e) {
      // Opened by an earlier delivery of the notification: that request is already on its way.
      if (/unique/i.test(String(e))) continue;
      throw e;
    }
  }
  for (const id of opened) await sendRefund(s, id);
  return opened;
}
