import type { DialectName } from '../connect';
import { type AnyDb, notNull } from './columns';

/**
 * Paid content handed out (areas/courses/content-deliveries.ts): one row per user and item (a course, an e-book, a top
 * question bank) once the server has delivered a part of it that is not free (a signed play URL, a chapter past the
 * free ones, a bank's questions). The instant refund reads it to tell "unused" (areas/refunds/order-refund.ts), so what
 * counts as used does not depend on the reports a client chooses to send. `last_at` moves with later deliveries, so
 * an item bought again after a refund is judged by what was delivered since the new payment.
 */
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('content_deliveries')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('ref_id', 'integer', notNull)
    .addColumn('first_at', 'integer', notNull)
    .addColumn('last_at', 'integer', notNull)
    .addPrimaryKeyConstraint('content_deliveries_pk', ['user_id', 'kind', 'ref_id'])
    .execute();
}
