/** Verdicts as the question card shows them, from an answer's reply or from a stored record. */
import type { AnswerResult, QuestionItem } from '../../contract/questions-shapes';
import { normaliseAnswer } from '../shared/question-card/answer-value';
import type { QuestionResult } from '../shared/question-card/QuestionCard';

/** A single answer's reply (not a batch), else null. */
export function toResult(data: unknown): AnswerResult | null {
  if (!data || typeof data !== 'object' || !('question_id' in data)) return null;
  return data as AnswerResult;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A record (`question.record`: answer, is_right, key, analysis) as a verdict. Records carry no per-letter lists
 * nor per-blank marks: letters are derived from the key and the answer; a blank is right when the whole answer
 * was, else when it equals the key's blank.
 */
export function recordResult(
  q: QuestionItem,
  r: { answer: string[]; is_right: number; right_answer: string[]; analysis: string },
): QuestionResult {
  const key = q.type === 'fill' ? r.right_answer : normaliseAnswer(q, r.right_answer);
  const mine = normaliseAnswer(q, r.answer);
  const letters = q.type === 'multiple';
  return {
    is_right: r.is_right,
    right_answer: key,
    analysis: r.analysis,
    right_letters: letters ? mine.filter((l) => key.includes(l)) : [],
    missed_letters: letters ? key.filter((l) => !mine.includes(l)) : [],
    wrong_letters: letters ? mine.filter((l) => !key.includes(l)) : [],
    blanks: q.type === 'fill' ? key.map((k, i) => (r.is_right === 1 || same(mine[i] ?? '', k) ? 1 : 0)) : [],
  };
}
