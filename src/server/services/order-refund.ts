/**
 * Refunds (issue 15). A learner applies for the refund of one item of a paid order (`order.apply_refund`); the
 * request is a row of `refunds` with its own refund number (`out_refund_no`), made once and sent to WeChat Pay on every
 * retry, so however often it is sent the money goes back once.
 *
 *   pending_review ──approve──▶ processing ──WeChat Pay SUCCESS──▶ succeeded   (entitlement withdrawn, same transaction)
 *        │                        │  └──────CLOSED / definite refusal──▶ failed
 *        └──reject──▶ rejected    └── no answer / busy / ABNORMAL: stays processing; retried and queried later
 *
 * An unused course, e-book or question bank within 7 days of payment starts at `processing` and is sent in the request
 * itself; anything else (used, later, VIP, physical goods) waits for an operator (scripts/ops/refunds.ts). WeChat
 * Pay's word comes from its signed reply, its signed and encrypted notification (services/refund-notify.ts) or a query
 * (the reconciler in the order sweeper, the operator's `retry`); whichever comes first moves the request to succeeded
 * by one conditional UPDATE, so the entitlement is withdrawn exactly once. Amounts never exceed what was paid: an
 * item's refund is its snapshot price × quantity (capped by what remains refundable of the order), and only one
 * request per item may be open or succeeded (a unique index on `active_item_id`).
 */
import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import { REFUND_REQUESTS_PER_ITEM, REFUND_STATUS_LABELS, type RefundStatus, type RefundView } from '../../contract/refund';
import type { Database } from '../db/schema';
import type { Services } from '../http/context';
import { conflict, notFound } from '../http/errors';
import type { Providers } from '../providers';
import { type RefundReply, WechatPayError } from '../providers/pay/wechatpay-client';

/** What the refund functions need: a request context, the server's services, or the operator script's few parts. */
export type RefundServices = Pick<Services, 'db' | 'config' | 'clock'> & { providers: Pick<Providers, 'pay'> };
export type RefundRow = Selectable<Database['refunds']>;
type ItemRow = Selectable<Database['order_goods']>;
type OrderRow = Selectable<Database['orders']>;

/** Where WeChat Pay sends refund notifications (named in each refund request): next to the payments' NOTIFY_PATH. */
export const REFUND_NOTIFY_PATH = '/api/pay/notify/wechat/refund';
/** An unused virtual item is refunded at once within this time after payment. */
export const INSTANT_REFUND_SECONDS = 7 * 86400;
/** WeChat Pay refunds a payment within one year; later applications are refused. */
export const REFUND_WINDOW_SECONDS = 365 * 86400;

export const OPEN_STATUSES: readonly RefundStatus[] = ['pending_review', 'processing'];
/** Requests whose money is (or may be) on its way back: they count against what remains refundable of the order. */
const HOLDING_STATUSES: readonly RefundStatus[] = ['pending_review', 'processing', 'succeeded'];

/** Why a request waits for an operator, as the operator reads it. */
export const HOLD_REASONS: Record<string, string> = {
  physical: '实物商品',
  vip: '会员',
  late: '支付已超过 7 天',
  used: '已开始使用',
};

/** WeChat Pay refused the refund request itself (nothing was refunded under the number): the request failed. */
const DEFINITE_REFUSALS = new Set(['PARAM_ERROR', 'INVALID_REQUEST', 'RESOURCE_NOT_EXISTS', 'USER_ACCOUNT_ABNORMAL']);

const OWNABLE = new Set(['course', 'ebook', 'question_bank']);

/** The notify URL of refunds: next to the payment one (PAY_NOTIFY_URL's origin), else this server's origin. */
export function refundNotifyUrlOf(s: Pick<Services, 'config'>, origin: string): string {
  return s.config.payNotifyUrl ? new URL(REFUND_NOTIFY_PATH, s.config.payNotifyUrl).href : `${origin}${REFUND_NOTIFY_PATH}`;
}

/** A refund number: `RF`, the day, 16 random hex digits (unique; WeChat Pay takes up to 64 of [A-Za-z0-9_-|*@]). */
function newOutRefundNo(now: number): string {
  const day = new Date(now * 1000).toISOString().slice(0, 10).replaceAll('-', '');
  return `RF${day}${crypto.randomBytes(8).toString('hex')}`;
}

export function refundViewOf(r: RefundRow): RefundView {
  const status = r.status as RefundStatus;
  return {
    id: r.id,
    order_goods_id: r.order_goods_id,
    order_id: r.order_id,
    status,
    status_text: REFUND_STATUS_LABELS[status],
    amount: r.amount,
    reason: r.reason,
    note: r.operator_note,
    created_at: r.created_at,
  };
}

