import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type * as question from '../../../contract/questions';
import type { Services } from '../../http/context';
import { ApiError, badInput } from '../../http/errors';
import { inTransaction } from '../../http/transaction';
import { type BankRow, bankRow, childRow, ensureCanPractise, topOf } from './question-catalog';
import { putIntoErrorBook } from './question-error-book';
import { clearExams, handInPaper, keepExamAnswer, settleExpiredExams } from './question-exam';
import { answerableQuestion, type QuestionRow, resultOf, scoreRow, writeRecord } from './question-records';
import { scoreReportOf } from './question-score-report';
import { keyOf } from './question-scoring';

type AnswerResult = question.AnswerResult;
type AnswerInput = ParsedInputOf<typeof question.answer>;
type RawAnswer = NonNullable<AnswerInput['answer']>;

/**
 * One answer. Practice: scored, recorded, a wrong one put into the error book once (a wrong answer to a question
 * already there ends its run of right redos), and the verdict with key and analysis returned. An exam paper: the
 * answer is kept for the hand-in and nothing about it is revealed.
 */
async function answerOne(s: Services, userId: number, row: QuestionRow, raw: RawAnswer, duration: number): Promise<AnswerResult> {
  const bank = await bankRow(s, row.bank_id);
  const top = await topOf(s, bank);
  await ensureCanPractise(s, userId, top);
  const result = scoreRow(row, raw);
  const now = s.clock();
  if (bank.mode === 'exam') {
    await keepExamAnswer(s, userId, bank, row, result.answer, duration, now);
    return {
      ...resultOf(row, result, 0),
      is_right: 0,
      right_answer: [],
      analysis: '',
      right_letters: [],
      missed_letters: [],
      wrong_letters: [],
      blanks: [],
      exam: 1,
    };
  }
  await writeRecord(s, userId, bank, top, row, result.answer, result.isRight, duration, now);
  const added = result.isRight ? 0 : await putIntoErrorBook(s, userId, row, bank, top, now);
  return resultOf(row, result, added);
}

/** The ids of a bank's questions: a child's own, or those of every child of a top bank. */
async function questionIdsOf(s: Services, bank: BankRow): Promise<Set<number>> {
  let query = s.db.kysely.selectFrom('questions as q').select('q.id').where('q.type', '!=', 'material');
  query =
    bank.parent_id === null
      ? query.innerJoin('question_banks as b', 'b.id', 'q.bank_id').where('b.parent_id', '=', bank.id)
      : query.where('q.bank_id', '=', bank.id);
  return new Set((await query.execute()).map((r) => r.id));
}

/** A batch of one bank (a child, or a top bank's children): every answer is checked first, then all are kept in one transaction. */
async function answerBatch(s: Services, userId: number, bankId: number, answers: NonNullable<AnswerInput['answers']>) {
  const bank = await bankRow(s, bankId);
  await ensureCanPractise(s, userId, await topOf(s, bank));
  const ids = await questionIdsOf(s, bank);
  const seen = new Set<number>();
  const rows = new Map<number, QuestionRow>();
  for (const [i, a] of answers.entries()) {
    if (seen.has(a.relation_id)) throw badInput(`answers[${i}].relation_id ${a.relation_id} 在这一批里重复了`);
    seen.add(a.relation_id);
    if (!ids.has(a.relation_id)) throw badInput(`answers[${i}].relation_id ${a.relation_id} 不是题库 ${bank.id} 的题目`);
  }
  const found = await s.db.kysely
    .selectFrom('questions')
    .selectAll()
    .where('id', 'in', [...seen])
    .execute();
  for (const r of found) rows.set(r.id, r);
  for (const [i, a] of answers.entries()) {
    try {
      scoreRow(rows.get(a.relation_id) as QuestionRow, a.answer);
    } catch (e) {
      if (e instanceof ApiError) throw badInput(`answers[${i}].${e.message}`);
      throw e;
    }
  }
  const results = await inTransaction(s, async (tx) => {
    const out: AnswerResult[] = [];
    for (const a of answers) out.push(await answerOne(tx, userId, rows.get(a.relation_id) as QuestionRow, a.answer, a.duration));
    return out;
  });
  return { bank_id: bank.id, results };
}

