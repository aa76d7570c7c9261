import type { DialectName } from '../connect';
import { type AnyDb, blank, notNull, withId, zero } from './columns';

export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  const table = (name: string) => db.schema.createTable(name);

  await table('meta')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .execute();

  await withId(table('users'), dialect)
    .addColumn('mobile', 'varchar(20)', (c) => c.unique())
    .addColumn('nickname', 'varchar(64)', blank)
    .addColumn('avatar', 'varchar(255)', blank)
    .addColumn('token_version', 'integer', zero)
    .addColumn('created_at', 'integer', notNull)
    .addColumn('last_login_at', 'integer', zero)
    .execute();

  await withId(table('sms_codes'), dialect)
    .addColumn('mobile', 'varchar(20)', notNull)
    .addColumn('purpose', 'varchar(16)', notNull)
    .addColumn('code_hash', 'varchar(64)', notNull)
    .addColumn('created_at', 'integer', notNull)
    .addColumn('expires_at', 'integer', notNull)
    .addColumn('attempts', 'integer', zero)
    .addColumn('consumed_at', 'integer')
    .execute();
  await db.schema.createIndex('sms_codes_mobile_created').on('sms_codes').columns(['mobile', 'created_at']).execute();

  await withId(table('third_identities'), dialect)
    .addColumn('provider', 'varchar(16)', notNull)
    .addColumn('openid', 'varchar(128)', notNull)
    .addColumn('nickname', 'varchar(64)', blank)
    .addColumn('avatar', 'varchar(255)', blank)
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'integer', notNull)
    .addUniqueConstraint('third_identities_provider_openid', ['provider', 'openid'])
    .execute();

  await table('third_auth_keys')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('identity_id', 'integer', (c) => c.notNull().references('third_identities.id'))
    .addColumn('expires_at', 'integer', notNull)
    .addColumn('used_at', 'integer')
    .execute();

  await table('oauth_states')
    .addColumn('state', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('redirect_url', 'text', notNull)
    .addColumn('created_at', 'integer', notNull)
    .addColumn('used_at', 'integer')
    .execute();

  await table('sandbox_oauth_codes')
    .addColumn('code', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('openid', 'varchar(128)', notNull)
    .addColumn('nickname', 'varchar(64)', blank)
    .addColumn('avatar', 'varchar(255)', blank)
    .addColumn('created_at', 'integer', notNull)
    .addColumn('used_at', 'integer')
    .execute();

  await withId(table('genera'), dialect)
    .addColumn('name', 'varchar(64)', notNull)
    .addColumn('icon', 'varchar(255)', blank)
    .addColumn('description', 'text', blank)
    .addColumn('sort', 'integer', zero)
    .execute();

  await withId(table('categories'), dialect)
    .addColumn('genus_id', 'integer', (c) => c.notNull().references('genera.id'))
    .addColumn('name', 'varchar(64)', notNull)
    .addColumn('sort', 'integer', zero)
    .execute();

  await withId(table('news'), dialect)
    .addColumn('genus_id', 'integer', (c) => c.notNull().references('genera.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('title', 'varchar(255)', notNull)
    .addColumn('summary', 'text', blank)
    .addColumn('cover', 'varchar(255)', blank)
    .addColumn('content', 'text', notNull)
    .addColumn('author', 'varchar(64)', blank)
    .addColumn('source', 'varchar(64)', blank)
    .addColumn('view_count', 'integer', zero)
    .addColumn('is_home', 'integer', zero)
    .addColumn('published_at', 'integer', notNull)
    .execute();
  await db.schema.createIndex('news_subject_published').on('news').columns(['genus_id', 'category_id', 'published_at']).execute();

  await withId(table('notices'), dialect)
    .addColumn('genus_id', 'integer')
    .addColumn('category_id', 'integer')
    .addColumn('title', 'varchar(255)', notNull)
    .addColumn('link', 'varchar(255)', blank)
    .addColumn('created_at', 'integer', notNull)
    .execute();

  await withId(table('banners'), dialect)
    .addColumn('genus_id', 'integer')
    .addColumn('category_id', 'integer')
    .addColumn('type', 'integer', notNull)
    .addColumn('title', 'varchar(128)', notNull)
    .addColumn('subtitle', 'varchar(255)', blank)
    .addColumn('color', 'varchar(16)', blank)
    .addColumn('image', 'varchar(255)', blank)
    .addColumn('link', 'varchar(255)', blank)
    .addColumn('content', 'text', blank)
    .addColumn('sort', 'integer', zero)
    .execute();

  await withId(table('hot_words'), dialect)
    .addColumn('genus_id', 'integer')
    .addColumn('category_id', 'integer')
    .addColumn('word', 'varchar(64)', notNull)
    .addColumn('hot', 'integer', zero)
    .execute();

  await table('districts')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer')
    .addColumn('name', 'varchar(64)', notNull)
    .addColumn('level', 'integer', notNull)
    .execute();
  await db.schema.createIndex('districts_parent').on('districts').column('parent_id').execute();

  await table('documents')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(128)', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('updated_at', 'integer', notNull)
    .execute();
}
