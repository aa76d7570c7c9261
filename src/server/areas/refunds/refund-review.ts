/**
 * The operator's review of refund requests (scripts/ops/refunds.ts): list, approve (send to WeChat Pay),
 * reject with a note, retry a request under way.
 */

import type { Services } from '../../http/context';
import { conflict } from '../../http/errors';
import { type RefundRow, type RefundServices, refundRowOrThrow, statusOf } from './refund-rows';
import { checkRefund, sendRefund } from './refund-settle';

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
