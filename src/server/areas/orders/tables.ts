import type { Generated } from 'kysely';

/**
 * Tables of the mall and orders (joined into Database in ../schema.ts). Money is fen; times are unix
 * seconds; flags 0/1. An order's items keep a snapshot of the good's name, cover and price when it was made.
 */
export interface GoodsTable {
  id: Generated<number>;
  /** course, ebook, question_bank, vip, physical. */
  kind: string;
  /** The course / e-book / top question bank sold (0 for vip and physical). */
  ref_id: number;
  vip_type: string;
  vip_days: number;
  /** 0: every subject. */
  genus_id: number;
  category_id: number;
  name: string;
  cover: string;
  cover_aspect_ratio: number;
  price: number;
  display_price: number;
  sales_volume: number;
  /** Physical goods: left to sell (never negative); -1: no stock (virtual). */
  stock: number;
  is_hot: number;
  is_top: number;
  is_recommend: number;
  must_buy: number;
  cet_vip: number;
  upgrade_vip: number;
  buy_gift: string;
  description: string;
  /** Selling points, one per line. */
  selling_point: string;
  on_sale: number;
  sort: number;
  created_at: number;
}

export interface OrderTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  /** pending, paid, close: changed only by areas/orders/order-state.ts. */
  status: string;
  total: number;
  /** JSON snapshot of the delivery address ('' without physical goods). */
  address: string;
  remark: string;
  referrer_id: number | null;
  created_at: number;
  /** When an unpaid order closes by itself. */
  expires_at: number;
  paid_at: number | null;
  closed_at: number | null;
  /** user, timeout. */
  close_reason: string;
  /** Lease of the one payment operation (pay, close) under way: areas/orders/order-pay-lock.ts. */
  pay_lock_until: Generated<number>;
  pay_lock_owner: Generated<string>;
  /** When the order sweeper may next ask WeChat Pay about it (claimed by a conditional update; areas/payments/payment-jobs.ts). */
  next_check_at: Generated<number>;
  /** The sweeper's tries to close it once expired (widens the retry gap of an order whose calls keep failing). */
  close_attempts: Generated<number>;
}

export interface OrderGoodsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  good_id: number;
  kind: string;
  ref_id: number;
  vip_type: string;
  vip_days: number;
  name: string;
  cover: string;
  /** Unit price when ordered. */
  price: number;
  quantity: number;
  amount: number;
}

/** An Idempotency-Key of order creation: the same key and body return the same order for 24 hours. */
export interface OrderIdempotencyTable {
  user_id: number;
  key: string;
  body_hash: string;
  order_id: number;
  created_at: number;
}

/** A VIP redemption code, used once. */
export interface VipCodeTable {
  code: string;
  vip_type: string;
  days: number;
  expires_at: number;
  used_by: number | null;
  used_at: number | null;
  batch: string;
}

export interface VipCodeAttemptTable {
  id: Generated<number>;
  user_id: number;
  ok: number;
  created_at: number;
}

/** WeChat Pay's side of a transaction, as the offline sandbox keeps it. */
export interface SandboxPayTransactionTable {
  out_trade_no: string;
  mchid: string;
  appid: string;
  /** jsapi or h5. */
  channel: string;
  description: string;
  total: number;
  notify_url: string;
  openid: string;
  /** sha256 of the order's parameters: a re-sent out_trade_no must carry the same ones. */
  request_hash: string;
  prepay_id: string;
  /** NOTPAY, SUCCESS, CLOSED, PAYERROR, REFUND. */
  trade_state: string;
  transaction_id: string;
  created_at: number;
  time_expire: number;
  /** The current prepay_id is valid until then (2 hours); a later re-send of the order gets a new one. */
  prepay_expires_at: number;
  success_time: number | null;
}

export interface SandboxPayRefundTable {
  out_refund_no: string;
  out_trade_no: string;
  refund_id: string;
  refund: number;
  total: number;
  status: string;
  notify_url: string;
  created_at: number;
}

/** A prepay or H5 cashier URL asked of WeChat Pay for an order (reused while valid for the same amount). */
export interface OrderPaymentTable {
  id: Generated<number>;
  order_id: number;
  /** jsapi or h5. */
  channel: string;
  out_trade_no: string;
  amount: number;
  prepay_id: string;
  h5_url: string;
  openid: string;
  created_at: number;
  /** prepay_id: 2 hours; h5_url: 5 minutes (WeChat Pay's limits). */
  expires_at: number;
  /** When WeChat Pay was last asked about the order (status polling, the reconciler). */
  queried_at: number;
}

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

/**
 * Paid content the server delivered to a user (areas/courses/content-deliveries.ts): one row per user and item, what the
 * instant refund reads to tell whether the item was used.
 */
export interface ContentDeliveryTable {
  user_id: number;
  /** course (the video's own course, also when opened through a bundle), ebook or question_bank (the top bank). */
  kind: string;
  ref_id: number;
  /** The first delivery. */
  first_at: number;
  /** The latest delivery, recorded at most DELIVERY_RECORD_SECONDS late. */
  last_at: number;
}

/** A parcel shipped for a physical order item, with the track the tracking provider last answered. */
export interface ShipmentTable {
  id: Generated<number>;
  order_id: number;
  order_goods_id: number;
  /** Kuaidi100's company code (providers/tracking/carriers.json). */
  carrier_code: string;
  /** Upper-case letters, digits and '-'. */
  tracking_no: string;
  /** The receiver's mobile, kept only for carriers that answer with it alone (SF); never sent to the client. */
  phone: Generated<string>;
  shipped_at: number;
  /** Who shipped it (the ops script's --by, else the system user). */
  shipped_by: Generated<string>;
  /** A contract TRACKING_STATES value. */
  state: Generated<string>;
  /** JSON `[{time, text}]`, newest first. */
  events: Generated<string>;
  /** When the provider last answered (0: never). */
  queried_at: Generated<number>;
  /** Not asked again before this (a refresh interval, a retry delay, or the lease of the request asking now). */
  next_query_at: Generated<number>;
  /** Why the latest query failed ('' after a success); for operators, never holds a key. */
  query_error: Generated<string>;
}

export interface MallTables {
  refunds: RefundTable;
  order_payments: OrderPaymentTable;
  sandbox_pay_transactions: SandboxPayTransactionTable;
  sandbox_pay_refunds: SandboxPayRefundTable;
  goods: GoodsTable;
  orders: OrderTable;
  order_goods: OrderGoodsTable;
  order_idempotency: OrderIdempotencyTable;
  vip_codes: VipCodeTable;
  vip_code_attempts: VipCodeAttemptTable;
  shipments: ShipmentTable;
  content_deliveries: ContentDeliveryTable;
}
