import type { Generated, Selectable } from 'kysely';

/**
 * Tables of orders (joined into Database in ../../db/schema.ts). Money is fen; times are unix seconds; flags 0/1. An
 * order's items keep a snapshot of the good's name, cover and price when it was made.
 */
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
  /** The gift (赠品) the good promised when ordered ('' none): a snapshot like the name and price. */
  gift: Generated<string>;
}

/** An Idempotency-Key of order creation: the same key and body return the same order for 24 hours. */
export interface OrderIdempotencyTable {
  user_id: number;
  key: string;
  body_hash: string;
  order_id: number;
  created_at: number;
}

export interface OrderTables {
  orders: OrderTable;
  order_goods: OrderGoodsTable;
  order_idempotency: OrderIdempotencyTable;
}

/** An order as read: declared once, here. */
export type OrderRow = Selectable<OrderTable>;
/** An order's item (`order_goods`) as read. */
export type OrderItemRow = Selectable<OrderGoodsTable>;
