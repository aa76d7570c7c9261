/**
 * Exam papers: the server owns the timer. `start` fixes the deadline; answers are kept unscored (nothing about them
 * is revealed) until the paper is handed in, by the user (`finish`) or by the server once the deadline has passed
 * (on the next call that touches the paper or the caller's error book). The hand-in happens once: it scores every
 * kept answer into the records, puts the wrong ones into the error book and fixes the report.
 */
import type { OutputOf } from '../../../contract/endpoint';
import type * as question from '../../../contract/questions';
import type { Services } from '../../http/context';
import { badInput, conflict } from '../../http/errors';
import { inTransaction } from '../../http/transaction';
import { type BankRow, childRow, ensureCanPractise, topOf } from './question-catalog';
import { putIntoErrorBook } from './question-error-book';
import { type QuestionRow, scoreRow, writeRecord } from './question-records';
import { scoreReportOf } from './question-score-report';

/** Answers sent this many seconds after the deadline still count (the network's delay). */
export const EXAM_GRACE_SECONDS = 5;

type ExamRow = {
  id: number;
  user_id: number;
  bank_id: number;
  top_bank_id: number;
  started_at: number;
  deadline_at: number;
  handed_in_at: number | null;
  auto_handed_in: number;
};

async function examOf(s: Services, userId: number, bankId: number): Promise<ExamRow | undefined> {
  return s.db.kysely
    .selectFrom('question_exams')
    .selectAll()
    .where('user_id', '=', userId)
    .where('bank_id', '=', bankId)
    .executeTakeFirst();
}

/** Hands a paper in once (a second caller finds it done and does nothing). */
async function handIn(s: Services, exam: ExamRow, at: number, auto: boolean): Promise<void> {
  await inTransaction(s, async (tx) => {
    const db = tx.db.kysely;
    const won = await db
      .updateTable('question_exams')
      .set({ handed_in_at: at, auto_handed_in: auto ? 1 : 0 })
      .where('id', '=', exam.id)
      .where('handed_in_at', 'is', null)
      .executeTakeFirst();
    if (Number(won.numUpdatedRows) === 0) return;
    const kept = await db
      .selectFrom('question_exam_answers as a')
      .innerJoin('questions as q', 'q.id', 'a.question_id')
      .selectAll('q')
      .select(['a.answer as given', 'a.duration as given_duration'])
      .where('a.exam_id', '=', exam.id)
      .orderBy('q.sort')
      .orderBy('q.id')
      .execute();
    const bank = (await db.selectFrom('question_banks').selectAll().where('id', '=', exam.bank_id).executeTakeFirstOrThrow()) as BankRow;
    const top = (await db.selectFrom('question_banks').selectAll().where('id', '=', exam.top_bank_id).executeTakeFirstOrThrow()) as BankRow;
    for (const k of kept) {
      const { given, given_duration, ...row } = k;
      const result = scoreRow(row as QuestionRow, JSON.parse(given) as string[]);
      await writeRecord(tx, exam.user_id, bank, top, row as QuestionRow, result.answer, result.isRight, given_duration, at);
      if (!result.isRight) await putIntoErrorBook(tx, exam.user_id, row as QuestionRow, bank, top, at);
    }
    await db
      .insertInto('question_progress')
      .values({ user_id: exam.user_id, bank_id: bank.id, top_bank_id: top.id, last_question_id: 0, finished_at: at, updated_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'bank_id']).doUpdateSet({ finished_at: at, updated_at: at }))
      .execute();
  });
}

/** Hands in the caller's papers whose time is up (at their deadline). */
export async function settleExpiredExams(s: Services, userId: number): Promise<void> {
  const expired = await s.db.kysely
    .selectFrom('question_exams')
    .selectAll()
    .where('user_id', '=', userId)
    .where('handed_in_at', 'is', null)
    .where('deadline_at', '<=', s.clock() - EXAM_GRACE_SECONDS)
    .execute();
  for (const e of expired) await handIn(s, e, e.deadline_at, true);
}