export async function answerQuestion(s: Services, userId: number, q: AnswerInput): Promise<OutputOf<typeof question.answer>> {
  if (q.bank_id !== undefined && q.answers !== undefined) return answerBatch(s, userId, q.bank_id, q.answers);
  const row = await answerableQuestion(s, q.relation_id as number);
  return answerOne(s, userId, row, q.answer as RawAnswer, q.duration);
}

/** The records of a child bank, or of all children of a top bank, with keys and analyses (they were shown). */
export async function records(s: Services, userId: number, bankId: number): Promise<OutputOf<typeof question.record>> {
  const bank = await bankRow(s, bankId);
  await settleExpiredExams(s, userId);
  const rows = await s.db.kysely
    .selectFrom('question_records as r')
    .innerJoin('questions as q', 'q.id', 'r.question_id')
    .select([
      'r.id',
      'r.bank_id',
      'r.question_id',
      'r.answer',
      'r.is_right',
      'r.duration',
      'r.created_at',
      'q.type',
      'q.answer as key',
      'q.analysis',
    ])
    .where('r.user_id', '=', userId)
    .where(bank.parent_id === null ? 'r.top_bank_id' : 'r.bank_id', '=', bank.id)
    .orderBy('r.question_id')
    .execute();
  return rows.map(({ type, key, ...r }) => ({ ...r, answer: JSON.parse(r.answer) as string[], right_answer: keyOf(type, key) }));
}

/**
 * The caller's latest practised child bank and question (继续练习). With a subject (genus and/or category), only
 * banks of that subject count, so the 题库 tab of one subject never offers another subject's bank.
 */
export async function lastAnswered(
  s: Services,
  userId: number,
  subject: { genus_id?: number; category_id?: number } = {},
): Promise<OutputOf<typeof question.last>> {
  let query = s.db.kysely
    .selectFrom('question_progress as p')
    .innerJoin('question_banks as b', 'b.id', 'p.bank_id')
    .innerJoin('question_banks as t', 't.id', 'p.top_bank_id')
    .select(['p.bank_id', 'p.top_bank_id', 'b.name as bank_name', 'p.last_question_id as question_id', 'p.updated_at'])
    .where('p.user_id', '=', userId);
  if (subject.genus_id !== undefined) query = query.where('t.genus_id', '=', subject.genus_id);
  if (subject.category_id !== undefined) query = query.where('t.category_id', '=', subject.category_id);
  const row = await query.orderBy('p.updated_at', 'desc').orderBy('p.bank_id', 'desc').executeTakeFirst();
  return row ?? null;
}

/** Clears the caller's records, progress and papers of a bank (a child, or every child of a top bank); the error book stays. */
export async function clearRecords(s: Services, userId: number, bankId: number): Promise<OutputOf<typeof question.clearRecord>> {
  const bank = await bankRow(s, bankId);
  const column = bank.parent_id === null ? 'top_bank_id' : 'bank_id';
  return inTransaction(s, async (tx) => {
    const db = tx.db.kysely;
    const res = await db.deleteFrom('question_records').where('user_id', '=', userId).where(column, '=', bank.id).executeTakeFirst();
    await db.deleteFrom('question_progress').where('user_id', '=', userId).where(column, '=', bank.id).execute();
    await clearExams(tx, userId, column, bank.id);
    return { cleared: Number(res.numDeletedRows) };
  });
}

/** Finishes a child bank: practice records the time; a paper is handed in. Both return the score report. */
export async function finishBank(s: Services, userId: number, bankId: number): Promise<OutputOf<typeof question.finish>> {
  const bank = await childRow(s, bankId);
  const top = await topOf(s, bank);
  await ensureCanPractise(s, userId, top);
  if (bank.mode === 'exam') return handInPaper(s, userId, bank);
  const now = s.clock();
  await s.db.kysely
    .insertInto('question_progress')
    .values({ user_id: userId, bank_id: bank.id, top_bank_id: top.id, last_question_id: 0, finished_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'bank_id']).doUpdateSet({ finished_at: now, updated_at: now }))
    .execute();
  return scoreReportOf(s, userId, bank, { finishedAt: now, duration: null, auto: false });
}
