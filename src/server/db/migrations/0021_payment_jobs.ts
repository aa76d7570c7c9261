import type { DialectName } from '../connect';
import { type AnyDb, zero } from './columns';

/**
 * The order jobs' own schedule (areas/payments/payment-jobs.ts): `next_check_at` is when the sweeper may next ask
 * WeChat Pay about a pending order (close it once expired, or reconcile it), claimed by a conditional update so one
 * server asks at a time; `close_attempts` counts the tries to close it once expired and widens the gap after each
 * failure, so an order whose calls keep failing never holds up the others. One column per ALTER: SQLite adds a single column per statement.
 */
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('orders').addColumn('next_check_at', 'integer', zero).execute();
  await db.schema.alterTable('orders').addColumn('close_attempts', 'integer', zero).execute();
  await db.schema.createIndex('orders_due').on('orders').columns(['status', 'next_check_at']).execute();
}
