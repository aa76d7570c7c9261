import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clock,
  courseTag,
  liveClockTime,
  liveRemaining,
  liveStatus,
  liveStatusText,
  studyAction,
  studyState,
} from '../../src/format/course';
import { formatters } from '../../src/runtime/expr/formatters';
import { type AccessItem, decide, type Holdings } from '../../src/server/areas/courses/access-check';
import { coursePercent, isVideoFinished, nextProgress, type StoredProgress } from '../../src/server/areas/courses/course-rules';

describe('course display rules (spec §3, §9)', () => {
  it('tag: recommended-study if recommended, else live course if live, else none', () => {
    expect(courseTag({ is_recommend: 1, is_live: 1 })).toBe('推荐学习');
    expect(courseTag({ is_recommend: 0, is_live: 1 })).toBe('直播课');
    expect(courseTag({ is_recommend: 0, is_live: 0 })).toBe('');
    expect(formatters.courseTag?.({ is_recommend: 1 })).toBe('推荐学习');
    expect(formatters.courseTag?.(null)).toBe('');
  });

  it('remaining seconds to a live start derive from live_start_time and stop at 0', () => {
    const now = 1_800_000_000_000;
    expect(liveRemaining(1_800_000_090, now)).toBe(90);
    expect(liveRemaining(1_799_999_000, now)).toBe(0);
    expect(liveStatus(1_800_000_090, 1_800_003_690, now)).toBe('upcoming');
    expect(liveStatus(1_799_999_000, 1_800_003_690, now)).toBe('live');
    expect(liveStatus(1_799_990_000, 1_799_999_999, now)).toBe('ended');
    expect(liveStatusText('ended', true)).toBe('看回放');
    expect(liveStatusText('ended', false)).toBe('已结束');
    expect(liveStatusText('live', false)).toBe('直播中');
  });

  it('action label: studied if finished, studying if progress exists, not studied otherwise', () => {
    expect(studyAction({ is_finish: 1, percent: 100 })).toBe('已学完');
    expect(studyAction({ is_finish: 0, percent: 0, last_video_id: 12 })).toBe('学习中');
    expect(studyAction({ is_finish: 0, percent: 40 })).toBe('学习中');
    expect(studyAction({ is_finish: 0, percent: 0, last_video_id: 0, learned_seconds: 0 })).toBe('未学习');
    expect(studyState(null)).toBe('not_studied');
    expect(formatters.studyAction?.({ is_finish: 1 })).toBe('已学完');
  });

  it('clock and live start time', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(75)).toBe('1:15');
    expect(clock(3725)).toBe('1:02:05');
    // 2026-11-24 12:00 UTC is 20:00 in China.
    expect(liveClockTime(Date.UTC(2026, 10, 24, 12, 0) / 1000)).toBe('20:00');
  });
});

describe('the one access check: reasons in a fixed order', () => {
  const item: AccessItem = { kind: 'course', id: 7, genusId: 1, categoryId: 2, isFree: false, bundleIds: [9] };
  const none: Holdings = { owned: new Set(), vip: [] };
  it('free before everything, then free preview, then login', () => {
    expect(decide({ ...item, isFree: true }, null, none)).toEqual({ allowed: true, reason: 'free' });
    expect(decide({ ...item, isFreePreview: true }, null, none)).toEqual({ allowed: true, reason: 'free_preview' });
    expect(decide(item, null, none)).toEqual({ allowed: false, reason: 'login_required' });
    expect(decide(item, 5, none)).toEqual({ allowed: false, reason: 'not_owned' });
  });
  it('VIP before owned before bundle', () => {
    const all: Holdings = {
      owned: new Set(['course:7', 'course:9']),
      vip: [{ kind: 'course', genusId: 1, categoryId: null, refId: null }],
    };
    expect(decide(item, 5, all).reason).toBe('vip');
    expect(decide(item, 5, { ...all, vip: [] }).reason).toBe('owned');
    expect(decide(item, 5, { owned: new Set(['course:9']), vip: [] }).reason).toBe('bundle');
  });
  it('a VIP benefit of another subject, kind or item opens nothing', () => {
    const vip = (v: Partial<Holdings['vip'][number]>): Holdings => ({
      owned: new Set(),
      vip: [{ kind: 'course', genusId: null, categoryId: null, refId: null, ...v }],
    });
    expect(decide(item, 5, vip({ genusId: 3 })).allowed).toBe(false);
    expect(decide(item, 5, vip({ categoryId: 4 })).allowed).toBe(false);
    expect(decide(item, 5, vip({ kind: 'ebook' })).allowed).toBe(false);
    expect(decide(item, 5, vip({ refId: 8 })).allowed).toBe(false);
    expect(decide(item, 5, vip({ refId: 7 })).reason).toBe('vip');
    expect(decide(item, 5, vip({})).reason).toBe('vip');
  });
  it('entitlements of another kind do not count', () => {
    expect(decide(item, 5, { owned: new Set(['ebook:7']), vip: [] }).allowed).toBe(false);
  });
});

