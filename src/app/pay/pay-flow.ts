/**
 * The payment rules of spec §4, free of the browser: every effect (calls, the WeChat bridge, sleeping, leaving for the
 * cashier) is injected, so the unit tests drive them with fakes.
 *
 * 1. Call pay. No payment data → the payment is done.
 * 2. Otherwise WeChat's payment yields ok, cancel or fail.
 * 3. On ok, poll the order status once per second, up to 20 times, until is_success.
 * 4. Timeout → 请稍后刷新页面查看支付结果; a failed poll → 服务器繁忙，请稍后再试.
 * 5. Cancel → 支付已取消; fail → 未知错误. The bridge not ready → 微信支付加载失败.
 */
import type { JsapiPayParamsView } from '../../contract/orders';
import { pay as t } from '../../i18n/zh-CN/pay';
import type { BridgePayResult } from '../../platform/wechat/pay';
import type { CallReply, PayOutcome } from '../../runtime/env';

/** Spec §9: payment polling, 20 tries 1000 ms apart. */
export const POLL_TRIES = 20;
export const POLL_INTERVAL_MS = 1000;

export interface PollDeps {
  status(orderId: number): Promise<CallReply<{ is_success: number }>>;
  sleep(ms: number): Promise<void>;
  /** Milliseconds between polls (1000 unless a test says otherwise). */
  intervalMs?: number;
}

export interface JsapiDeps extends PollDeps {
  pay(orderId: number): Promise<CallReply<{ pay_params: JsapiPayParamsView | null }>>;
  /** Resolves true when WeixinJSBridge is ready (within a short wait), false otherwise. */
  sdkReady(): Promise<boolean>;
  invoke(params: JsapiPayParamsView): Promise<BridgePayResult>;
}

export interface H5Deps extends PollDeps {
  h5Pay(orderId: number, redirectUrl: string): Promise<CallReply<{ h5_url: string | null }>>;
  /** Leaves for the cashier (location.assign). */
  go(url: string): void;
}

/** A refused call's message (the server's Chinese msg), else 未知错误. */
const refused = (msg: string | undefined): PayOutcome => ({ result: 'refused', message: msg || t.unknownError });

/** Polls the order status until it says is_success: 20 tries, `intervalMs` apart. */
export async function pollPaid(deps: PollDeps, orderId: number): Promise<PayOutcome> {
  const interval = deps.intervalMs ?? POLL_INTERVAL_MS;
  for (let i = 0; i < POLL_TRIES; i++) {
    if (i > 0) await deps.sleep(interval);
    const res = await deps.status(orderId);
    if (res.status !== 0 || !res.data) return { result: 'busy', message: t.serverBusy };
    if (res.data.is_success) return { result: 'paid' };
  }
  return { result: 'timeout', message: t.refreshLater };
}

/** Inside WeChat: pay → (nothing to pay: done) → bridge ready? → getBrandWCPayRequest → poll on ok. */
export async function payJsapi(deps: JsapiDeps, orderId: number): Promise<PayOutcome> {
  // The bridge may still be arriving: wait for it while the server prepares the payment.
  const ready = deps.sdkReady();
  const res = await deps.pay(orderId);
  if (res.status !== 0 || !res.data) return refused(res.msg);
  if (!res.data.pay_params) return { result: 'paid' };
  if (!(await ready)) return { result: 'unavailable', message: t.sdkFailed };
  const answer = await deps.invoke(res.data.pay_params);
  if (answer === 'cancel') return { result: 'cancelled', message: t.cancelled };
  if (answer !== 'ok') return { result: 'failed', message: t.unknownError };
  return pollPaid(deps, orderId);
}

/** `path` with `from=pay` added to its query (the result page then knows the payer came back from the cashier). */
export function withFromPay(path: string): string {
  const [base, query = ''] = path.split('?', 2) as [string, string?];
  const q = new URLSearchParams(query);
  q.set('from', 'pay');
  return `${base}?${q.toString()}`;
}

/** Other browsers: h5_pay → (nothing to pay: done) → go to the cashier, which comes back to `returnPath?from=pay`. */
export async function payH5(deps: H5Deps, orderId: number, returnPath: string): Promise<PayOutcome> {
  const res = await deps.h5Pay(orderId, withFromPay(returnPath));
  if (res.status !== 0 || !res.data) return refused(res.msg);
  if (!res.data.h5_url) return { result: 'paid' };
  deps.go(res.data.h5_url);
  return { result: 'leaving' };
}
