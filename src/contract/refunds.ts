// Refunds of order items (the endpoint `order.apply_refund` is in ./order.ts): the states a request goes
// through, their labels, the reasons the client offers, and the request as answered.
import * as z from 'zod/mini';

export const REFUND_STATUSES = ['pending_review', 'processing', 'succeeded', 'rejected', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** What the learner reads for each state (a rejection adds the operator's note after `：`). */
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending_review: '退款审核中',
  processing: '退款中',
  succeeded: '已退款',
  rejected: '退款被拒绝',
  failed: '退款失败',
};

/** The reasons the refund sheet offers (the server takes any text of 1–200 characters). */
export const REFUND_REASONS = ['不想要了', '买错了或重复购买', '内容与描述不符', '无法正常观看或使用', '其他原因'] as const;

/** Limits: the reason's length; an item may be applied for at most this many times (after rejections or failures). */
export const REFUND_REASON_MAX = 200;
export const REFUND_REQUESTS_PER_ITEM = 3;

/** The reason a learner gives: required, trimmed, at most REFUND_REASON_MAX characters. */
export const refundReason = () =>
  z
    .string('须为字符串')
    .check(z.trim(), z.minLength(1, '请选择或填写退款原因'), z.maxLength(REFUND_REASON_MAX, `不能超过 ${REFUND_REASON_MAX} 个字符`));

export const refundStatusField = z.union([z.enum(REFUND_STATUSES), z.literal('')]);

export const refundView = z.object({
  id: z.number(),
  order_goods_id: z.number(),
  order_id: z.number(),
  status: z.enum(REFUND_STATUSES),
  status_text: z.string(),
  /** Fen: what was paid for the item (never more than remains refundable of the order). */
  amount: z.number(),
  reason: z.string(),
  /** The operator's note (a rejection's reason). */
  note: z.string(),
  created_at: z.number(),
});
export type RefundView = z.infer<typeof refundView>;