describe('video progress rules', () => {
  const start = (pos: number, now = 1000, at?: number) => nextProgress(undefined, { position: pos, at, now, duration: 600 });
  it('a first report records the position and no learning time', () => {
    expect(start(30)).toMatchObject({ position: 30, furthest: 30, learned_seconds: 0, is_finish: 0 });
  });
  it('learning time grows by the distance played, capped by the time that passed', () => {
    const a = start(0, 1000);
    const b = nextProgress(a, { position: 15, at: undefined, now: 1015, duration: 600 });
    expect(b.learned_seconds).toBe(15);
    // A client claiming 300 s of playback 10 s later gets 10 s.
    const c = nextProgress(b, { position: 315, at: undefined, now: 1025, duration: 600 });
    expect(c.learned_seconds).toBe(25);
    expect(c.furthest).toBe(315);
  });
  it('seeking back moves the resume position but never the furthest', () => {
    const a = nextProgress(start(0, 1000), { position: 200, at: undefined, now: 1300, duration: 600 });
    const b = nextProgress(a, { position: 50, at: undefined, now: 1310, duration: 600 });
    expect(b).toMatchObject({ position: 50, furthest: 200 });
  });
  it('a late, older report never moves the position or the furthest back', () => {
    const a = start(100, 1000, 5000);
    const b = nextProgress(a, { position: 130, at: 35_000, now: 1030, duration: 600 });
    const late = nextProgress(b, { position: 110, at: 20_000, now: 1031, duration: 600 });
    expect(late).toMatchObject({ position: 130, furthest: 130, learned_seconds: b.learned_seconds });
  });
  it('positions are clamped to the video and finishing is sticky', () => {
    const a = nextProgress(start(0, 1000), { position: 10_000, at: undefined, now: 2000, duration: 600 });
    expect(a).toMatchObject({ position: 600, furthest: 600, is_finish: 1 });
    const b = nextProgress(a, { position: 0, at: undefined, now: 2010, duration: 600 });
    expect(b.is_finish).toBe(1);
    expect(isVideoFinished(596, 600)).toBe(true);
    expect(isVideoFinished(560, 600)).toBe(false);
    expect(coursePercent(1, 3)).toBe(33);
    expect(coursePercent(0, 0)).toBe(0);
  });
  it('property: furthest never decreases and learning time never exceeds the time that passed', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            pos: fc.integer({ min: 0, max: 700 }),
            dt: fc.integer({ min: 0, max: 120 }),
            dAt: fc.integer({ min: -5000, max: 20000 }),
          }),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        (reports) => {
          let now = 1000;
          let at = 1_000_000;
          let p: StoredProgress | undefined;
          for (const r of reports) {
            now += r.dt;
            at += r.dAt;
            const next = nextProgress(p, { position: r.pos, at, now, duration: 600 });
            if (p) expect(next.furthest).toBeGreaterThanOrEqual(p.furthest);
            expect(next.learned_seconds).toBeLessThanOrEqual(now - 1000 + 0);
            expect(next.position).toBeLessThanOrEqual(600);
            p = next;
          }
        },
      ),
    );
  });
});
