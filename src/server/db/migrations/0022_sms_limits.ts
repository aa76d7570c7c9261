import type { DialectName } from '../connect';
import { type AnyDb, notNull, zero } from './columns';

/**
 * Limits against SMS pumping (areas/accounts/sms-limits.ts): `sms_send_counters` counts the codes sent per sender and
 * window (an IP or a device id per hour and per China day, all senders per hour), one row per window, raised with a
 * conditional upsert so that parallel sends on several servers cannot pass a limit. `sms_challenge_uses` keeps the
 * signature of every solved challenge until it expires, so a solution is spent once.
 */
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('sms_send_counters')
    .addColumn('scope', 'varchar(16)', notNull)
    .addColumn('subject', 'varchar(128)', notNull)
    .addColumn('window_start', 'integer', notNull)
    .addColumn('sends', 'integer', zero)
    .addPrimaryKeyConstraint('sms_send_counters_pk', ['scope', 'subject', 'window_start'])
    .execute();
  await db.schema.createIndex('sms_send_counters_window').on('sms_send_counters').columns(['window_start']).execute();
  await db.schema
    .createTable('sms_challenge_uses')
    .addColumn('signature', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('expires_at', 'integer', notNull)
    .execute();
  await db.schema.createIndex('sms_challenge_uses_expiry').on('sms_challenge_uses').columns(['expires_at']).execute();
}
