import { sql } from 'kysely';
import type { DialectName } from '../connect';
import type { AnyDb } from './columns';

/** Tables whose rows the read cache (src/server/cache) serves from memory. A newly cached table needs a new migration. */
export const CACHED_TABLES = [
  'genera',
  'categories',
  'news',
  'notices',
  'banners',
  'hot_words',
  'districts',
  'strategies',
  'courses',
  'ebooks',
] as const;

/**
 * PostgreSQL: one version counter per cached table, bumped by a statement trigger inside the writing transaction,
 * so it moves exactly when the write commits — whichever app server, script or psql session wrote. Every app
 * server compares its cache against these counters (src/server/db/table-versions.ts). The trigger function finds
 * `cache_versions` in the schema of the table it fires on, whatever the session's search_path.
 * SQLite: nothing (one process owns the file; the driver sees its own commits and `PRAGMA data_version` the rest).
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.schema
    .createTable('cache_versions')
    .addColumn('table_name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('cache_versions')
    .values(CACHED_TABLES.map((t) => ({ table_name: t, version: 0 })))
    .execute();
  await sql
    .raw(
      `CREATE FUNCTION bump_cache_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('UPDATE %I.cache_versions SET version = version + 1 WHERE table_name = $1', TG_TABLE_SCHEMA) USING TG_TABLE_NAME;
  RETURN NULL;
END $$`,
    )
    .execute(db);
  for (const t of CACHED_TABLES) {
    await sql
      .raw(
        `CREATE TRIGGER ${t}_cache_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${t} FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version()`,
      )
      .execute(db);
  }
}
