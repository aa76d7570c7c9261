import { describe, expect, it } from 'vitest';
import { duration, money, progress, relativeTime } from '../../src/format/time';

const now = Date.UTC(2026, 10, 23, 12, 0, 0);
const at = (secondsAgo: number) => Math.floor(now / 1000) - secondsAgo;

describe('display rules', () => {
  it('relative time follows the spec thresholds', () => {
    expect(relativeTime(at(0), now)).toBe('刚刚');
    expect(relativeTime(at(60), now)).toBe('刚刚');
    expect(relativeTime(at(61), now)).toBe('1分钟前');
    expect(relativeTime(at(59 * 60), now)).toBe('59分钟前');
    expect(relativeTime(at(3600), now)).toBe('1小时前');
    expect(relativeTime(at(23 * 3600), now)).toBe('23小时前');
    expect(relativeTime(at(86400), now)).toBe('1天前');
    expect(relativeTime(at(3 * 86400 - 1), now)).toBe('2天前');
    expect(relativeTime(at(3 * 86400), now)).toMatch(/^2026-11-2\d$/);
  });

  it('duration in seconds, minutes or hours', () => {
    expect(duration(59)).toBe('59秒');
    expect(duration(60)).toBe('1分钟');
    expect(duration(3599)).toBe('59分钟');
    expect(duration(3600)).toBe('1小时');
  });

  it('money divides by 100 with 2 decimals and drops a trailing .00', () => {
    expect(money(1990)).toBe('19.90');
    expect(money(2000)).toBe('20');
    expect(money(5)).toBe('0.05');
  });

  it('progress has 2 decimals', () => {
    expect(progress(33.3333)).toBe('33.33');
  });
});
