import type { ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from '../connect';
import { type AnyDb, blank, notNull, withId, zero } from './columns';

const user = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id');
const ebook = (c: ColumnDefinitionBuilder) => c.notNull().references('ebooks.id');
const chapter = (c: ColumnDefinitionBuilder) => c.notNull().references('ebook_chapters.id');

/** E-books grow their free chapters and size; chapters as anchored spans, bookmarks, reading records and views. */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  const table = (name: string) => db.schema.createTable(name);
  await db.schema.alterTable('ebooks').addColumn('free_chapters', 'integer', zero).execute();
  await db.schema.alterTable('ebooks').addColumn('char_count', 'integer', zero).execute();

  await withId(table('ebook_chapters'), dialect)
    .addColumn('ebook_id', 'integer', ebook)
    .addColumn('sort', 'integer', notNull)
    .addColumn('title', 'varchar(128)', notNull)
    .addColumn('char_count', 'integer', zero)
    .addColumn('start_chars', 'integer', zero)
    .addColumn('span_count', 'integer', zero)
    .addColumn('spans', 'text', notNull)
    .addUniqueConstraint('ebook_chapters_book_sort', ['ebook_id', 'sort'])
    .execute();

  await table('ebook_stats')
    .addColumn('ebook_id', 'integer', (c) => c.primaryKey().references('ebooks.id'))
    .addColumn('view_count', 'integer', zero)
    .execute();

  await withId(table('ebook_bookmarks'), dialect)
    .addColumn('user_id', 'integer', user)
    .addColumn('ebook_id', 'integer', ebook)
    .addColumn('chapter_id', 'integer', chapter)
    .addColumn('span', 'integer', notNull)
    .addColumn('char_offset', 'integer', notNull)
    .addColumn('preview', 'varchar(64)', blank)
    .addColumn('fraction', dialect === 'postgres' ? 'double precision' : 'real', zero)
    .addColumn('client_id', 'varchar(64)')
    .addColumn('created_at', 'integer', notNull)
    .addUniqueConstraint('ebook_bookmarks_place', ['user_id', 'chapter_id', 'span', 'char_offset'])
    .addUniqueConstraint('ebook_bookmarks_client', ['user_id', 'client_id'])
    .execute();
  await db.schema.createIndex('ebook_bookmarks_user_book').on('ebook_bookmarks').columns(['user_id', 'ebook_id']).execute();

  await table('ebook_records')
    .addColumn('user_id', 'integer', user)
    .addColumn('ebook_id', 'integer', ebook)
    .addColumn('chapter_id', 'integer', chapter)
    .addColumn('has_anchor', 'integer', zero)
    .addColumn('span', 'integer', zero)
    .addColumn('char_offset', 'integer', zero)
    .addColumn('seconds', 'integer', zero)
    .addColumn('client_at', 'bigint', zero)
    .addColumn('updated_at', 'integer', notNull)
    .addPrimaryKeyConstraint('ebook_records_pk', ['user_id', 'ebook_id'])
    .execute();
  await db.schema.createIndex('ebook_records_user_updated').on('ebook_records').columns(['user_id', 'updated_at']).execute();

  await table('ebook_chapter_reads')
    .addColumn('user_id', 'integer', user)
    .addColumn('ebook_id', 'integer', ebook)
    .addColumn('chapter_id', 'integer', chapter)
    .addColumn('seconds', 'integer', zero)
    .addColumn('updated_at', 'integer', notNull)
    .addPrimaryKeyConstraint('ebook_chapter_reads_pk', ['user_id', 'chapter_id'])
    .execute();

  await table('ebook_read_reports')
    .addColumn('user_id', 'integer', user)
    .addColumn('client_id', 'varchar(64)', notNull)
    .addColumn('created_at', 'integer', notNull)
    .addPrimaryKeyConstraint('ebook_read_reports_pk', ['user_id', 'client_id'])
    .execute();
}
