/**
 * Refunds. A learner applies for the refund of one item of a paid order (`order.apply_refund`); the
 * request is a row of `refunds` with its own refund number (`out_refund_no`), made once and sent to WeChat Pay on every
 * retry, so however often it is sent the money goes back once.
 *
 *   pending_review ──approve──▶ processing ──WeChat Pay SUCCESS──▶ succeeded   (entitlement withdrawn, same transaction)
 *        │                        │  └──────CLOSED / definite refusal──▶ failed
 *        └──reject──▶ rejected    └── no answer / busy / ABNORMAL: stays processing; retried and queried later
 *
 * An unused course, e-book or question bank within 7 days of payment starts at `processing` and is sent in the request
 * itself; anything else (used, later, VIP, physical goods) waits for an operator (scripts/ops/refunds.ts). WeChat
 * Pay's word comes from its signed reply, its signed and encrypted notification (areas/refunds/refund-notify.ts) or a query
 * (the reconciler in the order sweeper, the operator's `retry`); whichever comes first moves the request to succeeded
 * by one conditional UPDATE, so the entitlement is withdrawn exactly once. Amounts never exceed what was paid: an
 * item's refund is its snapshot price × quantity (capped by what remains refundable of the order), and only one
 * request per item may be open or succeeded (a unique index on `active_item_id`).
 */

import { REFUND_REQUESTS_PER_ITEM, REFUND_STATUS_LABELS, type RefundStatus, type RefundView } from '../../../contract/refunds';
import { isOwnedKind } from '../../../protocol/owned-content';
import type { Services } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { inTransaction } from '../../http/transaction';
import { deliveredSince } from '../courses';
import type { OrderItemRow, OrderRow } from '../orders/tables';
import {
  HOLDING_STATUSES,
  INSTANT_REFUND_SECONDS,
  newRefundValues,
  OPEN_STATUSES,
  REFUND_WINDOW_SECONDS,
  type RefundRow,
  type RefundServices,
  refundViewOf,
} from './refund-rows';
import { sendRefund } from './refund-settle';

type ItemRow = OrderItemRow;

/**
 * Whether the buyer has started using what the item sells since `since` (the payment): paid content of it delivered
 * by the server (a signed URL of a video that is not a free preview, of the course or a course of the bundle; a
 * chapter past the free ones; a bank's questions: areas/courses/content-deliveries.ts), or, as the client reports, such a
 * video watched, such a chapter read, a question answered or an exam paper started. The delivery records come first:
 * what a client reports is up to the client (an offline download reports nothing).
 */
export async function usedSince(s: Pick<Services, 'db'>, userId: number, kind: string, refId: number, since: number): Promise<boolean> {
  const db = s.db.kysely;
  if (kind === 'course') {
    const children = await db.selectFrom('course_children').select('course_id').where('bundle_id', '=', refId).execute();
    const ids = [refId, ...children.map((c) => c.course_id)];
    if (await deliveredSince(s, userId, 'course', ids, since)) return true;
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
    if (await deliveredSince(s, userId, 'ebook', [refId], since)) return true;
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
    if (await deliveredSince(s, userId, 'question_bank', [refId], since)) return true;
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
  if (!isOwnedKind(item.kind)) return 'vip';
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
  const created = await inTransaction(s, async (tx) => {
    const trx = tx.db.kysely;
    const prior = await trx.selectFrom('refunds').selectAll().where('order_goods_id', '=', item.id).execute();
    const refused = refusalFor(prior);
    if (refused) throw conflict(refused);
    const amount = Math.min(item.amount, await refundableOf(tx, order, item.id));
    if (amount <= 0 && item.amount > 0) throw conflict('该订单已没有可退的金额');
    try {
      return await trx
        .insertInto('refunds')
        .values(newRefundValues(s, { itemId: item.id, orderId: order.id, userId, amount, reason, hold, origin, now }))
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
