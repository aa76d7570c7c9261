/**
 * The error book: a wrongly answered question enters once (by a wrong answer, in practice or at an exam's hand-in,
 * or by POST /error), counts by China-time day and week, a page by last_id, redoing one (scored by the server; a run
 * of `errorGraduateAfter` right redos takes it out), removal of one's own, and the spaced-review queue (FSRS).
 */
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type * as question from '../../../contract/questions';
import type { Services } from '../../http/context';
import { badInput, notFound } from '../../http/errors';
import { chinaDayStart } from '../accounts';
import { type BankRow, bankRow, ensureCanPractise, topOf } from './question-catalog';
import { answerableQuestion, type QuestionRow, resultOf, scoreRow } from './question-records';
import { scheduleReview } from './question-review-schedule';
import { keyOf } from './question-scoring';

/** Monday 00:00 China time of the week of `now`. */
export function chinaWeekStart(now: number): number {
  const day = chinaDayStart(now);
  const index = Math.floor((now + 8 * 3600) / 86400);
  return day - ((index + 3) % 7) * 86400;
}

/**
 * Puts a question into the caller's error book unless it is there; a question already there has its run of right
 * redos ended (it was answered wrongly again). Returns 1 when it was added.
 */
export async function putIntoErrorBook(
  s: Services,
  userId: number,
  row: QuestionRow,
  bank: BankRow,
  top: BankRow,
  now: number,
): Promise<number> {
  const db = s.db.kysely;
  const res = await db
    .insertInto('question_errors')
    .values({
      user_id: userId,
      question_id: row.id,
      bank_id: bank.id,
      genus_id: top.genus_id,
      category_id: top.category_id,
      added_at: now,
      right_streak: 0,
      due_at: now,
      reps: 0,
      fsrs: '',
    })
    .onConflict((oc) => oc.columns(['user_id', 'question_id']).doNothing())
    .executeTakeFirst();
  if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) return 1;
  await db
    .updateTable('question_errors')
    .set({ right_streak: 0 })
    .where('user_id', '=', userId)
    .where('question_id', '=', row.id)
    .execute();
  return 0;
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

function withQuestion(query: ReturnType<typeof errorsOf>) {
  return query
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
      'e.due_at',
      'e.reps',
    ]);
}

type ErrorRow = Awaited<ReturnType<ReturnType<typeof withQuestion>['execute']>>[number];

function errorItemOf({ answer, options, type, ...r }: ErrorRow): question.ErrorItem {
  return {
    ...r,
    type: type as question.QuestionItem['type'],
    options: JSON.parse(options) as string[],
    right_answer: keyOf(type, answer),
  };
}

export async function errorList(
  s: Services,
  userId: number,
  q: ParsedInputOf<typeof question.errorList>,
): Promise<OutputOf<typeof question.errorList>> {
  let query = withQuestion(errorsOf(s, userId, q));
  if (q.range !== 'all') query = query.where('e.added_at', '>=', rangeStart(q.range, s.clock()));
  if (q.last_id > 0) query = query.where('e.id', '<', q.last_id);
  const rows = await query.orderBy('e.id', 'desc').limit(q.count).execute();
  return rows.map(errorItemOf);
}

export async function removeError(s: Services, userId: number, errorId: number): Promise<OutputOf<typeof question.errorRemove>> {
  const res = await s.db.kysely.deleteFrom('question_errors').where('id', '=', errorId).where('user_id', '=', userId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound(`错题 error_id ${errorId} `);
  return { id: errorId };
}

/** POST /error: the caller puts a question into their error book (the subject must be the question's). */
export async function addError(
  s: Services,
  userId: number,
  q: ParsedInputOf<typeof question.errorAdd>,
): Promise<OutputOf<typeof question.errorAdd>> {
  const row = await answerableQuestion(s, q.relation_id);
  const bank = await bankRow(s, row.bank_id);
  const top = await topOf(s, bank);
  await ensureCanPractise(s, userId, top);
  if (q.genus_id !== top.genus_id || q.category_id !== top.category_id) {
    throw badInput(`genus_id ${q.genus_id} / category_id ${q.category_id} 与题目所属题库的科目不一致`);
  }
  if (q.answer !== undefined) scoreRow(row, q.answer);
  const added = await putIntoErrorBook(s, userId, row, bank, top, s.clock());
  const e = await s.db.kysely
    .selectFrom('question_errors')
    .select('id')
    .where('user_id', '=', userId)
    .where('question_id', '=', row.id)
    .executeTakeFirstOrThrow();
  return { id: e.id, question_id: row.id, added };
}

/**
 * Redoing an error: scored by the server; a right redo extends the run, a wrong one ends it; the run reaching the
 * setting takes the question out of the book. Every redo is also a review that schedules the next one (FSRS).
 */
export async function answerError(
  s: Services,
  userId: number,
  q: ParsedInputOf<typeof question.errorAnswer>,
): Promise<OutputOf<typeof question.errorAnswer>> {
  const db = s.db.kysely;
  const e = await db
    .selectFrom('question_errors')
    .selectAll()
    .where('id', '=', q.error_id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!e) throw notFound(`错题 error_id ${q.error_id} `);
  const row = await answerableQuestion(s, e.question_id, 'error_id');
  const result = scoreRow(row, q.answer);
  const now = s.clock();
  const streak = result.isRight ? e.right_streak + 1 : 0;
  const graduateAfter = s.config.errorGraduateAfter;
  const review = scheduleReview(e.fsrs, now, result.isRight);
  const removed = streak >= graduateAfter;
  if (removed) {
    await db.deleteFrom('question_errors').where('id', '=', e.id).execute();
  } else {
    await db
      .updateTable('question_errors')
      .set({ right_streak: streak, due_at: review.dueAt, reps: review.reps, fsrs: review.fsrs })
      .where('id', '=', e.id)
      .execute();
  }
  return {
    ...resultOf(row, result, 0),
    error_id: e.id,
    right_streak: streak,
    graduate_after: graduateAfter,
    removed: removed ? 1 : 0,
    due_at: removed ? 0 : review.dueAt,
  };
}

/** 今日复习: the caller's errors due by the end of today (China time), earliest first. */
export async function reviewQueue(
  s: Services,
  userId: number,
  q: ParsedInputOf<typeof question.reviewQueue>,
): Promise<OutputOf<typeof question.reviewQueue>> {
  const endOfToday = chinaDayStart(s.clock()) + 86400;
  const [due, next, items] = await Promise.all([
    errorsOf(s, userId, q)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('e.due_at', '<', endOfToday)
      .executeTakeFirstOrThrow(),
    errorsOf(s, userId, q)
      .select((eb) => eb.fn.min<number | null>('e.due_at').as('at'))
      .where('e.due_at', '>=', endOfToday)
      .executeTakeFirstOrThrow(),
    withQuestion(errorsOf(s, userId, q))
      .where('e.due_at', '<', endOfToday)
      .orderBy('e.due_at')
      .orderBy('e.id')
      .limit(q.count)
      .execute(),
  ]);
  return { due_today: Number(due.n), next_due_at: Number(next.at ?? 0), items: items.map(errorItemOf) };
}
