/** Sends the order once per key and decides where to go next. */

import { orderCheckout as tc } from '../../i18n/zh-CN/order-checkout';
import { pay as t } from '../../i18n/zh-CN/pay';
import type { Env } from '../../runtime/block-api';
import { type CheckoutState, orderBody, samePendingOrder } from './checkout-rules';
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
  // An unpaid order for the same goods already exists: lead to it (去支付 / 取消订单) rather than make a second one.
  const pending = await env.call('order.list', { status: 'pending', count: 20 });
  const same = pending.status === 0 && pending.data ? samePendingOrder(pending.data, body.goods) : undefined;
  if (same) {
    forgetKey(store, scope);
    env.toast(tc.samePending);
    env.navigate(resultHref(resultPath, same.id), { replace: true });
    return true;
  }
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
