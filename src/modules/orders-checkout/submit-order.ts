/** Sends the order once per key and decides where to go next. */
import { pay as t } from '../../i18n/zh-CN/pay';
import type { Env } from '../../runtime/block-api';
import { type CheckoutState, orderBody } from './checkout-rules';
import { checkoutKey, forgetKey, type KeyStore } from './idempotency';

/** `/order/result/{id}` with the new order's id. */
export function resultHref(pattern: string, id: number): string {
  return pattern.includes('{id}') ? pattern.replace('{id}', String(id)) : `${pattern.replace(/\/$/, '')}/${id}`;
}

/**
 * Sends `goods.order` with this checkout's Idempotency-Key (the same key for the same body, so a retry or a reload
 * never makes a second order). A refusal is toasted (the server's Chinese msg, e.g. 「…」库存不足) and returns false.
 */
export async function submitOrder(
  env: Env,
  s: CheckoutState,
  scope: string,
  store: KeyStore | undefined,
  resultPath: string,
): Promise<boolean> {
  const body = orderBody(s);
  const key = checkoutKey(store, scope, body);
  const res = await env.call('goods.order', body, { idempotencyKey: key });
  if (res.status !== 0 || !res.data) {
    env.toast(res.msg);
    return false;
  }
  forgetKey(store, scope);
  const href = resultHref(resultPath, res.data.id);
  // A pending order is paid at once (WeChat JSAPI inside WeChat; elsewhere the H5 cashier, which comes back to the
  // result page). Free orders arrive `paid`. Whatever the payment ends in, the result page shows the order.
  if (res.data.status === 'pending') {
    const out = await env.pay.start(res.data.id, href);
    if (out.result === 'leaving') return true;
    env.toast(out.result === 'paid' ? t.paid : out.message);
  }
  env.navigate(href, { replace: true });
  return true;
}
