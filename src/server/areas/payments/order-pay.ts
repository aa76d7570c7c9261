/**
 * Paying an order through WeChat Pay: `pay` (JSAPI, inside WeChat) and `h5_pay` (other phone browsers)
 * ask WeChat Pay for a prepay id / cashier URL under our order number, reusing a still-valid one for the same order
 * and amount; a paid or closed order is refused. The browser's word is never proof of payment: `refreshFromWechat`
 * asks WeChat Pay about a pending order (status polling, the reconciler, before closing) and only WeChat Pay's
 * SUCCESS for the right amount marks it paid, through the one state machine.
 */

import type { OutputOf } from '../../../contract/endpoint';
import type * as order from '../../../contract/orders';
import type { RequestContext, Services } from '../../http/context';
import { type ApiError, badInput, conflict } from '../../http/errors';
import { wechatCodeOf } from '../../providers/pay/wechatpay-client';
import { WECHAT } from '../accounts';
import { markPaid, ownOrder, withPayLock } from '../orders';
import type { OrderRow } from '../orders/tables';

/** WeChat Pay's limits: a prepay_id lives 2 hours, an h5_url 5 minutes; we stop reusing them a little before. */
export const PREPAY_TTL_SECONDS = 7200;
export const H5_URL_TTL_SECONDS = 300;
const REUSE_MARGIN_SECONDS = 30;
export const NOTIFY_PATH = '/api/pay/notify/wechat';

export function notifyUrlOf(s: Services, origin: string): string {
  return s.config.payNotifyUrl || `${origin}${NOTIFY_PATH}`;
}

