import type { ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from '../connect';
import { type AnyDb, blank, notNull, withId, zero } from './columns';

const user = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id');
const bank = (c: ColumnDefinitionBuilder) => c.notNull().references('question_banks.id');
const question = (c: ColumnDefinitionBuilder) => c.notNull().references('questions.id');

/**
 * Practising beyond one answer: exam papers with the server's timer and the answers kept until hand-in, the error
 * book's spaced-review schedule (FSRS card state and due time), shared questions and their answers, 纠错 reports.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  const table = (name: string) => db.schema.createTable(name);

  await withId(table('question_exams'), dialect)
    .addColumn('user_id', 'integer', user)
    .addColumn('bank_id', 'integer', bank)
    .addColumn('top_bank_id', 'integer', bank)
    .addColumn('started_at', 'integer', notNull)
    .addColumn('deadline_at', 'integer', notNull)
    .addColumn('handed_in_at', 'integer')
    .addColumn('auto_handed_in', 'integer', zero)
    .addUniqueConstraint('question_exams_user_bank', ['user_id', 'bank_id'])
    .execute();
  await db.schema.createIndex('question_exams_open').on('question_exams').columns(['user_id', 'handed_in_at', 'deadline_at']).execute();

  await table('question_exam_answers')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('question_exams.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', question)
    .addColumn('answer', 'text', notNull)
    .addColumn('duration', 'integer', zero)
    .addColumn('updated_at', 'integer', notNull)
    .addPrimaryKeyConstraint('question_exam_answers_pk', ['exam_id', 'question_id'])
    .execute();

  await db.schema.alterTable('question_errors').addColumn('due_at', 'integer', zero).execute();
  await db.schema.alterTable('question_errors').addColumn('reps', 'integer', zero).execute();
  await db.schema.alterTable('question_errors').addColumn('fsrs', 'text', blank).execute();
  await db.schema.createIndex('question_errors_user_due').on('question_errors').columns(['user_id', 'due_at']).execute();
  // error_list pages newest first by id, over all of a user's errors or one subject's (bench:errors, 10,000 errors).
  await db.schema.createIndex('question_errors_user_id').on('question_errors').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('question_errors_user_subject_id')
    .on('question_errors')
    .columns(['user_id', 'genus_id', 'category_id', 'id'])
    .execute();

  await table('question_consults')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', user)
    .addColumn('question_id', 'integer', question)
    .addColumn('created_at', 'integer', notNull)
    .addUniqueConstraint('question_consults_user_question', ['user_id', 'question_id'])
    .execute();

  await withId(table('question_consult_answers'), dialect)
    .addColumn('consult_id', 'varchar(32)', (c) => c.notNull().references('question_consults.id'))
    .addColumn('user_id', 'integer', user)
    .addColumn('answer', 'text', notNull)
    .addColumn('is_right', 'integer', zero)
    .addColumn('created_at', 'integer', notNull)
    .addUniqueConstraint('question_consult_answers_consult_user', ['consult_id', 'user_id'])
    .execute();

  await withId(table('question_reports'), dialect)
    .addColumn('user_id', 'integer', user)
    .addColumn('question_id', 'integer', question)
    .addColumn('reason', 'varchar(32)', notNull)
    .addColumn('detail', 'text', blank)
    .addColumn('created_at', 'integer', notNull)
    .addUniqueConstraint('question_reports_user_question_reason', ['user_id', 'question_id', 'reason'])
    .execute();
}
