/**
 * Answering: the server scores each answer against its key (a client's is_right is ignored), keeps the caller's
 * latest answer per question and their place in the bank, and puts a wrongly answered question into the error book
 * once. The error book (counts by China-time day and week, a page by last_id, removal of one's own), records, the
 * place to resume, and clearing a bank's records (the error book stays).
 */
import type { OutputOf, ParsedInputOf } from '../../contract/endpoint';
import type * as question from '../../contract/question';
import type { Services } from '../http/context';
import { notFound } from '../http/errors';
import { bankRow, childRow, ensureCanPractise, topOf } from './question-catalog';
import { keyOf, type QuestionType, score } from './question-scoring';
import { chinaDayStart } from './sms-codes';

/** Monday 00:00 China time of the week of `now`. */
export function chinaWeekStart(now: number): number {
  const day = chinaDayStart(now);
  const index = Math.floor((now + 8 * 3600) / 86400);
  return day - ((index + 3) % 7) * 86400;
}

export async function answerQuestion(
  s: Services,
  userId: number,
  q: ParsedInputOf<typeof question.answer>,
): Promise<OutputOf<typeof question.answer>> {
  const db = s.db.kysely;
  const row = await db.selectFrom('questions').selectAll().where('id', '=', q.relation_id).executeTakeFirst();
  if (!row || row.type === 'material') throw notFound(`题目 relation_id ${q.relation_id} `);
  const bank = await bankRow(s, row.bank_id);
  const top = await topOf(s, bank);
  await ensureCanPractise(s, userId, top);
  const options = JSON.parse(row.options) as string[];
  const result = score(row.type as QuestionType, row.answer, options.length, q.answer);
  const now = s.clock();
  const isRight = result.isRight ? 1 : 0;
  const answer = JSON.stringify(result.answer);
  await db
    .insertInto('question_records')
    .values({
      user_id: userId,
      bank_id: bank.id,
      top_bank_id: top.id,
      question_id: row.id,
      answer,
      is_right: isRight,
      duration: q.duration,
      created_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'question_id']).doUpdateSet({ answer, is_right: isRight, duration: q.duration, created_at: now }),
    )
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

  const inBook = await db
    .selectFrom('question_errors')
    .select(['id'])
    .where('user_id', '=', userId)
    .where('question_id', '=', row.id)
    .executeTakeFirst();
  let added = 0;
  if (!result.isRight && !inBook) {
    await db
      .insertInto('question_errors')
      .values({
        user_id: userId,
        question_id: row.id,
        bank_id: bank.id,
        genus_id: top.genus_id,
        category_id: top.category_id,
        added_at: now,
        right_streak: 0,
      })
      .onConflict((oc) => oc.columns(['user_id', 'question_id']).doNothing())
      .execute();
    added = 1;
  } else if (inBook) {
    await db
      .updateTable('question_errors')
      .set((eb) => ({ right_streak: result.isRight ? eb('right_streak', '+', 1) : eb.val(0) }))
      .where('id', '=', inBook.id)
      .execute();
  }
  return {
    question_id: row.id,
    is_right: isRight,
    answer: result.answer,
    right_answer: result.rightAnswer,
    analysis: row.analysis,
    right_letters: result.rightLetters,
    missed_letters: result.missedLetters,
    wrong_letters: result.wrongLetters,
    blanks: result.blanks,
    added_to_error: added,
  };
}

type Subject = { genus_id?: number | undefined; category_id?: number | undefined };

function errorsOf(s: Services, userId: number, q: Subject) {
  let query = s.db.kysely.selectFrom('question_errors as e').where('e.user_id', '=', userId);
  if (q.genus_id !== undefined) query = query.where('e.genus_id', '=', q.genus_id);
  if (q.category_id !== undefined) query = query.where('e.category_id', '=', q.category_id);
  return query;
}

function rangeStart(range: 'day' | 'week' | 'all', now: number): number {
  if (range === 'day') return chinaDayStart(now);
  if (range === 'week') return chinaWeekStart(now);
  return 0;
}

export async function errorCount(s: Services, userId: number, q: Subject): Promise<OutputOf<typeof question.errorCount>> {
  const now = s.clock();
  const row = await errorsOf(s, userId, q)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('all'),
      eb.fn.sum<number | string>(eb.case().when('e.added_at', '>=', chinaDayStart(now)).then(1).else(0).end()).as('day'),
      eb.fn.sum<number | string>(eb.case().when('e.added_at', '>=', chinaWeekStart(now)).then(1).else(0).end()).as('week'),
    ])
    .executeTakeFirstOrThrow();
  return { day: Number(row.day ?? 0), week: Number(row.week ?? 0), all: Number(row.all) };
}