async function orderRow(s: Services, orderId: number): Promise<OrderRow> {
  return s.db.kysely.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

/** Refuses an order that cannot be paid now, in the words the learner reads. */
function ensurePayable(o: OrderRow, now: number): void {
  if (o.status === 'paid') throw conflict('订单已支付，无需重复支付');
  if (o.status === 'close') throw conflict('订单已关闭，请重新下单');
  if (o.expires_at <= now) throw conflict('订单已超时关闭，请重新下单');
}

async function descriptionOf(s: Services, o: OrderRow): Promise<string> {
  const items = await s.db.kysely
    .selectFrom('order_goods')
    .select(['name', 'quantity'])
    .where('order_id', '=', o.id)
    .orderBy('id')
    .execute();
  const first = items[0]?.name ?? '备考订单';
  return items.length > 1 ? `${first} 等 ${items.length} 件` : first;
}

async function reusable(s: Services, orderId: number, channel: 'jsapi' | 'h5', amount: number, openid: string) {
  return s.db.kysely
    .selectFrom('order_payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('channel', '=', channel)
    .where('amount', '=', amount)
    .where('openid', '=', openid)
    .where('expires_at', '>', s.clock() + REUSE_MARGIN_SECONDS)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Keeps what WeChat Pay answered for the order, so a second tap within `ttlSeconds` reuses it (`reusable`). */
async function rememberPayment(
  s: Services,
  o: OrderRow,
  got: { channel: 'jsapi' | 'h5'; prepay_id: string; h5_url: string; openid: string },
  ttlSeconds: number,
): Promise<void> {
  const now = s.clock();
  await s.db.kysely
    .insertInto('order_payments')
    .values({
      order_id: o.id,
      out_trade_no: o.order_no,
      amount: o.total,
      ...got,
      created_at: now,
      expires_at: now + ttlSeconds,
      queried_at: 0,
    })
    .execute();
}

/**
 * A refusal of WeChat Pay that means the order changed under us (closed or paid meanwhile). ORDER_CLOSED is read even
 * from an unsigned reply: a forged one only tells the learner to order again, where a 502 would leave them stuck.
 */
function orderMoved(e: unknown): ApiError | null {
  if (wechatCodeOf(e, true) === 'ORDER_CLOSED') return conflict('订单已关闭，请重新下单');
  if (wechatCodeOf(e) === 'ORDER_PAID') return conflict('订单已支付，无需重复支付');
  return null;
}

export async function payJsapi(ctx: RequestContext, userId: number, orderId: number): Promise<OutputOf<typeof order.pay>> {
  const o = await ownOrder(ctx, userId, orderId);
  ensurePayable(o, ctx.clock());
  if (o.total === 0) return { pay_params: null, order_id: o.id, total: 0 };
  const identity = await ctx.db.kysely
    .selectFrom('third_identities')
    .select('openid')
    .where('user_id', '=', userId)
    .where('provider', '=', WECHAT)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!identity) throw badInput('微信内支付需要先用微信登录；也可以在手机浏览器中打开使用 H5 支付');
  const pay = await ctx.providers.pay();
  const prepayId = await withPayLock(ctx, o.id, () => jsapiPrepay(ctx, o.id, identity.openid));
  return { pay_params: pay.client.jsapiParams(prepayId), order_id: o.id, total: o.total };
}

/** Under the order's payment lease: the order is checked again, then a still-valid prepay is reused or one asked for. */
async function jsapiPrepay(ctx: RequestContext, orderId: number, openid: string): Promise<string> {
  const o = await orderRow(ctx, orderId);
  ensurePayable(o, ctx.clock());
  const pay = await ctx.providers.pay();
  const kept = await reusable(ctx, o.id, 'jsapi', o.total, openid);
  let prepayId = kept?.prepay_id;
  if (!prepayId) {
    try {
      prepayId = await pay.client.jsapi({
        outTradeNo: o.order_no,
        description: await descriptionOf(ctx, o),
        total: o.total,
        expiresAt: o.expires_at,
        openid,
        notifyUrl: notifyUrlOf(ctx, ctx.origin),
      });
    } catch (e) {
      throw orderMoved(e) ?? e;
    }
    await rememberPayment(ctx, o, { channel: 'jsapi', prepay_id: prepayId, h5_url: '', openid }, PREPAY_TTL_SECONDS);
  }
  return prepayId;
}

function deviceOf(ctx: RequestContext): 'iOS' | 'Android' | 'Wap' {
  const ua = String(ctx.headers['user-agent'] ?? '');
  if (/iPhone|iPad|iPod/i.test(ua)) return 'iOS';
  if (/Android/i.test(ua)) return 'Android';
  return 'Wap';
}

export async function payH5(
  ctx: RequestContext,
  userId: number,
  orderId: number,
  redirectPath: string | undefined,
): Promise<OutputOf<typeof order.h5Pay>> {
  const o = await ownOrder(ctx, userId, orderId);
  ensurePayable(o, ctx.clock());
  if (o.total === 0) return { h5_url: null, order_id: o.id, total: 0 };
  const pay = await ctx.providers.pay();
  const url = await withPayLock(ctx, o.id, () => h5Cashier(ctx, o.id));
  // WeChat Pay sends the payer back to redirect_url (its domain must be the registered H5 domain); the sandbox's
  // cashier takes a path of this site.
  const back = redirectPath ?? `/order/result/${o.id}`;
  const target = pay.name === 'sandbox' ? back : `${ctx.origin}${back}`;
  return { h5_url: `${url}&redirect_url=${encodeURIComponent(target)}`, order_id: o.id, total: o.total };
}

async function h5Cashier(ctx: RequestContext, orderId: number): Promise<string> {
  const o = await orderRow(ctx, orderId);
  ensurePayable(o, ctx.clock());
  const pay = await ctx.providers.pay();
  const kept = await reusable(ctx, o.id, 'h5', o.total, '');
  let url = kept?.h5_url;
  if (!url) {
    try {
      url = await pay.client.h5({
        outTradeNo: o.order_no,
        description: await descriptionOf(ctx, o),
        total: o.total,
        expiresAt: o.expires_at,
        clientIp: ctx.ip,
        deviceType: deviceOf(ctx),
        notifyUrl: notifyUrlOf(ctx, ctx.origin),
      });
    } catch (e) {
      throw orderMoved(e) ?? e;
    }
    await rememberPayment(ctx, o, { channel: 'h5', prepay_id: '', h5_url: url, openid: '' }, H5_URL_TTL_SECONDS);
  }
  return url;
}

/** The WeChat Pay verdict on a transaction we can act on. */
export interface WechatVerdict {
  out_trade_no: string;
  trade_state: string;
  transaction_id?: string;
  mchid?: string;
  appid?: string;
  amount?: { total?: number };
}

export type VerdictResult = 'paid' | 'already' | 'not_success' | 'unknown_order' | 'mismatch' | 'paid_after_close';

/**
 * Applies WeChat Pay's word about an order: SUCCESS with our merchant, app and the order's exact amount marks it
 * paid (once, by the state machine); anything else changes nothing. Returns why it did not, if it did not:
 * `paid_after_close` when the order had closed here (nothing is granted; the money must go back: pay-notify.ts).
 */
export async function applyVerdict(s: Services, v: WechatVerdict): Promise<VerdictResult> {
  const o = await s.db.kysely.selectFrom('orders').selectAll().where('order_no', '=', v.out_trade_no).executeTakeFirst();
  if (!o) return 'unknown_order';
  const pay = await s.providers.pay();
  if (v.mchid !== pay.mchid || v.appid !== pay.appId || v.amount?.total !== o.total) return 'mismatch';
  if (v.trade_state !== 'SUCCESS') return 'not_success';
  if (o.status === 'paid') return 'already';
  if (await markPaid(s, o.id, s.clock())) return 'paid';
  const now = await s.db.kysely.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow();
  return now.status === 'close' ? 'paid_after_close' : 'already';
}

/** Asks WeChat Pay about an order and applies its word; WeChat Pay's trade state (ORDER_NOT_EXIST: it has none). */
export async function askWechat(s: Services, orderNo: string): Promise<string> {
  const pay = await s.providers.pay();
  const tx = await pay.client.query(orderNo);
  if (!tx) return 'ORDER_NOT_EXIST';
  await applyVerdict(s, tx);
  return tx.trade_state;
}

/**
 * Asks WeChat Pay about a pending order that has a payment (the status poll), at most once per `minGapSeconds`
 * across servers: the latest payment's `queried_at` is claimed by a conditional update first. Marks it paid when
 * WeChat Pay says so. Returns WeChat Pay's trade state, or null when it was not asked.
 */
export async function refreshFromWechat(s: Services, orderId: number, minGapSeconds = 3): Promise<string | null> {
  const db = s.db.kysely;
  const o = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (o?.status !== 'pending') return null;
  const now = s.clock();
  const latest = await db
    .selectFrom('order_payments')
    .select(['id', 'queried_at'])
    .where('order_id', '=', o.id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!latest || latest.queried_at > now - minGapSeconds) return null;
  const claimed = await db
    .updateTable('order_payments')
    .set({ queried_at: now })
    .where('id', '=', latest.id)
    .where('queried_at', '=', latest.queried_at)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;
  return askWechat(s, o.order_no);
}
