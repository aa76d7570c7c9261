import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it is at that version.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const t = db.schema.createTable('feedback');
  await (dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('page_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
}
