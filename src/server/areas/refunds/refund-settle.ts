/**
 * Settling refund requests with WeChat Pay: sending a request under its one refund number, reading WeChat
 * Pay's word (signed reply, notification, query) and moving the request to succeeded (withdrawing what the item gave,
 * in the same transaction, once) or failed; the reconciler that re-asks about requests still under way. Every call to
 * WeChat Pay about a request is preceded by a claim (`claimRefund`), so of several servers one calls at a time.
 */

import { isOwnedKind } from '../../../protocol/owned-content';
import type { Services } from '../../http/context';
import { inTransaction } from '../../http/transaction';
import { type RefundReply, WechatPayError } from '../../providers/pay/wechatpay-client';
import { type RefundRow, type RefundServices, refundRowOrThrow } from './refund-rows';

/** WeChat Pay refused the refund request itself (nothing was refunded under the number): the request failed. */
const DEFINITE_REFUSALS = new Set(['PARAM_ERROR', 'INVALID_REQUEST', 'RESOURCE_NOT_EXISTS', 'USER_ACCOUNT_ABNORMAL']);

/** How long the reconciler waits before asking WeChat Pay about a processing refund again, by attempts so far. */
export function refundCheckGap(attempts: number): number {
  if (attempts <= 1) return 60;
  if (attempts <= 4) return 300;
  return 1800;
}

/**
 * Claims a processing request for one call to WeChat Pay: counts the attempt (in SQL) and moves `next_check_at` past
 * the next gap in one conditional update; only the caller whose update changed the row calls. `due` claims only a
 * request whose time has come (the reconciler on any server); without it (sending a new request, the operator's
 * retry) the time is not waited for.
 */
async function claimRefund(s: RefundServices, r: RefundRow, due: boolean): Promise<boolean> {
  const now = s.clock();
  let q = s.db.kysely
    .updateTable('refunds')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_check_at: now + refundCheckGap(r.attempts + 1), updated_at: now }))
    .where('id', '=', r.id)
    .where('status', '=', 'processing');
  if (due) q = q.where('next_check_at', '<=', now);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Records what WeChat Pay answered (or why it could not be asked); the next try comes after the claimed gap. */
async function noteAnswer(s: RefundServices, r: RefundRow, set: { last_error?: string; provider_status?: string; refund_id?: string }) {
  await s.db.kysely
    .updateTable('refunds')
    .set({ ...set, updated_at: s.clock() })
    .where('id', '=', r.id)
    .where('status', '=', 'processing')
    .execute();
}

/**
 * Withdraws what the item gave, inside the transaction that marks its refund succeeded: the entitlement this order
 * granted (course, e-book, question bank), or the VIP days it added (the running membership of that type is
 * shortened, never before now); physical goods come back outside the app. The good's sales count goes down.
 */
async function withdraw(trx: Services['db']['kysely'], r: RefundRow, now: number): Promise<void> {
  const item = await trx.selectFrom('order_goods').selectAll().where('id', '=', r.order_goods_id).executeTakeFirstOrThrow();
  if (isOwnedKind(item.kind)) {
    await trx
      .deleteFrom('entitlements')
      .where('user_id', '=', r.user_id)
      .where('kind', '=', item.kind as 'course')
      .where('ref_id', '=', item.ref_id)
      .where('order_id', '=', r.order_id)
      .execute();
  } else if (item.kind === 'vip') {
    let left = item.vip_days * item.quantity * 86400;
    const running = await trx
      .selectFrom('user_vips')
      .select(['id', 'started_at', 'expires_at'])
      .where('user_id', '=', r.user_id)
      .where('vip_type', '=', item.vip_type)
      .where('expires_at', '>', now)
      .orderBy('expires_at', 'desc')
      .execute();
    for (const m of running) {
      if (left <= 0) break;
      const cut = Math.min(left, m.expires_at - Math.max(now, m.started_at));
      if (cut <= 0) continue;
      await trx
        .updateTable('user_vips')
        .set({ expires_at: m.expires_at - cut })
        .where('id', '=', m.id)
        .execute();
      left -= cut;
    }
  }
  if (item.kind === 'physical') {
    // Refunded before it left the warehouse: the reserved pieces go back on sale (goods without stock keep -1).
    const shipped = await trx.selectFrom('shipments').select('id').where('order_goods_id', '=', item.id).executeTakeFirst();
    if (!shipped) {
      await trx
        .updateTable('goods')
        .set((eb) => ({ stock: eb('stock', '+', item.quantity) }))
        .where('id', '=', item.good_id)
        .where('stock', '>=', 0)
        .execute();
    }
  }
  await trx
    .updateTable('goods')
    .set((eb) => ({ sales_volume: eb('sales_volume', '-', item.quantity) }))
    .where('id', '=', item.good_id)
    .where('sales_volume', '>=', item.quantity)
    .execute();
}

