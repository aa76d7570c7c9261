/**
 * The answering module's pure rules, no React and no calls: the answer sheet's statuses, where to resume, the exam
 * count-down from the server's clock, durations. Unit-tested in model.test.ts.
 */
import type { BankReport, QuestionItem, ReviewItem } from '../../contract/questions-shapes';
import { hasAnswer } from '../shared/question-card/answer-value';
import type { AnswerValue, QuestionResult } from '../shared/question-card/QuestionCard';

export type Mode = 'practice' | 'exam';

/** What the screen knows about one question's answer. */
export type SendState = 'draft' | 'sending' | 'queued' | 'saved';

export interface Cell {
  index: number;
  questionId: number;
  /** wrong / right: practice verdicts; answered: kept without a verdict (exam, or queued offline). */
  status: 'unanswered' | 'answered' | 'right' | 'wrong';
  marked: boolean;
  current: boolean;
}

export interface SheetInput {
  mode: Mode;
  questions: readonly QuestionItem[];
  /** Answers sent or queued (not drafts), by question id. */
  sent: Readonly<Record<number, SendState>>;
  answers: Readonly<Record<number, AnswerValue>>;
  results: Readonly<Record<number, QuestionResult>>;
  marked: readonly number[];
  index: number;
}

/**
 * True when the question counts as answered: practice — submitted (sent, saved or queued); exam — anything written
 * (a draft is saved when the user moves on or hands in).
 */
export function isAnswered(s: Pick<SheetInput, 'mode' | 'sent' | 'answers'>, qid: number): boolean {
  if (!hasAnswer(s.answers[qid])) return false;
  if (s.mode === 'exam') return true;
  const st = s.sent[qid];
  return st === 'saved' || st === 'queued' || st === 'sending';
}

/** The answer sheet's cells: one per question, coloured by status (right/wrong only in practice). */
export function sheetCells(s: SheetInput): Cell[] {
  const marked = new Set(s.marked);
  return s.questions.map((q, index) => {
    const r = s.results[q.id];
    let status: Cell['status'] = isAnswered(s, q.id) ? 'answered' : 'unanswered';
    if (s.mode === 'practice' && r) status = r.is_right === 1 ? 'right' : 'wrong';
    return { index, questionId: q.id, status, marked: marked.has(q.id), current: index === s.index };
  });
}

export function answeredCount(s: Pick<SheetInput, 'mode' | 'questions' | 'sent' | 'answers' | 'results'>): number {
  return s.questions.filter((q) => isAnswered(s, q.id) || s.results[q.id] !== undefined).length;
}

/** The index kept on the device for a bank, with when it was written (client ms). */
export interface StoredPlace {
  index: number;
  questionId: number;
  at: number;
}

export interface ResumeInput {
  questions: readonly QuestionItem[];
  answeredIds: ReadonlySet<number>;
  /** `question.last` when it is of this bank (practice only), else null. */
  last: { question_id: number; updated_at: number } | null;
  stored: StoredPlace | null;
}

/**
 * Where to open: near the device's own place for this bank (a reload, or 退出 and back, returns there); else near the
 * server's last answered question when it is of this bank (another device, a cleared browser); else the first
 * unanswered question; else the first. "Near" is the place itself when its question is still unanswered, else the
 * next unanswered question after it (wrapping round to the start), so 继续练习 continues with a question to answer;
 * with everything answered it is the place itself. The device place is not compared with the server's time: the two
 * clocks differ, and the device only keeps a place for a bank it showed.
 */
export function resumeIndex({ questions, answeredIds, last, stored }: ResumeInput): number {
  const byId = (id: number) => questions.findIndex((q) => q.id === id);
  if (stored) {
    const i = byId(stored.questionId);
    const at = i >= 0 ? i : stored.index;
    if (at >= 0 && at < questions.length) return nextUnanswered(questions, answeredIds, at);
  }
  if (last) {
    const i = byId(last.question_id);
    if (i >= 0) return nextUnanswered(questions, answeredIds, i);
  }
  const firstOpen = questions.findIndex((q) => !answeredIds.has(q.id));
  return firstOpen >= 0 ? firstOpen : 0;
}

/** `from` when its question is unanswered, else the next unanswered one after it (wrapping), else `from`. */
export function nextUnanswered(questions: readonly QuestionItem[], answeredIds: ReadonlySet<number>, from: number): number {
  const n = questions.length;
  for (let k = 0; k < n; k++) {
    const i = (from + k) % n;
    const q = questions[i];
    if (q && !answeredIds.has(q.id)) return i;
  }
  return from;
}

/**
 * What 退出 asks before leaving the answerer. `none`: everything given is kept (answers are saved as they are
 * given), leave at once; `draft`: a practice answer written but not 提交 would be lost; `exam`: a running paper — leaving
 * does not hand it in and the clock keeps running, so say so.
 */
export type ExitPrompt = 'none' | 'draft' | 'exam';
export function exitPrompt(s: Pick<SheetInput, 'mode' | 'questions' | 'sent' | 'answers'> & { phase: string }): ExitPrompt {
  if (s.phase !== 'answering') return 'none';
  if (s.mode === 'exam') return 'exam';
  return s.questions.some((q) => s.sent[q.id] === 'draft' && hasAnswer(s.answers[q.id])) ? 'draft' : 'none';
}

/** Server minus device clock, in ms, measured when a reply carrying the server's `now` (seconds) arrived. */
export function clockOffset(serverNowSec: number, deviceNowMs: number): number {
  return serverNowSec * 1000 - deviceNowMs;
}

/** Seconds left until the deadline (server seconds), by the device clock corrected by the offset; never below 0. */
export function secondsLeft(deadlineAtSec: number, offsetMs: number, deviceNowMs: number): number {
  return Math.max(0, Math.ceil((deadlineAtSec * 1000 - (deviceNowMs + offsetMs)) / 1000));
}

/** 90 → "01:30", 3725 → "1:02:05". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/** Seconds spent on a question (the contract's duration: whole seconds, 0–36000). */
export function durationSeconds(ms: number): number {
  return Math.min(36000, Math.max(0, Math.round(ms / 1000)));
}

/** A report's review item as the card's verdict. */
export function reviewResult(r: ReviewItem): QuestionResult {
  return {
    is_right: r.is_right,
    right_answer: r.right_answer,
    analysis: r.analysis,
    right_letters: r.right_letters,
    missed_letters: r.missed_letters,
    wrong_letters: r.wrong_letters,
    blanks: r.blanks,
  };
}

export type ReviewStatus = 'right' | 'wrong' | 'unanswered';
/** The report grid's colour of one question. */
export function reviewStatus(report: BankReport, questionId: number): ReviewStatus {
  const r = report.review.find((x) => x.question_id === questionId);
  if (r?.answered !== 1) return 'unanswered';
  return r.is_right === 1 ? 'right' : 'wrong';
}

/** Number of questions left unanswered (for the hand-in confirm). */
export function unansweredCount(s: Pick<SheetInput, 'mode' | 'questions' | 'sent' | 'answers' | 'results'>): number {
  return s.questions.length - answeredCount(s);
}
