import { describe, expect, it } from 'vitest';
import { blockingTime } from '../../scripts/bench-trace';

const PID = 7;
const MAIN = 1;
const ms = (n: number) => n * 1000;
const task = (start: number, wall: number, cpu: number, tid = MAIN) => ({
  name: 'RunTask',
  ph: 'X',
  ts: ms(start),
  dur: ms(wall),
  tdur: ms(cpu),
  pid: PID,
  tid,
});
const base = [
  { name: 'thread_name', ph: 'M', ts: 0, pid: PID, tid: MAIN, args: { name: 'CrRendererMain' } },
  { name: 'navigationStart', ph: 'R', ts: ms(100), pid: PID, tid: MAIN },
  { name: 'firstContentfulPaint', ph: 'R', ts: ms(600), pid: PID, tid: MAIN },
];

describe('blocking time from a trace (scripts/bench-trace.ts)', () => {
  it('counts each task after the first paint at 4×, less 50 ms, from wall time and from thread time', () => {
    const r = blockingTime([...base, task(700, 30, 10), task(800, 10, 10), task(900, 100, 60)]);
    expect(r.fcp).toBe(500);
    // wall: 4×30−50 = 70, 4×10−50 < 0, 4×100−50 = 350; thread: 0, 0, 4×60−50 = 190
    expect(r.wallTbt).toBe(420);
    expect(r.threadTbt).toBe(190);
    expect(r.longestThreadMs).toBe(60);
  });

  it('counts a task that spans the paint from the paint on, and ignores tasks before it and on other threads', () => {
    const r = blockingTime([...base, task(200, 100, 100), task(560, 80, 80), task(700, 100, 100, 2)]);
    // 40 of the task's 80 ms are after the paint: 4×40−50 = 110
    expect(r.wallTbt).toBe(110);
    expect(r.threadTbt).toBe(110);
  });

  it('says what the trace lacks', () => {
    expect(() => blockingTime(base.slice(0, 2))).toThrow('first contentful paint');
  });
});
