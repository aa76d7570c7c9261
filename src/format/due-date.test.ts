import { describe, expect, it } from 'vitest';
import { dueText } from './due-date';

// 2026-11-24 10:00 China time = 02:00 UTC.
const now = Date.UTC(2026, 10, 24, 2, 0, 0);
const at = (y: number, m: number, d: number, h: number) => Date.UTC(y, m - 1, d, h - 8, 0, 0) / 1000;

describe('dueText', () => {
  it('says 今天 for a time due today or overdue', () => {
    expect(dueText(at(2026, 11, 24, 23), now)).toBe('今天');
    expect(dueText(at(2026, 11, 20, 9), now)).toBe('今天');
  });
  it('counts China calendar days, not 24-hour periods', () => {
    expect(dueText(at(2026, 11, 25, 0), now)).toBe('明天');
    expect(dueText(at(2026, 11, 25, 23), now)).toBe('明天');
    expect(dueText(at(2026, 11, 27, 1), now)).toBe('3 天后');
    // 23:30 China time on the 24th is 15:30 UTC: still 今天 there, the 25th is 明天.
    expect(dueText(at(2026, 11, 25, 1), Date.UTC(2026, 10, 24, 15, 30))).toBe('明天');
  });
  it('is empty without a due date', () => {
    expect(dueText(0, now)).toBe('');
    expect(dueText(Number.NaN, now)).toBe('');
  });
});
