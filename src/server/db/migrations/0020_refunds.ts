import type { DialectName } from '../connect';
import { type AnyDb, blank, notNull, withId, zero } from './columns';

/**
 * Refunds: one row per refund request of an order item (areas/refunds/order-refund.ts). `out_refund_no` is
 * made once per request and sent to WeChat Pay on every retry; `active_item_id` holds the item's id while the
 * request is open or has succeeded (NULL once rejected or failed), so a unique index allows one such request per item
 * on both databases (NULLs do not collide).
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('refunds'), dialect)
    .addColumn('order_goods_id', 'integer', (c) => c.notNull().references('order_goods.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'integer', notNull)
    .addColumn('reason', 'varchar(255)', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('hold_reason', 'varchar(64)', blank)
    .addColumn('out_refund_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('refund_id', 'varchar(64)', blank)
    .addColumn('provider_status', 'varchar(16)', blank)
    .addColumn('notify_url', 'varchar(512)', blank)
    .addColumn('last_error', 'varchar(255)', blank)
    .addColumn('operator_note', 'varchar(255)', blank)
    .addColumn('active_item_id', 'integer', (c) => c.unique())
    .addColumn('attempts', 'integer', zero)
    .addColumn('next_check_at', 'integer', zero)
    .addColumn('created_at', 'integer', notNull)
    .addColumn('updated_at', 'integer', notNull)
    .addColumn('reviewed_at', 'integer')
    .addColumn('succeeded_at', 'integer')
    .execute();
  await db.schema.createIndex('refunds_order').on('refunds').columns(['order_id']).execute();
  await db.schema.createIndex('refunds_item').on('refunds').columns(['order_goods_id', 'id']).execute();
  await db.schema.createIndex('refunds_status').on('refunds').columns(['status', 'next_check_at']).execute();
}
