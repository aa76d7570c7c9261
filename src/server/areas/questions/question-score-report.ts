/**
 * The score report of a child bank (practice finished or paper handed in): the caller's records as the server
 * scored them, per question with the key and analysis, and the totals.
 */
import type * as question from '../../../contract/questions';
import type { Services } from '../../http/context';
import type { BankRow } from './question-catalog';
import { scoreRow } from './question-records';
import { keyOf } from './question-scoring';

export interface ReportTimes {
  finishedAt: number;
  /** Seconds spent; null to sum the answers' durations. */
  duration: number | null;
  auto: boolean;
}

export async function scoreReportOf(s: Services, userId: number, bank: BankRow, times: ReportTimes): Promise<question.BankReport> {
  const db = s.db.kysely;
  const [rows, records] = await Promise.all([
    db
      .selectFrom('questions')
      .selectAll()
      .where('bank_id', '=', bank.id)
      .where('type', '!=', 'material')
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('question_records')
      .select(['question_id', 'answer', 'duration'])
      .where('user_id', '=', userId)
      .where('bank_id', '=', bank.id)
      .execute(),
  ]);
  const given = new Map(records.map((r) => [r.question_id, r]));
  let right = 0;
  let score = 0;
  let fullScore = 0;
  let spent = 0;
  const review = rows.map((row): question.ReviewItem => {
    const points = Number(row.score);
    fullScore += points;
    const rec = given.get(row.id);
    if (!rec) {
      const key = keyOf(row.type, row.answer);
      return {
        question_id: row.id,
        answer: [],
        answered: 0,
        is_right: 0,
        right_answer: key,
        analysis: row.analysis,
        right_letters: [],
        missed_letters: row.type === 'multiple' ? key : [],
        wrong_letters: [],
        blanks: [],
        score: 0,
      };
    }
    spent += rec.duration;
    const r = scoreRow(row, JSON.parse(rec.answer) as string[]);
    if (r.isRight) {
      right += 1;
      score += points;
    }
    return {
      question_id: row.id,
      answer: r.answer,
      answered: 1,
      is_right: r.isRight ? 1 : 0,
      right_answer: r.rightAnswer,
      analysis: row.analysis,
      right_letters: r.rightLetters,
      missed_letters: r.missedLetters,
      wrong_letters: r.wrongLetters,
      blanks: r.blanks,
      score: r.isRight ? points : 0,
    };
  });
  return {
    bank_id: bank.id,
    mode: bank.mode === 'exam' ? 'exam' : 'practice',
    question_count: rows.length,
    answered: records.length,
    right,
    score: Math.round(score * 100) / 100,
    full_score: Math.round(fullScore * 100) / 100,
    duration: times.duration ?? spent,
    finished_at: times.finishedAt,
    auto_handed_in: times.auto ? 1 : 0,
    review,
  };
}
