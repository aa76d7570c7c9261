import type { ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from '../connect';
import { type AnyDb, blank, notNull, withId, zero } from './columns';

const user = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id');
const bank = (c: ColumnDefinitionBuilder) => c.notNull().references('question_banks.id');
const question = (c: ColumnDefinitionBuilder) => c.notNull().references('questions.id');

/** Question banks (top and child), questions with their keys, answer records, progress, error book, collections. */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  const table = (name: string) => db.schema.createTable(name);
  await withId(table('question_banks'), dialect)
    .addColumn('genus_id', 'integer', (c) => c.notNull().references('genera.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('parent_id', 'integer', (c) => c.references('question_banks.id'))
    .addColumn('name', 'varchar(128)', notNull)
    .addColumn('intro', 'text', blank)
    .addColumn('price', 'integer', zero)
    .addColumn('is_free', 'integer', zero)
    .addColumn('mode', 'varchar(16)', blank)
    .addColumn('exam_minutes', 'integer', zero)
    .addColumn('sort', 'integer', zero)
    .addColumn('question_count', 'integer', zero)
    .addColumn('created_at', 'integer', notNull)
    .execute();
  await db.schema.createIndex('question_banks_subject').on('question_banks').columns(['genus_id', 'category_id', 'parent_id']).execute();
  await db.schema.createIndex('question_banks_parent').on('question_banks').columns(['parent_id', 'sort']).execute();

  await withId(table('questions'), dialect)
    .addColumn('bank_id', 'integer', bank)
    .addColumn('parent_question_id', 'integer', (c) => c.references('questions.id'))
    .addColumn('type', 'varchar(16)', notNull)
    .addColumn('stem', 'text', notNull)
    .addColumn('options', 'text', notNull)
    .addColumn('answer', 'text', notNull)
    .addColumn('analysis', 'text', blank)
    .addColumn('score', dialect === 'postgres' ? 'double precision' : 'real', zero)
    .addColumn('material', 'text', blank)
    .addColumn('sort', 'integer', zero)
    .execute();
  await db.schema.createIndex('questions_bank_sort').on('questions').columns(['bank_id', 'sort']).execute();

  await withId(table('question_records'), dialect)
    .addColumn('user_id', 'integer', user)
    .addColumn('bank_id', 'integer', bank)
    .addColumn('top_bank_id', 'integer', bank)
    .addColumn('question_id', 'integer', question)
    .addColumn('answer', 'text', notNull)
    .addColumn('is_right', 'integer', zero)
    .addColumn('duration', 'integer', zero)
    .addColumn('created_at', 'integer', notNull)
    .addUniqueConstraint('question_records_user_question', ['user_id', 'question_id'])
    .execute();
  await db.schema.createIndex('question_records_user_bank').on('question_records').columns(['user_id', 'bank_id']).execute();

  await table('question_progress')
    .addColumn('user_id', 'integer', user)
    .addColumn('bank_id', 'integer', bank)
    .addColumn('top_bank_id', 'integer', bank)
    .addColumn('last_question_id', 'integer', zero)
    .addColumn('finished_at', 'integer')
    .addColumn('updated_at', 'integer', notNull)
    .addPrimaryKeyConstraint('question_progress_pk', ['user_id', 'bank_id'])
    .execute();

  await withId(table('question_errors'), dialect)
    .addColumn('user_id', 'integer', user)
    .addColumn('question_id', 'integer', question)
    .addColumn('bank_id', 'integer', bank)
    .addColumn('genus_id', 'integer', notNull)
    .addColumn('category_id', 'integer', notNull)
    .addColumn('added_at', 'integer', notNull)
    .addColumn('right_streak', 'integer', zero)
    .addUniqueConstraint('question_errors_user_question', ['user_id', 'question_id'])
    .execute();
  await db.schema.createIndex('question_errors_user_added').on('question_errors').columns(['user_id', 'added_at']).execute();

  await withId(table('question_collections'), dialect)
    .addColumn('user_id', 'integer', user)
    .addColumn('bank_id', 'integer', bank)
    .addColumn('question_id', 'integer', question)
    .addColumn('created_at', 'integer', notNull)
    .addUniqueConstraint('question_collections_user_question', ['user_id', 'question_id'])
    .execute();
}
