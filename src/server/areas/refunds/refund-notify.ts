/**
 * WeChat Pay's refund notifications (POST /api/pay/notify/wechat/refund, the notify_url of every refund we send;
 * events REFUND.SUCCESS, REFUND.ABNORMAL, REFUND.CLOSED). Verified exactly as payment notifications are (the same
 * `openNotification`: known serial, timestamp within 5 minutes, signature over the raw body, then decryption), then
 * checked against our request — merchant, order number, refund number, refunded amount and the order's total — before
 * its word is applied (areas/refunds/order-refund.ts: SUCCESS settles the request and withdraws the entitlement once).
 * Answers 204 when handled (also for a repeat), 4xx with `{code: FAIL}` otherwise, and nothing changes then.
 */
import type { Services } from '../../http/context';
import { fail, type NotifyAnswer, openNotification } from '../../providers/pay/notification';
import { applyRefundWord } from './refund-settle';

/** The decrypted resource of a refund notification (WeChat Pay API v3, 退款结果通知). */
export interface RefundResource {
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  out_refund_no?: string;
  refund_id?: string;
  refund_status?: string;
  amount?: { total?: number; refund?: number; payer_total?: number; payer_refund?: number };
}

export async function handleRefundNotification(
  s: Services,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  log: { warn: (o: object, m: string) => void; error: (o: object, m: string) => void },
): Promise<NotifyAnswer> {
  const opened = await openNotification<RefundResource>(s, headers, rawBody, log, (t) => t.startsWith('REFUND.'));
  if ('answer' in opened) return opened.answer;
  const n = opened.resource;
  const db = s.db.kysely;
  const r = n.out_refund_no
    ? await db.selectFrom('refunds').selectAll().where('out_refund_no', '=', n.out_refund_no).executeTakeFirst()
    : undefined;
  if (!r) {
    log.warn({ out_refund_no: n.out_refund_no }, 'wechat pay refund notification: unknown refund');
    return fail(404, '退款单不存在');
  }
  const order = await db.selectFrom('orders').select(['order_no', 'total']).where('id', '=', r.order_id).executeTakeFirstOrThrow();
  const pay = await s.providers.pay();
  if (n.mchid !== pay.mchid || n.out_trade_no !== order.order_no || n.amount?.refund !== r.amount || n.amount?.total !== order.total) {
    log.warn({ out_refund_no: r.out_refund_no }, 'wechat pay refund notification does not match our refund');
    return fail(400, '商户号、订单号或金额与退款申请不符');
  }
  const result = await applyRefundWord(s, r, {
    out_refund_no: n.out_refund_no,
    refund_id: n.refund_id,
    status: n.refund_status,
    amount: { refund: n.amount?.refund },
  });
  if (result === 'not_processing') {
    // WeChat Pay speaks of a refund we never sent (waiting for review, or rejected): an operator must look at it.
    log.error(
      { out_refund_no: r.out_refund_no, status: r.status, refund_status: n.refund_status },
      'refund notification for a request not sent',
    );
    return fail(409, '退款申请不在退款中');
  }
  if (result === 'mismatch') return fail(400, '退款单号或金额与退款申请不符');
  return { status: 204 };
}
