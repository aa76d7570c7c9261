import { type ColumnDefinitionBuilder, sql } from 'kysely';
import type { DialectName } from '../connect';
import { type AnyDb, blank, notNull, withId, zero } from './columns';

const genusRef = (c: ColumnDefinitionBuilder) => c.notNull().references('genera.id');
const categoryRef = (c: ColumnDefinitionBuilder) => c.notNull().references('categories.id');

/** Searchable tables: [table, title column, body column]. Must match SEARCH_SOURCES in services/search-sources.ts. */
const SEARCHABLE = [
  ['news', 'title', 'content'],
  ['strategies', 'title', 'content'],
  ['courses', 'name', 'intro'],
  ['ebooks', 'name', 'intro'],
] as const;

/**
 * SQLite: an external-content FTS5 table per searchable table (trigram tokenizer: substring matching that works
 * for Chinese, which has no spaces), kept in sync by triggers, and filled from existing rows.
 */
async function sqliteFullText(db: AnyDb): Promise<void> {
  for (const [table, title, body] of SEARCHABLE) {
    const fts = `${table}_fts`;
    await sql
      .raw(`CREATE VIRTUAL TABLE ${fts} USING fts5(${title}, ${body}, content='${table}', content_rowid='id', tokenize='trigram')`)
      .execute(db);
    await sql.raw(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`).execute(db);
    const add = `INSERT INTO ${fts}(rowid, ${title}, ${body}) VALUES (new.id, new.${title}, new.${body});`;
    const remove = `INSERT INTO ${fts}(${fts}, rowid, ${title}, ${body}) VALUES ('delete', old.id, old.${title}, old.${body});`;
    await sql.raw(`CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${table} BEGIN ${add} END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${table} BEGIN ${remove} END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${fts}_au AFTER UPDATE OF ${title}, ${body} ON ${table} BEGIN ${remove} ${add} END`).execute(db);
  }
}

/**
 * PostgreSQL: GIN trigram indexes (pg_trgm) on title and body, which serve `ILIKE '%word%'`. The extension goes
 * into `public` so that it outlives per-run test schemas; Kysely's migration lock serializes concurrent installs.
 */
async function postgresTrigram(db: AnyDb): Promise<void> {
  const findSchema = async () =>
    (
      await sql<{
        nspname: string;
      }>`SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.nspname;
  let schema = await findSchema();
  if (!schema) {
    try {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
    } catch (err) {
      throw new Error(`搜索需要 PostgreSQL 扩展 pg_trgm，请以有权限的用户执行 CREATE EXTENSION pg_trgm（${String(err)}）`);
    }
    schema = (await findSchema()) ?? 'public';
  }
  const opclass = `"${schema.replaceAll('"', '""')}".gin_trgm_ops`;
  for (const [table, title, body] of SEARCHABLE) {
    for (const col of [title, body]) {
      await sql.raw(`CREATE INDEX ${table}_${col}_trgm ON ${table} USING gin (${col} ${opclass})`).execute(db);
    }
  }
}

/** Strategies, going list, sign-up info and syllabus, columns, minimal course and e-book catalogues, search indexes. */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('strategies'), dialect)
    .addColumn('genus_id', 'integer', genusRef)
    .addColumn('category_id', 'integer', categoryRef)
    .addColumn('title', 'varchar(255)', notNull)
    .addColumn('summary', 'text', blank)
    .addColumn('cover', 'varchar(255)', blank)
    .addColumn('content', 'text', notNull)
    .addColumn('author', 'varchar(64)', blank)
    .addColumn('view_count', 'integer', zero)
    .addColumn('is_top', 'integer', zero)
    .addColumn('published_at', 'integer', notNull)
    .execute();
  await db.schema
    .createIndex('strategies_subject_published')
    .on('strategies')
    .columns(['genus_id', 'category_id', 'published_at'])
    .execute();

  await withId(db.schema.createTable('going_items'), dialect)
    .addColumn('genus_id', 'integer', genusRef)
    .addColumn('category_id', 'integer', categoryRef)
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('title', 'varchar(255)', notNull)
    .addColumn('description', 'text', blank)
    .addColumn('link', 'varchar(255)', blank)
    .addColumn('start_at', 'integer', notNull)
    .addColumn('end_at', 'integer', notNull)
    .execute();
  await db.schema.createIndex('going_items_subject_end').on('going_items').columns(['genus_id', 'category_id', 'end_at']).execute();

  await withId(db.schema.createTable('exam_guides'), dialect)
    .addColumn('genus_id', 'integer', genusRef)
    .addColumn('category_id', 'integer', categoryRef)
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('title', 'varchar(255)', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('link', 'varchar(255)', blank)
    .addColumn('updated_at', 'integer', notNull)
    .addUniqueConstraint('exam_guides_category_kind', ['category_id', 'kind'])
    .execute();

  await withId(db.schema.createTable('study_columns'), dialect)
    .addColumn('genus_id', 'integer', genusRef)
    .addColumn('title', 'varchar(128)', notNull)
    .addColumn('intro', 'text', blank)
    .addColumn('cover', 'varchar(255)', blank)
    .addColumn('sort', 'integer', zero)
    .addColumn('created_at', 'integer', notNull)
    .execute();
  await db.schema.createIndex('study_columns_genus').on('study_columns').columns(['genus_id', 'sort']).execute();

  await withId(db.schema.createTable('column_articles'), dialect)
    .addColumn('column_id', 'integer', (c) => c.notNull().references('study_columns.id'))
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('ref_id', 'integer', notNull)
    .addColumn('sort', 'integer', zero)
    .execute();
  await db.schema.createIndex('column_articles_column').on('column_articles').columns(['column_id', 'sort']).execute();

  await withId(db.schema.createTable('courses'), dialect)
    .addColumn('genus_id', 'integer', genusRef)
    .addColumn('category_id', 'integer', categoryRef)
    .addColumn('name', 'varchar(255)', notNull)
    .addColumn('intro', 'text', blank)
    .addColumn('cover', 'varchar(255)', blank)
    .addColumn('teacher', 'varchar(64)', blank)
    .addColumn('lesson_count', 'integer', zero)
    .addColumn('member_count', 'integer', zero)
    .addColumn('price', 'integer', zero)
    .addColumn('is_free', 'integer', zero)
    .addColumn('is_hot', 'integer', zero)
    .addColumn('is_recommend', 'integer', zero)
    .addColumn('created_at', 'integer', notNull)
    .execute();
  await db.schema.createIndex('courses_subject_created').on('courses').columns(['genus_id', 'category_id', 'created_at']).execute();

  await withId(db.schema.createTable('ebooks'), dialect)
    .addColumn('genus_id', 'integer', genusRef)
    .addColumn('category_id', 'integer', categoryRef)
    .addColumn('name', 'varchar(255)', notNull)
    .addColumn('intro', 'text', blank)
    .addColumn('cover', 'varchar(255)', blank)
    .addColumn('author', 'varchar(64)', blank)
    .addColumn('chapter_count', 'integer', zero)
    .addColumn('price', 'integer', zero)
    .addColumn('is_free', 'integer', zero)
    .addColumn('created_at', 'integer', notNull)
    .execute();
  await db.schema.createIndex('ebooks_subject_created').on('ebooks').columns(['genus_id', 'category_id', 'created_at']).execute();

  await (dialect === 'postgres' ? postgresTrigram(db) : sqliteFullText(db));
}
