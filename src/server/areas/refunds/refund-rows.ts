/**
 * Refund requests as rows: their types, the statuses that count, the refund number, the notify URL and the
 * view a learner gets. Shared by applying (order-refund.ts), settling with WeChat Pay (refund-settle.ts) and the
 * operator's review (refund-review.ts).
 */

import crypto from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import { REFUND_STATUS_LABELS, type RefundStatus, type RefundView } from '../../../contract/refunds';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import type { Providers } from '../../providers';

/** What the refund functions need: a request context, the server's services, or the operator script's few parts. */
/** What refund work needs; `hooks` when a server runs it (the ops script settles without announcing). */
export type RefundServices = Pick<Services, 'db' | 'config' | 'clock'> & { providers: Pick<Providers, 'pay'>; hooks?: Services['hooks'] };

export type RefundRow = Selectable<Database['refunds']>;

/** Where WeChat Pay sends refund notifications (named in each refund request): next to the payments' NOTIFY_PATH. */
export const REFUND_NOTIFY_PATH = '/api/pay/notify/wechat/refund';

/** An unused virtual item is refunded at once within this time after payment. */
export const INSTANT_REFUND_SECONDS = 7 * 86400;

/** WeChat Pay refunds a payment within one year; later applications are refused. */
export const REFUND_WINDOW_SECONDS = 365 * 86400;

export const OPEN_STATUSES: readonly RefundStatus[] = ['pending_review', 'processing'];

/** Requests whose money is (or may be) on its way back: they count against what remains refundable of the order. */
export const HOLDING_STATUSES: readonly RefundStatus[] = ['pending_review', 'processing', 'succeeded'];

/** Why a request waits for an operator, as the operator reads it. */
export const HOLD_REASONS: Record<string, string> = {
  physical: '实物商品',
  vip: '会员',
  late: '支付已超过 7 天',
  used: '已开始使用',
};

/** The notify URL of refunds: next to the payment one (PAY_NOTIFY_URL's origin), else this server's origin. */
export function refundNotifyUrlOf(s: Pick<Services, 'config'>, origin: string): string {
  return s.config.payNotifyUrl ? new URL(REFUND_NOTIFY_PATH, s.config.payNotifyUrl).href : `${origin}${REFUND_NOTIFY_PATH}`;
}

/** A refund number: `RF`, the day, 16 random hex digits (unique; WeChat Pay takes up to 64 of [A-Za-z0-9_-|*@]). */
export function newOutRefundNo(now: number): string {
  const day = new Date(now * 1000).toISOString().slice(0, 10).replaceAll('-', '');
  return `RF${day}${crypto.randomBytes(8).toString('hex')}`;
}

/** A new refund request of one order item: a fresh refund number, the notify URL, nothing sent or settled yet. */
export function newRefundValues(
  s: Pick<Services, 'config'>,
  r: { itemId: number; orderId: number; userId: number; amount: number; reason: string; hold: string; origin: string; now: number },
): Insertable<Database['refunds']> {
  return {
    order_goods_id: r.itemId,
    order_id: r.orderId,
    user_id: r.userId,
    amount: r.amount,
    reason: r.reason,
    status: r.hold ? 'pending_review' : 'processing',
    hold_reason: r.hold,
    out_refund_no: newOutRefundNo(r.now),
    refund_id: '',
    provider_status: '',
    notify_url: refundNotifyUrlOf(s, r.origin),
    last_error: '',
    operator_note: '',
    active_item_id: r.itemId,
    attempts: 0,
    next_check_at: r.now,
    created_at: r.now,
    updated_at: r.now,
    reviewed_at: null,
    succeeded_at: null,
  };
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

export async function refundRowOrThrow(s: Pick<Services, 'db'>, id: number): Promise<RefundRow> {
  const r = await refundRow(s, id);
  if (!r) throw notFound(`退款申请 ${id} `);
  return r;
}

export async function statusOf(s: Pick<Services, 'db'>, id: number): Promise<string> {
  const r = await refundRow(s, id);
  return r ? REFUND_STATUS_LABELS[r.status as RefundStatus] : '不存在';
}

// ---- What the order replies show ----
