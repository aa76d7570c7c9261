import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import CountdownBlock from './CountdownBlock';
import type { CountdownProps } from './props.gen';
import { EndWatcher, formatRemaining, remaining, timeParts, toSeconds } from './remaining';

const T = 1_800_000_000; // a target, unix seconds

describe('remaining', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const left = 2 * 86400 + 3 * 3600 + 4 * 60 + 5;
    expect(remaining(T, (T - left) * 1000)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, ended: false });
  });
  it('is ended exactly at zero', () => {
    expect(remaining(T, T * 1000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, ended: true });
  });
  it('is ended after the target', () => {
    expect(remaining(T, T * 1000 + 1)).toMatchObject({ ended: true, seconds: 0 });
    expect(remaining(T, (T + 86400 * 3) * 1000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, ended: true });
  });
  it('counts a started second as a whole one (never shows 0 before it ends)', () => {
    expect(remaining(T, T * 1000 - 1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1, ended: false });
    expect(remaining(T, (T - 1) * 1000)).toMatchObject({ seconds: 1, ended: false });
  });
  it('treats an unreadable target as ended', () => {
    expect(remaining(Number.NaN, 0).ended).toBe(true);
  });
});

describe('toSeconds', () => {
  it('reads unix seconds, numeric strings and ISO strings with an offset', () => {
    expect(toSeconds(T)).toBe(T);
    expect(toSeconds(String(T))).toBe(T);
    expect(toSeconds('2026-12-12T09:00:00+08:00')).toBe(Date.UTC(2026, 11, 12, 1) / 1000);
  });
  it('gives NaN for anything else', () => {
    expect(toSeconds('')).toBeNaN();
    expect(toSeconds('下周')).toBeNaN();
    expect(toSeconds(undefined)).toBeNaN();
  });
});

describe('formats', () => {
  const r = remaining(T, (T - (12 * 86400 + 3 * 3600 + 5 * 60 + 9)) * 1000);
  it('dhms, hms and days', () => {
    expect(formatRemaining(r, 'dhms')).toBe('12天 03时 05分 09秒');
    expect(formatRemaining(r, 'hms')).toBe('291:05:09');
    expect(formatRemaining(r, 'days')).toBe('13天');
  });
  it('days does not round up a whole number of days', () => {
    expect(timeParts(remaining(T, (T - 86400 * 2) * 1000), 'days')).toEqual([{ value: '2', unit: '天' }]);
  });
});

describe('EndWatcher', () => {
  it('fires once when a running countdown ends', () => {
    const w = new EndWatcher(false);
    expect(w.update(false)).toBe(false);
    expect(w.update(true)).toBe(true);
    expect(w.update(true)).toBe(false);
  });
  it('does not fire for a countdown that had ended on arrival', () => {
    const w = new EndWatcher(true);
    expect(w.update(true)).toBe(false);
  });
  it('fires again if the target moves into the future and is reached again', () => {
    const w = new EndWatcher(true);
    expect(w.update(false)).toBe(false);
    expect(w.update(true)).toBe(true);
  });
});

describe('CountdownBlock', () => {
  afterEach(() => vi.useRealTimers());
  const html = (props: CountdownProps, nowSeconds: number) => {
    vi.useFakeTimers();
    vi.setSystemTime(nowSeconds * 1000);
    return renderToStaticMarkup(<CountdownBlock {...fakeBlockProps('countdown', props).blockProps} />);
  };

  it('shows the prefix and the time left', () => {
    const out = html({ to: '2026-12-12T09:00:00+08:00', prefix: '距离考试还有' }, Date.UTC(2026, 11, 10, 1) / 1000 - 61);
    expect(out).toContain('距离考试还有');
    expect(out).toContain('role="timer"');
    expect(out.replace(/<[^>]+>/g, '')).toContain('2天00时01分01秒');
  });
  it('hms format joins the parts with colons', () => {
    const out = html({ to: T, format: 'hms' }, T - 3725);
    expect(out.replace(/<[^>]+>/g, '')).toBe('01:02:05');
  });
  it('shows the end text when the time is reached', () => {
    expect(html({ to: T }, T)).toContain('已结束');
    expect(html({ to: T, endText: '考试已开始' }, T + 10)).toContain('考试已开始');
  });
});
