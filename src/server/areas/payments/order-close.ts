/**
 * Closing an order that may have been sent to WeChat Pay: WeChat Pay is asked first (the learner may have paid a
 * moment ago: then the order becomes paid and the close is refused), the transaction is closed there so it can no
 * longer be paid, and only then the state machine closes it here (returning the stock). An order never sent to
 * WeChat Pay closes at once.
 */
import type { OutputOf } from '../../../contract/endpoint';
import type * as order from '../../../contract/orders';
import type { Services } from '../../http/context';
import { conflict } from '../../http/errors';
import { wechatCodeOf } from '../../providers/pay/wechatpay-client';
import {
  type CloseReason,
  markClosed,
  type OrderRow,
  type OrderStatus,
  orderDetail,
  ownOrder,
  refusalOf,
  sentToWechat,
  tryWithPayLock,
  withPayLock,
} from '../orders';
import { applyVerdict } from './order-pay';

/**
 * Returns true when this caller closed it; throws a 4090 for a user whose order is no longer pending or is being
 * paid this moment. Holds the order's payment lease, so no prepay can be made while it closes; the automatic close
 * skips a busy order (the next sweep takes it).
 */
export async function closeWithWechat(s: Services, order: Pick<OrderRow, 'id'>, reason: CloseReason): Promise<boolean> {
  if (reason === 'user') return withPayLock(s, order.id, () => closeLocked(s, order.id, reason));
  return (await tryWithPayLock(s, order.id, () => closeLocked(s, order.id, reason)))?.value ?? false;
}

async function closeLocked(s: Services, orderId: number, reason: CloseReason): Promise<boolean> {
  const o = await s.db.kysely.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const refuse = async () => {
    if (reason !== 'user') return false;
    const fresh = await s.db.kysely.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow();
    throw conflict(refusalOf(fresh.status as OrderStatus, 'close'));
  };
  if (o.status !== 'pending') return refuse();
  if (await sentToWechat(s, o.id)) {
    const pay = await s.providers.pay();
    const tx = await pay.client.query(o.order_no);
    if (tx && (tx.trade_state === 'SUCCESS' || tx.trade_state === 'REFUND')) {
      await applyVerdict(s, tx);
      return refuse();
    }
    if (tx && tx.trade_state !== 'CLOSED') {
      try {
        await pay.client.close(o.order_no);
      } catch (e) {
        // Paid between our query and the close: WeChat Pay's word wins (asked again, signed, so an unsigned hint will do).
        if (wechatCodeOf(e, true) === 'ORDER_PAID') {
          const again = await pay.client.query(o.order_no);
          if (again) await applyVerdict(s, again);
          return refuse();
        }
        throw e;
      }
    }
  }
  if (await markClosed(s, o.id, reason, s.clock())) return true;
  return refuse();
}

/** `order.close`: the caller closes one of their pending orders; the reply is the order as it now is. */
export async function closeOrder(s: Services, userId: number, id: number): Promise<OutputOf<typeof order.close>> {
  const row = await ownOrder(s, userId, id);
  await closeWithWechat(s, row, 'user');
  return orderDetail(s, userId, id);
}
