import { describe, expect, it } from 'vitest';
import type { QuestionItem } from '../../contract/questions-shapes';
import {
  answeredCount,
  clock,
  clockOffset,
  durationSeconds,
  exitPrompt,
  nextUnanswered,
  resumeIndex,
  secondsLeft,
  sheetCells,
  unansweredCount,
} from './model';
import { swipeDirection } from './swipe';

const q = (id: number): QuestionItem => ({
  id,
  type: 'single',
  stem: `Q${id}`,
  options: ['a', 'b'],
  score: 1,
  material: '',
  material_id: 0,
  blank_count: 0,
});
const questions = [q(11), q(12), q(13), q(14)];
const verdict = (is_right: number) => ({
  is_right,
  right_answer: ['A'],
  analysis: '',
  right_letters: [],
  missed_letters: [],
  wrong_letters: [],
  blanks: [],
});

describe('answer sheet', () => {
  it('colours practice cells by verdict and keeps marks and the current one', () => {
    const cells = sheetCells({
      mode: 'practice',
      questions,
      sent: { 11: 'saved', 12: 'saved', 13: 'queued', 14: 'draft' },
      answers: { 11: ['A'], 12: ['B'], 13: ['A'], 14: ['B'] },
      results: { 11: verdict(1), 12: verdict(0) },
      marked: [14],
      index: 2,
    });
    expect(cells.map((c) => c.status)).toEqual(['right', 'wrong', 'answered', 'unanswered']);
    expect(cells.map((c) => c.marked)).toEqual([false, false, false, true]);
    expect(cells[2]?.current).toBe(true);
  });

  it('exam cells never show right or wrong; a written draft counts as answered', () => {
    const s = {
      mode: 'exam' as const,
      questions,
      sent: { 11: 'saved' as const, 12: 'draft' as const },
      answers: { 11: ['A'], 12: ['B'], 13: [] },
      results: { 11: verdict(0) },
      marked: [],
      index: 0,
    };
    expect(sheetCells(s).map((c) => c.status)).toEqual(['answered', 'answered', 'unanswered', 'unanswered']);
    expect(answeredCount(s)).toBe(2);
    expect(unansweredCount(s)).toBe(2);
  });
});

describe('resume', () => {
  const none = new Set<number>();
  it('the device place wins over the last answer (a reload returns to the same question)', () => {
    const stored = { index: 3, questionId: 14, at: 1 };
    expect(resumeIndex({ questions, answeredIds: none, last: { question_id: 12, updated_at: 9e9 }, stored })).toBe(3);
  });
  it('without a device place, after question.last of this bank: the next unanswered question', () => {
    expect(resumeIndex({ questions, answeredIds: new Set([11, 12]), last: { question_id: 12, updated_at: 2000 }, stored: null })).toBe(2);
    expect(resumeIndex({ questions, answeredIds: new Set([12]), last: { question_id: 12, updated_at: 2000 }, stored: null })).toBe(2);
  });
  it('a device place on an answered question (退出 after a verdict) opens the next unanswered one, wrapping round', () => {
    const stored = (questionId: number) => ({ index: 0, questionId, at: 1 });
    expect(resumeIndex({ questions, answeredIds: new Set([11, 12]), last: null, stored: stored(12) })).toBe(2);
    expect(resumeIndex({ questions, answeredIds: new Set([12, 13, 14]), last: null, stored: stored(13) })).toBe(0);
    // Everything answered: the place itself.
    expect(resumeIndex({ questions, answeredIds: new Set([11, 12, 13, 14]), last: null, stored: stored(13) })).toBe(2);
    expect(nextUnanswered(questions, new Set([11]), 0)).toBe(1);
  });
  it('finds the stored question by id when the order changed', () => {
    expect(resumeIndex({ questions, answeredIds: none, last: null, stored: { index: 0, questionId: 13, at: 1 } })).toBe(2);
  });
  it('else the first unanswered question, else the first', () => {
    expect(resumeIndex({ questions, answeredIds: new Set([11, 12]), last: null, stored: null })).toBe(2);
    expect(resumeIndex({ questions, answeredIds: new Set([11, 12, 13, 14]), last: null, stored: null })).toBe(0);
    expect(resumeIndex({ questions, answeredIds: none, last: { question_id: 999, updated_at: 1 }, stored: null })).toBe(0);
  });
});

describe('退出', () => {
  const base = { questions, answers: {} as Record<number, string[]>, sent: {} as Record<number, 'draft' | 'saved' | 'queued' | 'sending'> };
  it('practice asks only when a written answer is not 提交 yet', () => {
    expect(exitPrompt({ ...base, mode: 'practice', phase: 'answering' })).toBe('none');
    expect(exitPrompt({ ...base, mode: 'practice', phase: 'answering', answers: { 11: ['A'] }, sent: { 11: 'saved' } })).toBe('none');
    expect(exitPrompt({ ...base, mode: 'practice', phase: 'answering', answers: { 11: ['A'] }, sent: { 11: 'queued' } })).toBe('none');
    expect(exitPrompt({ ...base, mode: 'practice', phase: 'answering', answers: { 13: ['A'] }, sent: { 13: 'draft' } })).toBe('draft');
    // A choice taken back leaves nothing to lose.
    expect(exitPrompt({ ...base, mode: 'practice', phase: 'answering', answers: { 13: [] }, sent: { 13: 'draft' } })).toBe('none');
  });
  it('a running paper always says it is not handed in; other screens leave at once', () => {
    expect(exitPrompt({ ...base, mode: 'exam', phase: 'answering' })).toBe('exam');
    expect(exitPrompt({ ...base, mode: 'exam', phase: 'exam-start' })).toBe('none');
    expect(exitPrompt({ ...base, mode: 'practice', phase: 'report', answers: { 13: ['A'] }, sent: { 13: 'draft' } })).toBe('none');
  });
});

describe('exam count-down', () => {
  it('runs on the server clock, not the device clock', () => {
    // The device is 5 minutes fast: server now 10_000 s, device 10_300_000 ms.
    const offset = clockOffset(10_000, 10_300_000);
    expect(offset).toBe(-300_000);
    // Deadline 30 minutes after the server's now.
    expect(secondsLeft(10_000 + 1800, offset, 10_300_000)).toBe(1800);
    expect(secondsLeft(10_000 + 1800, offset, 10_300_000 + 60_500)).toBe(1740);
    expect(secondsLeft(10_000 + 1800, offset, 10_300_000 + 2_000_000)).toBe(0);
  });
  it('formats the clock and durations', () => {
    expect(clock(90)).toBe('01:30');
    expect(clock(3725)).toBe('1:02:05');
    expect(durationSeconds(1499)).toBe(1);
    expect(durationSeconds(-5)).toBe(0);
    expect(durationSeconds(1e9)).toBe(36000);
  });
});

describe('swipe', () => {
  it('needs 50 px, mostly horizontal, and no selection', () => {
    expect(swipeDirection(-60, 5, false)).toBe(1);
    expect(swipeDirection(60, 5, false)).toBe(-1);
    expect(swipeDirection(-40, 0, false)).toBe(0);
    expect(swipeDirection(-60, 50, false)).toBe(0);
    expect(swipeDirection(-80, 0, true)).toBe(0);
  });
});
