import { describe, expect, it } from 'vitest';
import { liveStartText, liveStatusOf } from '../../src/format/course';
import { renderTemplate } from '../../src/runtime/expr';

/** Unix seconds of a China wall-clock time. */
const cst = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h - 8, min) / 1000;
const nowMs = cst(2026, 11, 24, 16, 45) * 1000;

describe('live course display rules', () => {
  it('says 今天 / 明天 or the date before the China clock time', () => {
    expect(liveStartText(cst(2026, 11, 24, 20), nowMs)).toBe('今天 20:00');
    expect(liveStartText(cst(2026, 11, 25, 0, 5), nowMs)).toBe('明天 00:05');
    expect(liveStartText(cst(2026, 11, 28, 10), nowMs)).toBe('11月28日 10:00');
    expect(liveStartText(cst(2026, 11, 21, 19, 30), nowMs)).toBe('11月21日 19:30');
  });

  it('derives upcoming / live / ended from the start and end times', () => {
    expect(liveStatusOf({ live_start_time: cst(2026, 11, 25, 20), live_end_time: cst(2026, 11, 25, 21) }, nowMs)).toBe('upcoming');
    expect(liveStatusOf({ live_start_time: cst(2026, 11, 24, 16), live_end_time: cst(2026, 11, 24, 17) }, nowMs)).toBe('live');
    expect(liveStatusOf({ live_start_time: cst(2026, 11, 21, 19), live_end_time: cst(2026, 11, 21, 20) }, nowMs)).toBe('ended');
    expect(liveStatusOf({}, nowMs)).toBe('upcoming');
  });

  it('is available to page configs as liveStart, liveStatus and liveStatusText', () => {
    const future = { live_start_time: 2e9, live_end_time: 2e9 + 3600, live_playback: 0 };
    const past = { live_start_time: 1e9, live_end_time: 1e9 + 3600, live_playback: 1 };
    expect(renderTemplate('${liveStatus(item)}', { item: future })).toBe('upcoming');
    expect(renderTemplate('${liveStatusText(item)}', { item: future })).toBe('未开始');
    expect(renderTemplate('${liveStatusText(item)}', { item: past })).toBe('看回放');
    expect(renderTemplate('${liveStart(item.live_start_time)}', { item: past })).toMatch(/^\d+月\d+日 \d\d:\d\d$/);
    expect(renderTemplate('${liveStart(item.nothing)}|${liveStatus(null)}', { item: past })).toBe('|');
  });
});
