import type { Generated } from 'kysely';

/** Tables of refunds: one request per order item and attempt (joined into Database in ../../db/schema.ts). */
/**
 * A refund request of one order item (areas/refunds/order-refund.ts): pending_review (waits for an operator), processing
 * (sent or being sent to WeChat Pay under `out_refund_no`, the same number on every retry), succeeded (the
 * entitlement withdrawn in the same transaction), rejected (by an operator, with a note), failed (WeChat Pay closed
 * or refused it). Money is fen.
 */
export interface RefundTable {
  id: Generated<number>;
  order_goods_id: number;
  order_id: number;
  user_id: number;
  amount: number;
  reason: string;
  status: string;
  /** Why it waits for an operator ('' for the instant path): used, late, physical, vip. */
  hold_reason: string;
  out_refund_no: string;
  /** WeChat Pay's refund id once known. */
  refund_id: string;
  /** WeChat Pay's last word: PROCESSING, SUCCESS, ABNORMAL, CLOSED. */
  provider_status: string;
  /** Where WeChat Pay sends the refund's notification (kept for re-sends). */
  notify_url: string;
  last_error: string;
  operator_note: string;
  /** The item's id while the request is open or succeeded, NULL once rejected or failed (unique: one per item). */
  active_item_id: number | null;
  /** Sends and queries of WeChat Pay so far. */
  attempts: number;
  /** When the reconciler may next ask WeChat Pay about a processing refund. */
  next_check_at: number;
  created_at: number;
  updated_at: number;
  reviewed_at: number | null;
  succeeded_at: number | null;
}

export interface RefundTables {
  refunds: RefundTable;
}
