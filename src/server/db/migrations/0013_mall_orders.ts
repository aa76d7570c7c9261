import type { ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from '../connect';
import { type AnyDb, blank, notNull, withId, zero } from './columns';

const user = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id');

/**
 * The mall and orders: goods (what sells a course, e-book, question bank, VIP type or a physical item; prices in
 * fen; stock for physical goods), orders with their items' snapshots, idempotency keys of order creation, and VIP
 * redemption codes with the attempts that rate-limit them.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  const table = (name: string) => db.schema.createTable(name);
  await withId(table('goods'), dialect)
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('ref_id', 'integer', zero)
    .addColumn('vip_type', 'varchar(32)', blank)
    .addColumn('vip_days', 'integer', zero)
    .addColumn('genus_id', 'integer', zero)
    .addColumn('category_id', 'integer', zero)
    .addColumn('name', 'varchar(128)', notNull)
    .addColumn('cover', 'varchar(255)', blank)
    .addColumn('cover_aspect_ratio', dialect === 'postgres' ? 'double precision' : 'real', (c) => c.notNull().defaultTo(1))
    .addColumn('price', 'integer', zero)
    .addColumn('display_price', 'integer', zero)
    .addColumn('sales_volume', 'integer', zero)
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('is_hot', 'integer', zero)
    .addColumn('is_top', 'integer', zero)
    .addColumn('is_recommend', 'integer', zero)
    .addColumn('must_buy', 'integer', zero)
    .addColumn('cet_vip', 'integer', zero)
    .addColumn('upgrade_vip', 'integer', zero)
    .addColumn('buy_gift', 'varchar(255)', blank)
    .addColumn('description', 'text', blank)
    .addColumn('selling_point', 'text', blank)
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', zero)
    .addColumn('created_at', 'integer', notNull)
    .execute();
  await db.schema.createIndex('goods_subject').on('goods').columns(['genus_id', 'category_id', 'on_sale']).execute();
  await db.schema.createIndex('goods_ref').on('goods').columns(['kind', 'ref_id']).execute();

  await withId(table('orders'), dialect)
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', user)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('total', 'integer', zero)
    .addColumn('address', 'text', blank)
    .addColumn('remark', 'varchar(255)', blank)
    .addColumn('referrer_id', 'integer')
    .addColumn('created_at', 'integer', notNull)
    .addColumn('expires_at', 'integer', notNull)
    .addColumn('paid_at', 'integer')
    .addColumn('closed_at', 'integer')
    .addColumn('close_reason', 'varchar(32)', blank)
    .execute();
  await db.schema.createIndex('orders_user_status').on('orders').columns(['user_id', 'status', 'id']).execute();
  await db.schema.createIndex('orders_pending_expiry').on('orders').columns(['status', 'expires_at']).execute();

  await withId(table('order_goods'), dialect)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('user_id', 'integer', user)
    .addColumn('good_id', 'integer', (c) => c.notNull().references('goods.id'))
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('ref_id', 'integer', zero)
    .addColumn('vip_type', 'varchar(32)', blank)
    .addColumn('vip_days', 'integer', zero)
    .addColumn('name', 'varchar(128)', notNull)
    .addColumn('cover', 'varchar(255)', blank)
    .addColumn('price', 'integer', zero)
    .addColumn('quantity', 'integer', notNull)
    .addColumn('amount', 'integer', zero)
    .execute();
  await db.schema.createIndex('order_goods_order').on('order_goods').columns(['order_id']).execute();
  await db.schema.createIndex('order_goods_user_good').on('order_goods').columns(['user_id', 'good_id']).execute();

  await table('order_idempotency')
    .addColumn('user_id', 'integer', user)
    .addColumn('key', 'varchar(64)', notNull)
    .addColumn('body_hash', 'varchar(64)', notNull)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('created_at', 'integer', notNull)
    .addPrimaryKeyConstraint('order_idempotency_pk', ['user_id', 'key'])
    .execute();

  await table('vip_codes')
    .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('vip_type', 'varchar(32)', notNull)
    .addColumn('days', 'integer', notNull)
    .addColumn('expires_at', 'integer', notNull)
    .addColumn('used_by', 'integer', (c) => c.references('users.id'))
    .addColumn('used_at', 'integer')
    .addColumn('batch', 'varchar(64)', blank)
    .execute();
  await withId(table('vip_code_attempts'), dialect)
    .addColumn('user_id', 'integer', user)
    .addColumn('ok', 'integer', zero)
    .addColumn('created_at', 'integer', notNull)
    .execute();
  await db.schema.createIndex('vip_code_attempts_user').on('vip_code_attempts').columns(['user_id', 'created_at']).execute();
}
