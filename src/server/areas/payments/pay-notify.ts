/**
 * WeChat Pay's payment notifications (POST /api/pay/notify/wechat, raw body): verified before anything else (the
 * serial must be known, the timestamp within 5 minutes, the signature right over `timestamp\nnonce\nbody\n`; probes
 * fail like any bad signature), then the resource is decrypted with the APIv3 key and the transaction checked against
 * our order (merchant, app, amount) before the state machine marks it paid, exactly once however often it comes.
 * Answers: 204 when handled (also for a repeat), 4xx with `{code: FAIL}` otherwise (WeChat Pay then retries).
 */
import type { Services } from '../../http/context';
import { fail, type NotifyAnswer, type NotifyLog, openNotification } from '../../providers/pay/notification';
import { refundPaidAfterClose } from './order-paid-after-close';
import { applyVerdict, type WechatVerdict } from './order-pay';

/**
 * `origin` is this server's, as WeChat Pay reached it (the notify URL of a refund opened here). A payment of an order
 * that closed here is logged as an error and refunded in full before the 204 (a failure answers 500: WeChat Pay
 * sends it again).
 */
export async function handlePayNotification(
  s: Services,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  log: NotifyLog,
  origin: string,
): Promise<NotifyAnswer> {
  const opened = await openNotification<WechatVerdict>(s, headers, rawBody, log, (t) => t === 'TRANSACTION.SUCCESS');
  if ('answer' in opened) return opened.answer;
  const tx = opened.resource;
  const result = await applyVerdict(s, tx);
  if (result === 'paid' || result === 'already' || result === 'not_success') return { status: 204 };
  if (result === 'paid_after_close') {
    log.error(
      { out_trade_no: tx.out_trade_no, transaction_id: tx.transaction_id },
      'wechat pay: an order closed here was paid; refunding it in full',
    );
    await refundPaidAfterClose(s, tx.out_trade_no, origin);
    return { status: 204 };
  }
  log.warn({ out_trade_no: tx.out_trade_no, result }, 'wechat pay notification does not match an order');
  return fail(result === 'unknown_order' ? 404 : 400, result === 'unknown_order' ? '订单不存在' : '商户号、应用或金额与订单不符');
}
