/** The pieces every way of answering shares: finding an answerable question, scoring it, the reply, the record. */
import type { Selectable } from 'kysely';
import type * as question from '../../../contract/questions';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import type { BankRow } from './question-catalog';
import { type QuestionType, type RawAnswer, score } from './question-scoring';

export type QuestionRow = Selectable<Database['questions']>;
type AnswerResult = question.AnswerResult;

/** An answerable question (a material passage is not one). */
export async function answerableQuestion(s: Services, id: number, field = 'relation_id'): Promise<QuestionRow> {
  const row = await s.db.kysely.selectFrom('questions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.type === 'material') throw notFound(`题目 ${field} ${id} `);
  return row;
}

/** Scores a raw answer against a question's key (4000 on an answer of the wrong form). */
export function scoreRow(row: QuestionRow, raw: RawAnswer) {
  return score(row.type as QuestionType, row.answer, (JSON.parse(row.options) as string[]).length, raw);
}

/** What the client sees of a scored answer. */
export function resultOf(row: QuestionRow, result: ReturnType<typeof scoreRow>, addedToError: number): AnswerResult {
  return {
    question_id: row.id,
    is_right: result.isRight ? 1 : 0,
    answer: result.answer,
    right_answer: result.rightAnswer,
    analysis: row.analysis,
    right_letters: result.rightLetters,
    missed_letters: result.missedLetters,
    wrong_letters: result.wrongLetters,
    blanks: result.blanks,
    added_to_error: addedToError,
    exam: 0,
  };
}

/** Keeps the caller's answer as their record of the question and moves their place in the bank to it. */
export async function writeRecord(
  s: Services,
  userId: number,
  bank: BankRow,
  top: BankRow,
  row: QuestionRow,
  answer: string[],
  isRight: boolean,
  duration: number,
  now: number,
): Promise<void> {
  const db = s.db.kysely;
  const json = JSON.stringify(answer);
  const right = isRight ? 1 : 0;
  await db
    .insertInto('question_records')
    .values({
      user_id: userId,
      bank_id: bank.id,
      top_bank_id: top.id,
      question_id: row.id,
      answer: json,
      is_right: right,
      duration,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'question_id']).doUpdateSet({ answer: json, is_right: right, duration, created_at: now }))
    .execute();
  const answered = await db
    .selectFrom('question_records')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('bank_id', '=', bank.id)
    .executeTakeFirstOrThrow();
  const finished = Number(answered.n) >= bank.question_count ? now : null;
  await db
    .insertInto('question_progress')
    .values({ user_id: userId, bank_id: bank.id, top_bank_id: top.id, last_question_id: row.id, finished_at: finished, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'bank_id']).doUpdateSet((eb) => ({
        last_question_id: row.id,
        updated_at: now,
        finished_at: eb.fn.coalesce('question_progress.finished_at', eb.val(finished)),
      })),
    )
    .execute();
}
