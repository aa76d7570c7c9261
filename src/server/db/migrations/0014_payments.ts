import type { ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from '../connect';
import { type AnyDb, blank, notNull, zero } from './columns';

const text64 = (c: ColumnDefinitionBuilder) => c.notNull();

/**
 * WeChat Pay's offline sandbox keeps its side of the world here, as WeChat Pay would on its servers: the
 * transactions merchants created (by out_trade_no) and their refunds. Our own payment records come with the pay calls.
 */
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('sandbox_pay_transactions')
    .addColumn('out_trade_no', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('mchid', 'varchar(32)', text64)
    .addColumn('appid', 'varchar(64)', text64)
    .addColumn('channel', 'varchar(8)', notNull)
    .addColumn('description', 'varchar(255)', blank)
    .addColumn('total', 'integer', notNull)
    .addColumn('notify_url', 'varchar(512)', notNull)
    .addColumn('openid', 'varchar(128)', blank)
    .addColumn('request_hash', 'varchar(64)', notNull)
    .addColumn('prepay_id', 'varchar(64)', notNull)
    .addColumn('trade_state', 'varchar(16)', notNull)
    .addColumn('transaction_id', 'varchar(64)', blank)
    .addColumn('created_at', 'integer', notNull)
    .addColumn('time_expire', 'integer', notNull)
    .addColumn('prepay_expires_at', 'integer', notNull)
    .addColumn('success_time', 'integer')
    .execute();
  await db.schema.createIndex('sandbox_pay_transactions_prepay').on('sandbox_pay_transactions').columns(['prepay_id']).unique().execute();
  await db.schema
    .createTable('sandbox_pay_refunds')
    .addColumn('out_refund_no', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('out_trade_no', 'varchar(64)', notNull)
    .addColumn('refund_id', 'varchar(64)', notNull)
    .addColumn('refund', 'integer', notNull)
    .addColumn('total', 'integer', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('notify_url', 'varchar(512)', blank)
    .addColumn('created_at', 'integer', zero)
    .execute();
}
