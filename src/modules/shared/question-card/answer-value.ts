/**
 * What a user has answered to one question, as the client keeps it: letters (['A','C']) for single / multiple,
 * ['true'] or ['false'] for judge, one string per blank for fill. Sent as is in `question.answer` (the contract
 * accepts an array of strings for every type).
 */
import type { QuestionItem } from '../../../contract/questions-shapes';

export type AnswerValue = string[];

export const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;

/** The letter of the option at `index` (A for 0). */
export function letterAt(index: number): string {
  return LETTERS[index] ?? String.fromCharCode(65 + index);
}

/** True when the answer can be submitted: a letter chosen, a judgement made, every blank filled. */
export function isAnswerComplete(q: QuestionItem, v: AnswerValue): boolean {
  if (q.type === 'fill') {
    const blanks = Math.max(1, q.blank_count);
    if (v.length < blanks) return false;
    for (let i = 0; i < blanks; i++) if ((v[i] ?? '').trim() === '') return false;
    return true;
  }
  if (q.type === 'judge') return v.length === 1 && (v[0] === 'true' || v[0] === 'false');
  if (v.length === 0) return false;
  const allowed = new Set(q.options.map((_, i) => letterAt(i)));
  if (!v.every((l) => allowed.has(l))) return false;
  return q.type === 'multiple' || v.length === 1;
}

/** True when something is answered at all (a blank filled, a letter chosen): for the answer sheet. */
export function hasAnswer(v: AnswerValue | undefined): boolean {
  return !!v && v.some((s) => s.trim() !== '');
}

/**
 * A tap on an option: single choice and judge replace the answer; multiple choice toggles the letter and keeps the
 * letters sorted (A before C), so the same choice always reads the same.
 */
export function toggleLetter(q: QuestionItem, v: AnswerValue, letter: string): AnswerValue {
  if (q.type === 'multiple') {
    const set = new Set(v);
    if (set.has(letter)) set.delete(letter);
    else set.add(letter);
    return [...set].sort();
  }
  return [letter];
}

/** Sets blank `index` of a fill answer, keeping one entry per blank. */
export function setBlank(q: QuestionItem, v: AnswerValue, index: number, text: string): AnswerValue {
  const n = Math.max(1, q.blank_count, index + 1);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(i === index ? text : (v[i] ?? ''));
  return out;
}

/** An answer as the server reads it (e.g. "AC", "对", 1) normalised back to the client's shape. */
export function normaliseAnswer(q: Pick<QuestionItem, 'type'>, raw: readonly string[]): AnswerValue {
  if (q.type === 'fill') return [...raw];
  if (q.type === 'judge') {
    const s = String(raw[0] ?? '')
      .trim()
      .toLowerCase();
    if (['true', '1', '对', '正确', 't', 'yes'].includes(s)) return ['true'];
    if (['false', '0', '错', '错误', 'f', 'no'].includes(s)) return ['false'];
    return [];
  }
  const letters = raw
    .join('')
    .toUpperCase()
    .split('')
    .filter((c) => c >= 'A' && c <= 'Z');
  return [...new Set(letters)].sort();
}
