import type { DialectName } from '../connect';
import { type AnyDb, blank, notNull, withId, zero } from './columns';

/**
 * The activity engine (areas/activities): what changes while activities run. The activities themselves are files
 * (pages-config/_activities/<slug>.json); `activities` keeps the version each server accepted last, so an edit made
 * after the start that is worse for users can be refused on every server, and `activity_prizes` the stock left.
 * Participations (per activity, user and instance), an append-only event ledger with a dedupe key, invites (one
 * referrer per invitee and activity) and claims, unique per (activity, prize, user) and per (activity, prize, mobile),
 * each with an idempotency key. Instants of a window are unix milliseconds.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('activities')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('type', 'varchar(32)', notNull)
    .addColumn('version', 'varchar(64)', notNull)
    .addColumn('definition', 'text', notNull)
    .addColumn('starts_at_ms', 'bigint', notNull)
    .addColumn('ends_at_ms', 'bigint', notNull)
    .addColumn('accepted_at', 'integer', notNull)
    .execute();
  await db.schema
    .createTable('activity_prizes')
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id'))
    .addColumn('prize_id', 'varchar(32)', notNull)
    .addColumn('quantity', 'integer', notNull)
    .addColumn('stock_left', 'integer', notNull)
    .addPrimaryKeyConstraint('activity_prizes_pk', ['activity_id', 'prize_id'])
    .execute();
  await withId(db.schema.createTable('activity_participations'), dialect)
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('instance_key', 'varchar(64)', blank)
    .addColumn('progress', 'integer', zero)
    .addColumn('created_at', 'integer', notNull)
    .addUniqueConstraint('activity_participations_one', ['activity_id', 'user_id', 'instance_key'])
    .execute();
  await withId(db.schema.createTable('activity_events'), dialect)
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id'))
    .addColumn('kind', 'varchar(32)', notNull)
    .addColumn('user_id', 'integer')
    .addColumn('subject_id', 'integer')
    .addColumn('dedupe_key', 'varchar(160)', (c) => c.notNull().unique())
    .addColumn('detail', 'text', blank)
    .addColumn('created_at', 'integer', notNull)
    .execute();
  await db.schema.createIndex('activity_events_by_kind').on('activity_events').columns(['activity_id', 'kind', 'created_at']).execute();
  await withId(db.schema.createTable('activity_invites'), dialect)
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id'))
    .addColumn('referrer_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('invitee_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('source', 'varchar(16)', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('reason', 'varchar(64)', blank)
    .addColumn('ip', 'varchar(64)', blank)
    .addColumn('user_agent', 'varchar(256)', blank)
    .addColumn('device_id', 'varchar(64)', blank)
    .addColumn('created_at', 'integer', notNull)
    .addColumn('qualified_at', 'integer')
    .addColumn('qualified_day', 'varchar(10)', blank)
    .addColumn('qualifying_order_id', 'integer')
    .addUniqueConstraint('activity_invites_one_referrer', ['activity_id', 'invitee_id'])
    .execute();
  await db.schema.createIndex('activity_invites_by_referrer').on('activity_invites').columns(['activity_id', 'referrer_id']).execute();
  await db.schema.createIndex('activity_invites_by_invitee').on('activity_invites').columns(['invitee_id', 'status']).execute();
  await withId(db.schema.createTable('activity_claims'), dialect)
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id'))
    .addColumn('prize_id', 'varchar(32)', notNull)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('mobile', 'varchar(20)', notNull)
    .addColumn('idempotency_key', 'varchar(96)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('order_id', 'integer')
    .addColumn('created_at', 'integer', notNull)
    .addColumn('revoked_at', 'integer')
    .addUniqueConstraint('activity_claims_one_per_user', ['activity_id', 'prize_id', 'user_id'])
    .addUniqueConstraint('activity_claims_one_per_mobile', ['activity_id', 'prize_id', 'mobile'])
    .execute();
  await db.schema.createIndex('activity_claims_recent').on('activity_claims').columns(['status', 'created_at']).execute();
}