/** Keeps an answer on a running paper; refuses one with no paper started, handed in, or out of time. */
export async function keepExamAnswer(
  s: Services,
  userId: number,
  bank: BankRow,
  row: QuestionRow,
  answer: string[],
  duration: number,
  now: number,
): Promise<void> {
  const exam = await examOf(s, userId, bank.id);
  if (!exam) throw conflict('请先开始考试再作答');
  if (exam.handed_in_at !== null) throw conflict('试卷已交卷，不能再作答；重做请先清空记录');
  if (now > exam.deadline_at + EXAM_GRACE_SECONDS) {
    await handIn(s, exam, exam.deadline_at, true);
    throw conflict('考试时间已到，试卷已自动交卷');
  }
  const json = JSON.stringify(answer);
  await s.db.kysely
    .insertInto('question_exam_answers')
    .values({ exam_id: exam.id, question_id: row.id, answer: json, duration, updated_at: now })
    .onConflict((oc) => oc.columns(['exam_id', 'question_id']).doUpdateSet({ answer: json, duration, updated_at: now }))
    .execute();
}

async function paperOf(s: Services, userId: number, bankId: number): Promise<{ bank: BankRow; top: BankRow }> {
  const bank = await childRow(s, bankId);
  if (bank.mode !== 'exam') throw badInput(`bank_id ${bankId} 不是试卷，是练习题库`);
  const top = await topOf(s, bank);
  await ensureCanPractise(s, userId, top);
  return { bank, top };
}

async function stateOf(s: Services, userId: number, bank: BankRow): Promise<question.ExamState> {
  const exam = await examOf(s, userId, bank.id);
  const now = s.clock();
  const base = { bank_id: bank.id, exam_minutes: bank.exam_minutes, now };
  if (!exam) return { ...base, status: 'none', started_at: 0, deadline_at: 0, answers: [], report: null };
  const times = { started_at: exam.started_at, deadline_at: exam.deadline_at };
  if (exam.handed_in_at !== null) {
    const report = await scoreReportOf(s, userId, bank, {
      finishedAt: exam.handed_in_at,
      duration: exam.handed_in_at - exam.started_at,
      auto: exam.auto_handed_in === 1,
    });
    return { ...base, ...times, status: 'handed_in', answers: [], report };
  }
  const kept = await s.db.kysely
    .selectFrom('question_exam_answers')
    .select(['question_id', 'answer'])
    .where('exam_id', '=', exam.id)
    .orderBy('question_id')
    .execute();
  return {
    ...base,
    ...times,
    status: 'running',
    answers: kept.map((k) => ({ question_id: k.question_id, answer: JSON.parse(k.answer) as string[] })),
    report: null,
  };
}

export async function examState(s: Services, userId: number, bankId: number): Promise<OutputOf<typeof question.exam>> {
  const { bank } = await paperOf(s, userId, bankId);
  await settleExpiredExams(s, userId);
  return stateOf(s, userId, bank);
}

export async function startExam(s: Services, userId: number, bankId: number): Promise<OutputOf<typeof question.examStart>> {
  const { bank, top } = await paperOf(s, userId, bankId);
  await settleExpiredExams(s, userId);
  const now = s.clock();
  await s.db.kysely
    .insertInto('question_exams')
    .values({
      user_id: userId,
      bank_id: bank.id,
      top_bank_id: top.id,
      started_at: now,
      deadline_at: now + bank.exam_minutes * 60,
      handed_in_at: null,
      auto_handed_in: 0,
    })
    .onConflict((oc) => oc.columns(['user_id', 'bank_id']).doNothing())
    .execute();
  const state = await stateOf(s, userId, bank);
  if (state.status === 'handed_in') throw conflict('这份试卷已交卷；重做请先清空记录');
  return state;
}

/** `finish` of a paper: hands it in (once) and returns its report. */
export async function handInPaper(s: Services, userId: number, bank: BankRow): Promise<question.BankReport> {
  await settleExpiredExams(s, userId);
  const exam = await examOf(s, userId, bank.id);
  if (!exam) throw conflict('还没有开始考试，不能交卷');
  if (exam.handed_in_at === null) await handIn(s, exam, Math.min(s.clock(), exam.deadline_at), false);
  const state = await stateOf(s, userId, bank);
  return state.report as question.BankReport;
}

/** Clearing a paper's records removes its exam, so it can be started afresh. */
export async function clearExams(s: Services, userId: number, column: 'bank_id' | 'top_bank_id', bankId: number): Promise<void> {
  const db = s.db.kysely;
  const ids = (await db.selectFrom('question_exams').select('id').where('user_id', '=', userId).where(column, '=', bankId).execute()).map(
    (e) => e.id,
  );
  if (ids.length === 0) return;
  await db.deleteFrom('question_exam_answers').where('exam_id', 'in', ids).execute();
  await db.deleteFrom('question_exams').where('id', 'in', ids).execute();
}
