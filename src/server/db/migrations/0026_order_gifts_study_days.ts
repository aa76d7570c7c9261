import type { DialectName } from '../connect';
import { type AnyDb, blank, notNull } from './columns';

/**
 * Issue 24, round two. An order item keeps the gift (赠品) its good promised when it was ordered, as it keeps the name and
 * price. `study_days` holds one row per user and China day with a study action (a video progress report, an answered
 * question, a reading report), written by the users area when the action is announced; the user home counts them.
 */
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('order_goods').addColumn('gift', 'varchar(128)', blank).execute();
  await db.schema
    .createTable('study_days')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // The day's start in China time, unix seconds (chinaDayStart).
    .addColumn('day', 'integer', notNull)
    .addPrimaryKeyConstraint('study_days_pk', ['user_id', 'day'])
    .execute();
}
