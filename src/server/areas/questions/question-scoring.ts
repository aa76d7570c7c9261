/**
 * Scoring an answer against a question's key, on the server only (a client's own verdict is never read). Single:
 * one letter (its letters right, missed and wrong like a multiple choice's); multiple: all or nothing, with the letters right, missed and wrong; judge: a boolean; fill: each blank
 * compared, after normalising (full-width → half-width, trimmed, case-insensitive, inner spaces collapsed), with
 * the accepted answers of that blank. Pure; unit-tested through the API tests.
 */
import { badInput } from '../../http/errors';

export type QuestionType = 'single' | 'multiple' | 'judge' | 'fill';
export type RawAnswer = string | string[] | boolean | number;

export interface Scored {
  isRight: boolean;
  /** The answer as read (letters, "true"/"false", or the blanks). */
  answer: string[];
  rightAnswer: string[];
  rightLetters: string[];
  missedLetters: string[];
  wrongLetters: string[];
  blanks: number[];
}

const LETTERS = 'ABCDEF';

/** Full-width → half-width (NFKC), trimmed, lower case, runs of spaces as one. */
export function normalizeText(v: string): string {
  return v.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
}

function lettersOf(raw: RawAnswer, optionCount: number): string[] {
  const parts = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : null;
  if (parts === null) throw badInput('answer 须为选项字母');
  const out = new Set<string>();
  for (const p of parts) {
    const cleaned = p
      .normalize('NFKC')
      .toUpperCase()
      .replace(/[\s,，、;；|]/g, '');
    for (const ch of cleaned) {
      const i = LETTERS.indexOf(ch);
      if (i < 0 || i >= optionCount) throw badInput(`answer 的选项字母须在 A–${LETTERS[optionCount - 1] ?? 'A'} 之间`);
      out.add(ch);
    }
  }
  return [...out].sort();
}

const TRUE_WORDS = new Set(['true', '1', 't', '对', '正确', '√']);
const FALSE_WORDS = new Set(['false', '0', 'f', '错', '错误', '×']);

function judgementOf(raw: RawAnswer): boolean {
  if (typeof raw === 'boolean') return raw;
  const v = Array.isArray(raw) && raw.length === 1 ? raw[0] : raw;
  const word = typeof v === 'number' ? String(v) : typeof v === 'string' ? normalizeText(v) : '';
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  throw badInput('answer 须为 true 或 false');
}

function blanksOf(raw: RawAnswer): string[] {
  if (Array.isArray(raw)) return raw;
  if (typeof raw !== 'string') throw badInput('answer 须为每空答案的字符串数组');
  if (raw.trim().startsWith('[')) {
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (Array.isArray(parsed) && parsed.every((p) => typeof p === 'string')) return parsed as string[];
    } catch {
      // not JSON: one blank's text
    }
  }
  return [raw];
}

const none = { rightLetters: [], missedLetters: [], wrongLetters: [], blanks: [] };

/** Scores `raw` against the stored key (JSON as seeded); throws 4000 on an answer of the wrong form. */
export function score(type: QuestionType, keyJson: string, optionCount: number, raw: RawAnswer): Scored {
  const key = JSON.parse(keyJson) as unknown;
  if (type === 'single') {
    const answer = lettersOf(raw, optionCount);
    if (answer.length !== 1) throw badInput('answer 单选题须为一个选项字母');
    const isRight = answer[0] === key;
    return {
      ...none,
      isRight,
      answer,
      rightAnswer: [String(key)],
      rightLetters: isRight ? answer : [],
      missedLetters: isRight ? [] : [String(key)],
      wrongLetters: isRight ? [] : answer,
    };
  }
  if (type === 'multiple') {
    const answer = lettersOf(raw, optionCount);
    if (answer.length === 0) throw badInput('answer 多选题须至少选一个选项字母');
    const right = [...(key as string[])].sort();
    const rightLetters = answer.filter((a) => right.includes(a));
    const missedLetters = right.filter((r) => !answer.includes(r));
    const wrongLetters = answer.filter((a) => !right.includes(a));
    const isRight = missedLetters.length === 0 && wrongLetters.length === 0;
    return { isRight, answer, rightAnswer: right, rightLetters, missedLetters, wrongLetters, blanks: [] };
  }
  if (type === 'judge') {
    const v = judgementOf(raw);
    return { ...none, isRight: v === key, answer: [String(v)], rightAnswer: [String(key)] };
  }
  const accepted = key as string[][];
  const given = blanksOf(raw);
  if (given.length > accepted.length) throw badInput(`answer 本题只有 ${accepted.length} 个空`);
  const blanks = accepted.map((ok, i) => {
    const g = normalizeText(given[i] ?? '');
    return g !== '' && ok.some((a) => normalizeText(a) === g) ? 1 : 0;
  });
  return {
    ...none,
    isRight: blanks.every((b) => b === 1),
    answer: accepted.map((_, i) => given[i] ?? ''),
    rightAnswer: accepted.map((ok) => ok[0] ?? ''),
    blanks,
  };
}

/** The key as shown after answering (the error book). */
export function keyOf(type: string, keyJson: string): string[] {
  const key = JSON.parse(keyJson) as unknown;
  if (type === 'single' || type === 'judge') return [String(key)];
  if (type === 'multiple') return [...(key as string[])].sort();
  if (type === 'fill') return (key as string[][]).map((ok) => ok[0] ?? '');
  return [];
}
