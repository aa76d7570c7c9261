import type { Generated } from 'kysely';

/** Tables of payments: prepays asked of WeChat Pay and the pay sandbox's own transactions and refunds (joined into Database in ../../db/schema.ts). */
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

export interface PaymentTables {
  order_payments: OrderPaymentTable;
  sandbox_pay_transactions: SandboxPayTransactionTable;
  sandbox_pay_refunds: SandboxPayRefundTable;
}