export async function errorList(
  s: Services,
  userId: number,
  q: ParsedInputOf<typeof question.errorList>,
): Promise<OutputOf<typeof question.errorList>> {
  let query = errorsOf(s, userId, q)
    .innerJoin('questions as qu', 'qu.id', 'e.question_id')
    .innerJoin('question_banks as b', 'b.id', 'e.bank_id')
    .select([
      'e.id',
      'e.question_id',
      'e.bank_id',
      'b.name as bank_name',
      'e.genus_id',
      'e.category_id',
      'qu.type',
      'qu.stem',
      'qu.options',
      'qu.material',
      'qu.answer',
      'qu.analysis',
      'e.added_at',
      'e.right_streak',
    ])
    .where('e.added_at', '>=', rangeStart(q.range, s.clock()));
  if (q.last_id > 0) query = query.where('e.id', '<', q.last_id);
  const rows = await query.orderBy('e.id', 'desc').limit(q.count).execute();
  return rows.map(({ answer, options, type, ...r }) => ({
    ...r,
    type: type as question.QuestionItem['type'],
    options: JSON.parse(options) as string[],
    right_answer: keyOf(type, answer),
  }));
}

export async function removeError(s: Services, userId: number, errorId: number): Promise<OutputOf<typeof question.errorRemove>> {
  const res = await s.db.kysely.deleteFrom('question_errors').where('id', '=', errorId).where('user_id', '=', userId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound(`错题 error_id ${errorId} `);
  return { id: errorId };
}

/** The records of a child bank, or of all children of a top bank. */
export async function records(s: Services, userId: number, bankId: number): Promise<OutputOf<typeof question.record>> {
  const bank = await bankRow(s, bankId);
  const rows = await s.db.kysely
    .selectFrom('question_records')
    .select(['id', 'bank_id', 'question_id', 'answer', 'is_right', 'duration', 'created_at'])
    .where('user_id', '=', userId)
    .where(bank.parent_id === null ? 'top_bank_id' : 'bank_id', '=', bank.id)
    .orderBy('question_id')
    .execute();
  return rows.map((r) => ({ ...r, answer: JSON.parse(r.answer) as string[] }));
}

export async function lastAnswered(s: Services, userId: number): Promise<OutputOf<typeof question.last>> {
  const row = await s.db.kysely
    .selectFrom('question_progress as p')
    .innerJoin('question_banks as b', 'b.id', 'p.bank_id')
    .select(['p.bank_id', 'p.top_bank_id', 'b.name as bank_name', 'p.last_question_id as question_id', 'p.updated_at'])
    .where('p.user_id', '=', userId)
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.bank_id', 'desc')
    .executeTakeFirst();
  return row ?? null;
}

/** Clears the caller's records and progress of a bank (a child, or every child of a top bank); the error book stays. */
export async function clearRecords(s: Services, userId: number, bankId: number): Promise<OutputOf<typeof question.clearRecord>> {
  const bank = await bankRow(s, bankId);
  const column = bank.parent_id === null ? 'top_bank_id' : 'bank_id';
  const db = s.db.kysely;
  const res = await db.deleteFrom('question_records').where('user_id', '=', userId).where(column, '=', bank.id).executeTakeFirst();
  await db.deleteFrom('question_progress').where('user_id', '=', userId).where(column, '=', bank.id).execute();
  return { cleared: Number(res.numDeletedRows) };
}

/** Finishes a child bank: records the time and sums the caller's answers as the server scored them. */
export async function finishBank(s: Services, userId: number, bankId: number): Promise<OutputOf<typeof question.finish>> {
  const bank = await childRow(s, bankId);
  const top = await topOf(s, bank);
  await ensureCanPractise(s, userId, top);
  const db = s.db.kysely;
  const now = s.clock();
  const [mine, full] = await Promise.all([
    db
      .selectFrom('question_records as r')
      .innerJoin('questions as q', 'q.id', 'r.question_id')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('answered'),
        eb.fn.sum<number | string>('r.is_right').as('right'),
        eb.fn.sum<number | string>(eb.case().when('r.is_right', '=', 1).then(eb.ref('q.score')).else(0).end()).as('score'),
      ])
      .where('r.user_id', '=', userId)
      .where('r.bank_id', '=', bank.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('questions')
      .select((eb) => eb.fn.sum<number | string>('score').as('total'))
      .where('bank_id', '=', bank.id)
      .where('type', '!=', 'material')
      .executeTakeFirstOrThrow(),
  ]);
  await db
    .insertInto('question_progress')
    .values({ user_id: userId, bank_id: bank.id, top_bank_id: top.id, last_question_id: 0, finished_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'bank_id']).doUpdateSet({ finished_at: now, updated_at: now }))
    .execute();
  return {
    bank_id: bank.id,
    question_count: bank.question_count,
    answered: Number(mine.answered),
    right: Number(mine.right ?? 0),
    score: Number(mine.score ?? 0),
    full_score: Number(full.total ?? 0),
    finished_at: now,
  };
}
