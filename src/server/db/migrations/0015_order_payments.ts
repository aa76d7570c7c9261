import type { DialectName } from '../connect';
import { type AnyDb, blank, notNull, withId, zero } from './columns';

/**
 * Our side of paying an order: each prepay (JSAPI prepay_id, 2 hours) or H5 cashier URL (5 minutes) asked of WeChat
 * Pay, kept to be reused for the same order and amount, and when WeChat Pay was last asked about it; the orders'
 * payment lease (areas/orders/order-pay-lock.ts).
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('order_payments'), dialect)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('channel', 'varchar(8)', notNull)
    .addColumn('out_trade_no', 'varchar(64)', notNull)
    .addColumn('amount', 'integer', notNull)
    .addColumn('prepay_id', 'varchar(64)', blank)
    .addColumn('h5_url', 'varchar(1024)', blank)
    .addColumn('openid', 'varchar(128)', blank)
    .addColumn('created_at', 'integer', notNull)
    .addColumn('expires_at', 'integer', notNull)
    .addColumn('queried_at', 'integer', zero)
    .execute();
  await db.schema.alterTable('orders').addColumn('pay_lock_until', 'integer', zero).execute();
  await db.schema.alterTable('orders').addColumn('pay_lock_owner', 'varchar(32)', blank).execute();
  await db.schema.createIndex('order_payments_order').on('order_payments').columns(['order_id', 'channel', 'expires_at']).execute();
}
