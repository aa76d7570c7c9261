import { describe, expect, it } from 'vitest';
import type { QuestionItem } from '../../../contract/questions-shapes';
import { hasAnswer, isAnswerComplete, letterAt, normaliseAnswer, setBlank, toggleLetter } from './answer-value';

const q = (type: QuestionItem['type'], extra: Partial<QuestionItem> = {}): QuestionItem => ({
  id: 1,
  type,
  stem: '题干',
  options: type === 'single' || type === 'multiple' ? ['甲', '乙', '丙', '丁'] : [],
  score: 1,
  material: '',
  material_id: 0,
  blank_count: type === 'fill' ? 2 : 0,
  ...extra,
});

describe('answer values', () => {
  it('letters by position', () => {
    expect(letterAt(0)).toBe('A');
    expect(letterAt(3)).toBe('D');
  });

  it('single choice: one letter replaces the other', () => {
    const s = q('single');
    expect(toggleLetter(s, [], 'B')).toEqual(['B']);
    expect(toggleLetter(s, ['B'], 'D')).toEqual(['D']);
    expect(isAnswerComplete(s, [])).toBe(false);
    expect(isAnswerComplete(s, ['D'])).toBe(true);
    expect(isAnswerComplete(s, ['A', 'B'])).toBe(false);
    expect(isAnswerComplete(s, ['Z'])).toBe(false);
  });

  it('multiple choice toggles and keeps letters sorted', () => {
    const m = q('multiple');
    let v = toggleLetter(m, [], 'C');
    v = toggleLetter(m, v, 'A');
    expect(v).toEqual(['A', 'C']);
    v = toggleLetter(m, v, 'C');
    expect(v).toEqual(['A']);
    expect(isAnswerComplete(m, v)).toBe(true);
    expect(isAnswerComplete(m, [])).toBe(false);
  });

  it('judge is true or false', () => {
    const j = q('judge');
    expect(toggleLetter(j, ['true'], 'false')).toEqual(['false']);
    expect(isAnswerComplete(j, ['true'])).toBe(true);
    expect(isAnswerComplete(j, ['A'])).toBe(false);
    expect(isAnswerComplete(j, [])).toBe(false);
  });

  it('fill needs every blank', () => {
    const f = q('fill');
    let v = setBlank(f, [], 1, 'b');
    expect(v).toEqual(['', 'b']);
    expect(isAnswerComplete(f, v)).toBe(false);
    expect(hasAnswer(v)).toBe(true);
    v = setBlank(f, v, 0, ' a ');
    expect(isAnswerComplete(f, v)).toBe(true);
    expect(isAnswerComplete(f, ['a', '  '])).toBe(false);
    expect(hasAnswer(['', ' '])).toBe(false);
  });

  it('normalises what the server read', () => {
    expect(normaliseAnswer({ type: 'multiple' }, ['CA'])).toEqual(['A', 'C']);
    expect(normaliseAnswer({ type: 'multiple' }, ['A,C'])).toEqual(['A', 'C']);
    expect(normaliseAnswer({ type: 'judge' }, ['对'])).toEqual(['true']);
    expect(normaliseAnswer({ type: 'judge' }, ['false'])).toEqual(['false']);
    expect(normaliseAnswer({ type: 'fill' }, ['x', 'y'])).toEqual(['x', 'y']);
  });
});
