import { type ColumnDefinitionBuilder, sql } from 'kysely';
import type { DialectName } from '../connect';
import { type AnyDb, blank, notNull, withId, zero } from './columns';

const user = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id');

/** Addresses, messages (and their templates), collections, VIP types and memberships. */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  const table = (name: string) => db.schema.createTable(name);

  await withId(table('addresses'), dialect)
    .addColumn('user_id', 'integer', user)
    .addColumn('name', 'varchar(32)', notNull)
    .addColumn('mobile', 'varchar(20)', notNull)
    .addColumn('tag', 'varchar(16)', blank)
    .addColumn('district_1_id', 'integer', notNull)
    .addColumn('district_1_name', 'varchar(64)', notNull)
    .addColumn('district_2_id', 'integer', zero)
    .addColumn('district_2_name', 'varchar(64)', blank)
    .addColumn('district_3_id', 'integer', zero)
    .addColumn('district_3_name', 'varchar(64)', blank)
    .addColumn('detail', 'varchar(255)', notNull)
    .addColumn('is_default', 'integer', zero)
    .addColumn('created_at', 'integer', notNull)
    .addColumn('updated_at', 'integer', notNull)
    .execute();
  await db.schema.createIndex('addresses_user').on('addresses').column('user_id').execute();
  // Only one default address per user, enforced by the database as well as by the service.
  await db.schema
    .createIndex('addresses_one_default')
    .on('addresses')
    .column('user_id')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  await withId(table('messages'), dialect)
    .addColumn('user_id', 'integer', user)
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('title', 'varchar(128)', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('link', 'varchar(255)', blank)
    .addColumn('is_read', 'integer', zero)
    .addColumn('created_at', 'integer', notNull)
    .addColumn('read_at', 'integer')
    .execute();
  await db.schema.createIndex('messages_user_created').on('messages').columns(['user_id', 'created_at']).execute();

  await table('message_templates')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('title', 'varchar(128)', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('link', 'varchar(255)', blank)
    .addColumn('sort', 'integer', zero)
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await table('message_inits')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('created_at', 'integer', notNull)
    .execute();

  await withId(table('collections'), dialect)
    .addColumn('user_id', 'integer', user)
    .addColumn('type', 'varchar(16)', notNull)
    .addColumn('ref_id', 'integer', notNull)
    .addColumn('genus_id', 'integer', zero)
    .addColumn('category_id', 'integer', zero)
    .addColumn('title', 'varchar(255)', notNull)
    .addColumn('summary', 'text', blank)
    .addColumn('cover', 'varchar(255)', blank)
    .addColumn('link', 'varchar(255)', blank)
    .addColumn('created_at', 'integer', notNull)
    .addUniqueConstraint('collections_user_type_ref', ['user_id', 'type', 'ref_id'])
    .execute();
  await db.schema.createIndex('collections_user_created').on('collections').columns(['user_id', 'created_at']).execute();

  await table('vip_types')
    .addColumn('key', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', notNull)
    .addColumn('description', 'text', blank)
    .addColumn('benefits', 'text', blank)
    .addColumn('genus_name', 'varchar(64)', blank)
    .addColumn('sort', 'integer', zero)
    .execute();

  await withId(table('user_vips'), dialect)
    .addColumn('user_id', 'integer', user)
    .addColumn('vip_type', 'varchar(32)', (c) => c.notNull().references('vip_types.key'))
    .addColumn('genus_id', 'integer')
    .addColumn('category_id', 'integer')
    .addColumn('started_at', 'integer', notNull)
    .addColumn('expires_at', 'integer', notNull)
    .addColumn('source', 'varchar(32)', blank)
    .execute();
  await db.schema.createIndex('user_vips_user').on('user_vips').columns(['user_id', 'expires_at']).execute();
}
