import type { DialectName } from '../connect';
import { type AnyDb, blank, notNull, withId, zero } from './columns';

/**
 * Shipping and tracking: each parcel an operator shipped for a physical order item — carrier, tracking
 * number, the receiver's mobile for carriers that answer only with it — and the track last answered by the tracking
 * provider (state, events as JSON, when it answered), with when it may be asked again (also the lease of the one
 * request asking it now), so the provider is not asked on every page view.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('shipments'), dialect)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('order_goods_id', 'integer', (c) => c.notNull().references('order_goods.id'))
    .addColumn('carrier_code', 'varchar(32)', notNull)
    .addColumn('tracking_no', 'varchar(32)', notNull)
    .addColumn('phone', 'varchar(20)', blank)
    .addColumn('shipped_at', 'integer', notNull)
    .addColumn('shipped_by', 'varchar(64)', blank)
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('events', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('queried_at', 'integer', zero)
    .addColumn('next_query_at', 'integer', zero)
    .addColumn('query_error', 'varchar(255)', blank)
    .execute();
  await db.schema
    .createIndex('shipments_item_parcel')
    .on('shipments')
    .columns(['order_goods_id', 'carrier_code', 'tracking_no'])
    .unique()
    .execute();
  await db.schema.createIndex('shipments_tracking_no').on('shipments').columns(['tracking_no']).execute();
}