/**
 * Marks a processing refund succeeded and withdraws the entitlement, in one transaction, once: of any number of
 * callers (reply, notifications, queries, on any server) exactly one moves it. Returns whether this caller did.
 */
export async function settleSucceeded(s: RefundServices, id: number, refundId: string): Promise<boolean> {
  const settled = await inTransaction(s, async (tx) => {
    const trx = tx.db.kysely;
    const now = s.clock();
    const moved = await trx
      .updateTable('refunds')
      .set({ status: 'succeeded', refund_id: refundId, provider_status: 'SUCCESS', last_error: '', succeeded_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    const r = await trx.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // An order that closed here and was paid at WeChat Pay afterwards gave nothing: only the money goes back.
    const order = await trx.selectFrom('orders').select('status').where('id', '=', r.order_id).executeTakeFirstOrThrow();
    if (order.status === 'paid') await withdraw(trx, r, now);
    return { userId: r.user_id, orderId: r.order_id };
  });
  if (!settled) return false;
  // Announced once committed: an activity reward that this order qualified is revoked.
  await s.hooks?.emit('refunded', settled);
  return true;
}

/** A processing refund that WeChat Pay closed or refused: failed (the item may be applied for again). */
async function markFailed(s: RefundServices, id: number, why: string, providerStatus: string): Promise<boolean> {
  const now = s.clock();
  const moved = await s.db.kysely
    .updateTable('refunds')
    .set({ status: 'failed', active_item_id: null, provider_status: providerStatus, last_error: why.slice(0, 255), updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

export type ProviderWordResult = 'succeeded' | 'already' | 'failed' | 'waiting' | 'mismatch' | 'not_processing';

/**
 * Applies WeChat Pay's word about one of our refunds (a signed reply, a query, or a verified notification already
 * checked for merchant and order): SUCCESS settles it, CLOSED fails it, PROCESSING and ABNORMAL leave it processing.
 * The word must be about this refund number and its amount, else nothing changes.
 */
export async function applyRefundWord(
  s: RefundServices,
  r: RefundRow,
  word: { out_refund_no?: string; refund_id?: string; status?: string; amount?: { refund?: number } },
): Promise<ProviderWordResult> {
  if (word.out_refund_no !== r.out_refund_no || (word.amount?.refund !== undefined && word.amount.refund !== r.amount)) return 'mismatch';
  if (r.status === 'succeeded') return 'already';
  if (r.status !== 'processing') return 'not_processing';
  const status = word.status ?? '';
  if (status === 'SUCCESS') return (await settleSucceeded(s, r.id, word.refund_id ?? '')) ? 'succeeded' : 'already';
  if (status === 'CLOSED') return (await markFailed(s, r.id, '微信支付已关闭该退款', 'CLOSED')) ? 'failed' : 'already';
  const now = s.clock();
  await s.db.kysely
    .updateTable('refunds')
    .set({
      provider_status: status,
      refund_id: word.refund_id ?? r.refund_id,
      last_error: status === 'ABNORMAL' ? '退款异常（如用户银行卡已注销），需在微信支付商户平台处理' : '',
      updated_at: now,
    })
    .where('id', '=', r.id)
    .where('status', '=', 'processing')
    .execute();
  return 'waiting';
}

/**
 * Sends a processing refund to WeChat Pay under its one refund number (a retry sends the same number and amount, so
 * WeChat Pay refunds once) and applies the answer. A 0-fen refund needs no call. Never throws for WeChat Pay's
 * failures: a network error or a busy answer leaves the request processing for the next try.
 */
export async function sendRefund(s: RefundServices, id: number): Promise<RefundRow> {
  const r = await refundRowOrThrow(s, id);
  if (r.status !== 'processing') return r;
  if (r.amount === 0) {
    await settleSucceeded(s, r.id, '');
    return refundRowOrThrow(s, id);
  }
  if (await claimRefund(s, r, false)) await sendClaimed(s, r);
  return refundRowOrThrow(s, id);
}

/** Sends a claimed request and applies the answer. */
async function sendClaimed(s: RefundServices, r: RefundRow): Promise<void> {
  const order = await s.db.kysely.selectFrom('orders').selectAll().where('id', '=', r.order_id).executeTakeFirstOrThrow();
  let reply: RefundReply;
  try {
    const pay = await s.providers.pay();
    reply = await pay.client.refund({
      outTradeNo: order.order_no,
      outRefundNo: r.out_refund_no,
      refund: r.amount,
      total: order.total,
      reason: r.reason,
      notifyUrl: r.notify_url,
    });
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    // Only a signed refusal fails the request: an unsigned one may not be WeChat Pay's.
    if (e instanceof WechatPayError && DEFINITE_REFUSALS.has(e.wechatCode)) await markFailed(s, r.id, why, e.wechatCode);
    else await noteAnswer(s, r, { last_error: why.slice(0, 255) });
    return;
  }
  await noteAnswer(s, r, { last_error: '', provider_status: reply.status, refund_id: reply.refund_id ?? '' });
  const result = await applyRefundWord(s, r, reply);
  if (result === 'mismatch') await noteAnswer(s, r, { last_error: '微信支付的退款应答与申请不符（单号或金额）' });
}

/**
 * Settles a processing refund by asking WeChat Pay (the reconciler with `onlyWhenDue`, the operator's `retry`
 * without): its word is applied; when WeChat Pay has no refund of that number (the send never arrived) it is sent
 * again, same number.
 */
export async function checkRefund(s: RefundServices, id: number, onlyWhenDue = false): Promise<RefundRow> {
  const r = await refundRowOrThrow(s, id);
  if (r.status !== 'processing') return r;
  if (r.amount === 0) return sendRefund(s, id);
  if (!(await claimRefund(s, r, onlyWhenDue))) return r;
  if (r.attempts === 0) {
    await sendClaimed(s, r);
    return refundRowOrThrow(s, id);
  }
  let word: RefundReply | null;
  try {
    word = await (await s.providers.pay()).client.queryRefund(r.out_refund_no);
  } catch (e) {
    await noteAnswer(s, r, { last_error: (e instanceof Error ? e.message : String(e)).slice(0, 255) });
    return refundRowOrThrow(s, id);
  }
  if (!word) await sendClaimed(s, r);
  else {
    await noteAnswer(s, r, { last_error: '', provider_status: word.status, refund_id: word.refund_id ?? '' });
    if ((await applyRefundWord(s, r, word)) === 'mismatch')
      await noteAnswer(s, r, { last_error: '微信支付的退款查询结果与申请不符（单号或金额）' });
  }
  return refundRowOrThrow(s, id);
}

/**
 * The reconciler (run by the order sweeper): asks WeChat Pay about processing refunds that are due, each on its own
 * (a failure is logged and the others go on). Returns how many were due.
 */
export async function reconcileRefunds(s: RefundServices, limit = 50, log?: { error: (o: object, m: string) => void }): Promise<number> {
  const due = await s.db.kysely
    .selectFrom('refunds')
    .select('id')
    .where('status', '=', 'processing')
    .where('next_check_at', '<=', s.clock())
    .orderBy('next_check_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  for (const r of due) {
    try {
      await checkRefund(s, r.id, true);
    } catch (e) {
      log?.error({ err: e, refund_id: r.id }, 'refund reconcile failed; asked again later');
    }
  }
  return due.length;
}

// ---- The operator's side (scripts/ops/refunds.ts) ----
