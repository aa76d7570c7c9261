import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../connect';

/** Column helpers shared by the migrations (portable between SQLite and PostgreSQL). */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it is at that version.
export type AnyDb = Kysely<any>;
export type Table = CreateTableBuilder<string, never>;

/** An auto-increment integer primary key named `id`. */
export function withId(t: Table, dialect: DialectName): Table {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
export const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
export const blank = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