export async function refundRow(s: Pick<Services, 'db'>, id: number): Promise<RefundRow | undefined> {
  return s.db.kysely.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

async function refundRowOrThrow(s: Pick<Services, 'db'>, id: number): Promise<RefundRow> {
  const r = await refundRow(s, id);
  if (!r) throw notFound(`退款申请 ${id} `);
  return r;
}

/**
 * Whether the buyer has started using what the item sells since `since` (the payment): a video that is not a free
 * preview watched (course, or a course of the bundle), a chapter past the free ones read (e-book), a question answered
 * or an exam paper started (question bank).
 */
export async function usedSince(s: Pick<Services, 'db'>, userId: number, kind: string, refId: number, since: number): Promise<boolean> {
  const db = s.db.kysely;
  if (kind === 'course') {
    const children = await db.selectFrom('course_children').select('course_id').where('bundle_id', '=', refId).execute();
    const ids = [refId, ...children.map((c) => c.course_id)];
    const hit = await db
      .selectFrom('video_progress as p')
      .innerJoin('course_videos as v', 'v.id', 'p.video_id')
      .select('p.video_id')
      .where('p.user_id', '=', userId)
      .where('p.course_id', 'in', ids)
      .where('v.is_free', '=', 0)
      .where('p.updated_at', '>=', since)
      .executeTakeFirst();
    return hit !== undefined;
  }
  if (kind === 'ebook') {
    const hit = await db
      .selectFrom('ebook_chapter_reads as r')
      .innerJoin('ebook_chapters as c', 'c.id', 'r.chapter_id')
      .innerJoin('ebooks as e', 'e.id', 'r.ebook_id')
      .select('r.chapter_id')
      .where('r.user_id', '=', userId)
      .where('r.ebook_id', '=', refId)
      .where('r.updated_at', '>=', since)
      .whereRef('c.sort', '>', 'e.free_chapters')
      .executeTakeFirst();
    return hit !== undefined;
  }
  if (kind === 'question_bank') {
    const answered = await db
      .selectFrom('question_records')
      .select('id')
      .where('user_id', '=', userId)
      .where('top_bank_id', '=', refId)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    if (answered) return true;
    const exam = await db
      .selectFrom('question_exams')
      .select('id')
      .where('user_id', '=', userId)
      .where('top_bank_id', '=', refId)
      .where('started_at', '>=', since)
      .executeTakeFirst();
    return exam !== undefined;
  }
  return true;
}

/** '' when the item is refunded at once, else why it waits for an operator (a key of HOLD_REASONS). */
export async function holdReasonOf(s: Pick<Services, 'db'>, item: ItemRow, paidAt: number, now: number): Promise<string> {
  if (item.kind === 'physical') return 'physical';
  if (!OWNABLE.has(item.kind)) return 'vip';
  if (now - paidAt > INSTANT_REFUND_SECONDS) return 'late';
  return (await usedSince(s, item.user_id, item.kind, item.ref_id, paidAt)) ? 'used' : '';
}

/**
 * Fen of the order not refunded or held by requests of its other items (never negative). The item's own requests
 * are ruled out before (one open or succeeded per item), also when one is made at the same moment.
 */
async function refundableOf(s: Pick<Services, 'db'>, order: OrderRow, itemId: number): Promise<number> {
  const held = await s.db.kysely
    .selectFrom('refunds')
    .select((eb) => eb.fn.sum<number | string>('amount').as('n'))
    .where('order_id', '=', order.id)
    .where('order_goods_id', '!=', itemId)
    .where('status', 'in', HOLDING_STATUSES)
    .executeTakeFirstOrThrow();
  return Math.max(0, order.total - Number(held.n ?? 0));
}

function refusalFor(prior: readonly RefundRow[]): string | null {
  if (prior.some((r) => r.status === 'succeeded')) return '该商品已退款';
  if (prior.some((r) => OPEN_STATUSES.includes(r.status as RefundStatus))) return '该商品已有退款申请在处理中';
  if (prior.length >= REFUND_REQUESTS_PER_ITEM) return '该商品的退款申请次数已达上限，请联系客服';
  return null;
}

/**
 * `order.apply_refund`: one of the caller's paid items (another user's is "not found"), a reason. Creates the
 * request; the instant path sends it to WeChat Pay at once (a failure of WeChat Pay leaves it processing, to be
 * retried: the learner never gets a 500 for it).
 */
export async function applyRefund(
  s: RefundServices,
  userId: number,
  orderGoodsId: number,
  reason: string,
  origin: string,
): Promise<RefundView> {
  const db = s.db.kysely;
  const item = await db
    .selectFrom('order_goods')
    .selectAll()
    .where('id', '=', orderGoodsId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!item) throw notFound(`订单商品 order_goods_id ${orderGoodsId} `);
  const order = await db.selectFrom('orders').selectAll().where('id', '=', item.order_id).executeTakeFirstOrThrow();
  if (order.status !== 'paid' || order.paid_at === null) throw conflict('订单未支付，不能申请退款');
  const now = s.clock();
  if (now - order.paid_at > REFUND_WINDOW_SECONDS) throw conflict('已超过可退款期限（支付后一年内）');
  const hold = await holdReasonOf(s, item, order.paid_at, now);
  const created = await db.transaction().execute(async (trx) => {
    const tx = { db: { ...s.db, kysely: trx } };
    const prior = await trx.selectFrom('refunds').selectAll().where('order_goods_id', '=', item.id).execute();
    const refused = refusalFor(prior);
    if (refused) throw conflict(refused);
    const amount = Math.min(item.amount, await refundableOf(tx, order, item.id));
    if (amount <= 0 && item.amount > 0) throw conflict('该订单已没有可退的金额');
    try {
      return await trx
        .insertInto('refunds')
        .values({
          order_goods_id: item.id,
          order_id: order.id,
          user_id: userId,
          amount,
          reason,
          status: hold ? 'pending_review' : 'processing',
          hold_reason: hold,
          out_refund_no: newOutRefundNo(now),
          refund_id: '',
          provider_status: '',
          notify_url: refundNotifyUrlOf(s, origin),
          last_error: '',
          operator_note: '',
          active_item_id: item.id,
          attempts: 0,
          next_check_at: now,
          created_at: now,
          updated_at: now,
          reviewed_at: null,
          succeeded_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (e) {
      // The unique active_item_id: a request for the item was made at the same moment.
      if (/unique/i.test(String(e))) throw conflict('该商品已有退款申请在处理中');
      throw e;
    }
  });
  const after = created.status === 'processing' ? await sendRefund(s, created.id) : created;
  return refundViewOf(after);
}

/** How long the reconciler waits before asking WeChat Pay about a processing refund again, by attempts so far. */
export function refundCheckGap(attempts: number): number {
  if (attempts <= 1) return 60;
  if (attempts <= 4) return 300;
  return 1800;
}

/** Records that WeChat Pay was (or was tried to be) asked; the reconciler asks again after a widening gap. */
async function noteAttempt(s: RefundServices, r: RefundRow, set: { last_error?: string; provider_status?: string; refund_id?: string }) {
  const now = s.clock();
  await s.db.kysely
    .updateTable('refunds')
    .set({ ...set, attempts: r.attempts + 1, next_check_at: now + refundCheckGap(r.attempts + 1), updated_at: now })
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
  if (OWNABLE.has(item.kind)) {
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
  return s.db.kysely.transaction().execute(async (trx) => {
    const now = s.clock();
    const moved = await trx
      .updateTable('refunds')
      .set({ status: 'succeeded', refund_id: refundId, provider_status: 'SUCCESS', last_error: '', succeeded_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    const r = await trx.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await withdraw(trx, r, now);
    return true;
  });
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
    if (e instanceof WechatPayError && DEFINITE_REFUSALS.has(e.wechatCode)) await markFailed(s, r.id, why, e.wechatCode);
    else await noteAttempt(s, r, { last_error: why.slice(0, 255) });
    return refundRowOrThrow(s, id);
  }
  await noteAttempt(s, r, { last_error: '', provider_status: reply.status, refund_id: reply.refund_id ?? '' });
  const result = await applyRefundWord(s, r, reply);
  if (result === 'mismatch') await noteAttempt(s, r, { last_error: '微信支付的退款应答与申请不符（单号或金额）' });
  return refundRowOrThrow(s, id);
}

/**
 * Settles a processing refund by asking WeChat Pay (the reconciler, the operator's `retry`): its word is applied;
 * when WeChat Pay has no refund of that number (the send never arrived) it is sent again, same number.
 */
export async function checkRefund(s: RefundServices, id: number): Promise<RefundRow> {
  const r = await refundRowOrThrow(s, id);
  if (r.status !== 'processing') return r;
  if (r.amount === 0 || r.attempts === 0) return sendRefund(s, id);
  let word: RefundReply | null;
  try {
    word = await (await s.providers.pay()).client.queryRefund(r.out_refund_no);
  } catch (e) {
    await noteAttempt(s, r, { last_error: (e instanceof Error ? e.message : String(e)).slice(0, 255) });
    return refundRowOrThrow(s, id);
  }
  if (!word) return sendRefund(s, id);
  await noteAttempt(s, r, { last_error: '', provider_status: word.status, refund_id: word.refund_id ?? '' });
  if ((await applyRefundWord(s, r, word)) === 'mismatch')
    await noteAttempt(s, r, { last_error: '微信支付的退款查询结果与申请不符（单号或金额）' });
  return refundRowOrThrow(s, id);
}

/** The reconciler (run by the order sweeper): asks WeChat Pay about processing refunds that are due. */
export async function reconcileRefunds(s: RefundServices, limit = 50): Promise<number> {
  const due = await s.db.kysely
    .selectFrom('refunds')
    .select('id')
    .where('status', '=', 'processing')
    .where('next_check_at', '<=', s.clock())
    .orderBy('next_check_at')
    .limit(limit)
    .execute();
  for (const r of due) await checkRefund(s, r.id);
  return due.length;
}

// ---- The operator's side (scripts/ops/refunds.ts) ----

export async function listRefunds(s: Pick<Services, 'db'>, status?: string) {
  let q = s.db.kysely
    .selectFrom('refunds as r')
    .innerJoin('order_goods as i', 'i.id', 'r.order_goods_id')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select([
      'r.id',
      'r.status',
      'r.amount',
      'r.reason',
      'r.hold_reason',
      'r.out_refund_no',
      'r.refund_id',
      'r.provider_status',
      'r.last_error',
      'r.operator_note',
      'r.attempts',
      'r.created_at',
      'r.user_id',
      'o.order_no',
      'o.paid_at',
      'i.name',
      'i.kind',
    ]);
  if (status) q = q.where('r.status', '=', status);
  return q.orderBy('r.id', 'desc').limit(500).execute();
}

/** Approves a request waiting for review: it is sent to WeChat Pay now (and retried by the reconciler if need be). */
export async function approveRefund(s: RefundServices, id: number, note = ''): Promise<RefundRow> {
  const now = s.clock();
  const moved = await s.db.kysely
    .updateTable('refunds')
    .set({ status: 'processing', reviewed_at: now, operator_note: note.slice(0, 255), next_check_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending_review')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw conflict(`退款申请 ${id} 不在审核中（${await statusOf(s, id)}）`);
  return sendRefund(s, id);
}

/** Rejects a request waiting for review, with the note the learner reads; the item may be applied for again. */
export async function rejectRefund(s: RefundServices, id: number, note: string): Promise<RefundRow> {
  const text = note.trim();
  if (!text) throw conflict('拒绝退款须写明原因');
  const now = s.clock();
  const moved = await s.db.kysely
    .updateTable('refunds')
    .set({ status: 'rejected', active_item_id: null, reviewed_at: now, operator_note: text.slice(0, 255), updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending_review')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw conflict(`退款申请 ${id} 不在审核中（${await statusOf(s, id)}）`);
  return refundRowOrThrow(s, id);
}

/** Retries a processing request: asks WeChat Pay and settles, or sends it again under the same refund number. */
export async function retryRefund(s: RefundServices, id: number): Promise<RefundRow> {
  const r = await refundRowOrThrow(s, id);
  if (r.status !== 'processing') throw conflict(`退款申请 ${id} 不在退款中（${await statusOf(s, id)}），无需重试`);
  return checkRefund(s, id);
}

async function statusOf(s: Pick<Services, 'db'>, id: number): Promise<string> {
  const r = await refundRow(s, id);
  return r ? REFUND_STATUS_LABELS[r.status as RefundStatus] : '不存在';
}

// ---- What the order replies show ----

export interface ItemRefundState {
  refund_status: RefundStatus | '';
  refund_status_text: string;
  refund_note: string;
  refund_amount: number;
  can_refund: number;
}

/** The refund state of each item (its latest request) and whether it may be applied for now. */
export async function itemRefundStates(
  s: Pick<Services, 'db' | 'clock'>,
  items: readonly ItemRow[],
  orders: readonly OrderRow[],
): Promise<Map<number, ItemRefundState>> {
  const out = new Map<number, ItemRefundState>();
  if (items.length === 0) return out;
  const rows = await s.db.kysely
    .selectFrom('refunds')
    .select(['id', 'order_goods_id', 'status', 'operator_note', 'amount'])
    .where(
      'order_goods_id',
      'in',
      items.map((i) => i.id),
    )
    .orderBy('id')
    .execute();
  const now = s.clock();
  for (const i of items) {
    const mine = rows.filter((r) => r.order_goods_id === i.id);
    const latest = mine.at(-1);
    const o = orders.find((x) => x.id === i.order_id);
    const open = o?.status === 'paid' && o.paid_at !== null && now - o.paid_at <= REFUND_WINDOW_SECONDS;
    const status = (latest?.status ?? '') as RefundStatus | '';
    out.set(i.id, {
      refund_status: status,
      refund_status_text: status ? REFUND_STATUS_LABELS[status] : '',
      refund_note: latest?.operator_note ?? '',
      refund_amount: mine.filter((r) => r.status === 'succeeded').reduce((n, r) => n + r.amount, 0),
      can_refund: open && refusalFor(mine as RefundRow[]) === null ? 1 : 0,
    });
  }
  return out;
}
