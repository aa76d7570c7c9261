import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import * as course from '../../src/contract/courses';
import { CODE } from '../../src/contract/envelope';
import * as uc from '../../src/contract/users-center';
import { request } from '../support/api-client';
import { countRows, expectRefused, loginAs } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { newUser, type TestUser } from '../support/user-center-flows';

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let subject: { genus_id: number; category_id: number };
  let list: course.CourseItem[];
  let owner: TestUser;
  let vip: TestUser;
  const paidSingle = () => {
    const c = list.find((x) => x.is_single === 1 && x.is_live === 0 && x.is_free === 0 && x.name.includes('全程班'));
    if (!c) throw new Error('no paid course');
    return c;
  };
  const bundle = () => {
    const c = list.find((x) => x.is_single === 0);
    if (!c) throw new Error('no bundle');
    return c;
  };

  beforeAll(async () => {
    s = await startTestServer(kind);
    const db = s.services.db.kysely;
    const cat = await db
      .selectFrom('categories as c')
      .select(['c.id', 'c.genus_id'])
      .where('c.name', '=', '英语四级')
      .executeTakeFirstOrThrow();
    subject = { genus_id: cat.genus_id, category_id: cat.id };
    list = (await request(s.url, course.courseList, { ...subject, count: 50 })).body.data;
    const o = await loginAs(s, '13800000001');
    owner = { id: o.user.id, token: o.token, mobile: '13800000001' };
    const v = await loginAs(s, '13800000002');
    vip = { id: v.user.id, token: v.token, mobile: '13800000002' };
  });
  afterAll(() => s.close());

  const catalog = async (id: number, u?: TestUser) => (await request(s.url, course.courseCatalog, { id }, { token: u?.token })).body.data;
  const videos = async (id: number, u?: TestUser) => (await catalog(id, u)).chapters.flatMap((c) => c.videos);

  describe('catalogue', () => {
    it('lists the subject’s courses with the spec’s list-item fields, top and recommended first', async () => {
      expect(list.length).toBeGreaterThanOrEqual(12);
      for (const c of list) {
        expect(c).toMatchObject({ ...subject, has_clock: 0, has_collect: 0 });
        expect(typeof c.cover_aspect_ratio).toBe('number');
      }
      const rank = list.map((c) => c.is_top * 4 + c.is_recommend * 2 + c.is_hot);
      expect(rank).toEqual([...rank].sort((a, b) => b - a));
      const live = list.filter((c) => c.is_live === 1);
      expect(live.length).toBeGreaterThanOrEqual(4);
      for (const c of live) expect(c.live_end_time).toBeGreaterThan(c.live_start_time);
      // Anonymous callers never get a live room URL.
      expect(list.every((c) => c.live_url === '')).toBe(true);
    });

    it('filters by type: live, free, bundle; refuses an unknown type', async () => {
      const of = async (type: string) => (await request(s.url, course.courseList, { ...subject, count: 50, type })).body.data;
      expect((await of('all')).length).toBe(list.length);
      const live = await of('live');
      expect(live.length).toBeGreaterThanOrEqual(4);
      expect(live.every((c) => c.is_live === 1)).toBe(true);
      expect((await of('free')).every((c) => c.is_free === 1)).toBe(true);
      expect((await of('bundle')).map((c) => c.is_single)).toEqual([0]);
      expectRefused(await request(s.url, course.courseList, { ...subject, type: 'vip' }), 400, CODE.badInput, '参数 type');
    });

    it('a bundle lists its single courses; a single course has none', async () => {
      const kids = (await request(s.url, course.childList, { course_id: bundle().id })).body.data;
      expect(kids).toHaveLength(3);
      expect(kids.every((k) => k.is_single === 1)).toBe(true);
      expect((await request(s.url, course.childList, { course_id: paidSingle().id })).body.data).toEqual([]);
      expectRefused(await request(s.url, course.childList, { course_id: 999999 }), 404, CODE.notFound, 'course_id 999999');
    });

    it('detail and catalogue: chapters, durations, a free preview, locks for a visitor', async () => {
      const c = paidSingle();
      const d = (await request(s.url, course.courseDetail_, { id: c.id })).body;
      expect(d).toMatchObject({ status: 0, data: { id: c.id, can_access: 0, access_reason: 'login_required', child_count: 0 } });
      expect(d.data.bundle_ids).toEqual([]);
      const kids = (await request(s.url, course.childList, { course_id: bundle().id })).body.data;
      const inBundle = (await request(s.url, course.courseDetail_, { id: kids[0]?.id ?? 0 })).body.data;
      expect(inBundle.bundle_ids).toEqual([bundle().id]);
      expect(d.data.video_count).toBeGreaterThan(3);
      const vs = await videos(c.id);
      expect(vs).toHaveLength(d.data.video_count);
      expect(vs.reduce((n, v) => n + v.duration, 0)).toBe(d.data.total_duration);
      expect(vs[0]).toMatchObject({ is_free: 1, locked: 0 });
      expect(vs.slice(1).every((v) => v.locked === 1 && v.is_free === 0)).toBe(true);
      expect(vs.every((v) => v.duration > 30)).toBe(true);
      expectRefused(await request(s.url, course.courseDetail_, { id: 999999 }), 404, CODE.notFound, 'id 999999');
      expectRefused(await request(s.url, course.courseDetail_, { id: 'abc' }), 400, CODE.badInput, '参数 id');
    });

    it('free courses open every video; the subject’s preview videos are listed', async () => {
      const free = list.find((x) => x.is_free === 1 && x.is_live === 0);
      if (!free) throw new Error('no free course');
      expect((await videos(free.id)).every((v) => v.locked === 0)).toBe(true);
      const pv = (await request(s.url, course.subjectVideos, { ...subject, count: 50 })).body.data;
      expect(pv.length).toBeGreaterThan(5);
      expect(pv.some((v) => v.course_id === paidSingle().id && v.is_free === 1)).toBe(true);
    });

    it('views count up (course.hot)', async () => {
      const a = (await request(s.url, course.hot, { id: paidSingle().id })).body.data.view_count;
      const b = (await request(s.url, course.hot, { id: paidSingle().id })).body.data.view_count;
      expect(b).toBe(a + 1);
      expectRefused(await request(s.url, course.hot, { id: 999999 }), 404, CODE.notFound, '999999');
    });
  });

  describe('access: free, preview, VIP, owned, bundle — and nothing else', () => {
    it('a non-owner gets the preview but no playable URL for any other video', async () => {
      const u = await newUser(s);
      const vs = await videos(paidSingle().id, u);
      const preview = await request(s.url, course.playInfo, { video_id: vs[0]?.id ?? 0 }, { token: u.token });
      expect(preview.body).toMatchObject({ status: 0, data: { access_reason: 'free_preview' } });
      expect(preview.body.data.url).toMatch(/\.m3u8\?t=[0-9a-f]+&us=[^&]+&sign=[0-9a-f]{32}$/);
      for (const v of vs.slice(1)) {
        const res = await request(s.url, course.playInfo, { video_id: v.id }, { token: u.token });
        expectRefused(res, 403, CODE.forbidden, '购买');
        expect(JSON.stringify(res.body)).not.toContain('.m3u8');
      }
      expectRefused(await request(s.url, course.playInfo, { video_id: vs[1]?.id ?? 0 }), 401, CODE.unauthorized, '登录');
      expectRefused(await request(s.url, course.playInfo, { video_id: 999999 }, { token: u.token }), 404, CODE.notFound, '999999');
    });

    it('the owner plays every video of an owned course and of the bundle’s children', async () => {
      const mine = await videos(paidSingle().id, owner);
      expect(mine.every((v) => v.locked === 0)).toBe(true);
      const res = await request(s.url, course.playInfo, { video_id: mine[2]?.id ?? 0 }, { token: owner.token });
      expect(res.body.data).toMatchObject({ access_reason: 'owned', course_id: paidSingle().id, next_video_id: mine[3]?.id ?? 0 });
      const kids = (await request(s.url, course.childList, { course_id: bundle().id })).body.data;
      const child = kids.find((k) => k.id !== paidSingle().id);
      if (!child) throw new Error('no child');
      const cv = await videos(child.id, owner);
      const viaBundle = await request(s.url, course.playInfo, { video_id: cv[1]?.id ?? 0 }, { token: owner.token });
      expect(viaBundle.body.data.access_reason).toBe('bundle');
      const d = (await request(s.url, course.courseDetail_, { id: child.id }, { token: owner.token })).body.data;
      expect(d).toMatchObject({ can_access: 1, access_reason: 'bundle' });
    });

    it('a VIP of the genus plays paid courses of that genus only', async () => {
      const vs = await videos(paidSingle().id, vip);
      expect(vs.every((v) => v.locked === 0)).toBe(true);
      expect((await request(s.url, course.playInfo, { video_id: vs[1]?.id ?? 0 }, { token: vip.token })).body.data.access_reason).toBe(
        'vip',
      );
      const db = s.services.db.kysely;
      const other = await db
        .selectFrom('courses as c')
        .innerJoin('genera as g', 'g.id', 'c.genus_id')
        .select('c.id')
        .where('g.name', '=', '考研')
        .where('c.is_free', '=', 0)
        .where('c.is_single', '=', 1)
        .where('c.is_live', '=', 0)
        .executeTakeFirstOrThrow();
      const ov = await videos(other.id, vip);
      expectRefused(await request(s.url, course.playInfo, { video_id: ov[1]?.id ?? 0 }, { token: vip.token }), 403, CODE.forbidden, '购买');
    });

    it('the live room URL is given only to a user who may enter, while the session is not over', async () => {
      const sessions = (
        await request(
          s.url,
          course.liveList,
          { ...subject, start: s.services.clock() - 86400, end: s.services.clock() + 86400 * 3 },
          { token: vip.token },
        )
      ).body.data;
      const now = sessions.find((x) => x.live_status === 'live');
      if (!now) throw new Error('no live session now');
      expect(now.live_url).toMatch(/\.m3u8\?/);
      const u = await newUser(s);
      const paidUpcoming = (
        await request(
          s.url,
          course.liveList,
          { ...subject, start: s.services.clock(), end: s.services.clock() + 86400 * 30 },
          { token: u.token },
        )
      ).body.data.find((x) => x.is_free === 0);
      expect(paidUpcoming?.live_url).toBe('');
    });
  });

  describe('live calendar and reminders', () => {
    const window = () => ({ ...subject, start: s.services.clock() - 86400 * 7, end: s.services.clock() + 86400 * 30 });
    it('lists sessions in the range in start order with their status', async () => {
      const sessions = (await request(s.url, course.liveList, window())).body.data;
      expect(sessions.length).toBeGreaterThanOrEqual(4);
      const starts = sessions.map((x) => x.live_start_time);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      expect(new Set(sessions.map((x) => x.live_status))).toEqual(new Set(['ended', 'live', 'upcoming']));
      expect(sessions.find((x) => x.live_status === 'ended')?.live_playback).toBe(1);
      expectRefused(await request(s.url, course.liveList, { ...subject, start: 100, end: 50 }), 400, CODE.badInput, 'end');
      expectRefused(await request(s.url, course.liveList, { ...subject, start: 0, end: 86400 * 90 }), 400, CODE.badInput, '62 天');
    });

    it('set raises the count by one and marks has_clock; twice counts once; cancel undoes; cancelling unset changes nothing', async () => {
      const u = await newUser(s);
      const target = (await request(s.url, course.liveList, window())).body.data.find((x) => x.live_status === 'upcoming');
      if (!target) throw new Error('no upcoming session');
      const base = target.appointment_count;
      const set1 = await request(s.url, course.liveClock, { course_id: target.id }, { token: u.token });
      expect(set1.body.data).toEqual({ has_clock: 1, appointment_count: base + 1 });
      const set2 = await request(s.url, course.liveClock, { course_id: target.id }, { token: u.token });
      expect(set2.body.data).toEqual({ has_clock: 1, appointment_count: base + 1 });
      const seen = (await request(s.url, course.liveList, window(), { token: u.token })).body.data.find((x) => x.id === target.id);
      expect(seen).toMatchObject({ has_clock: 1, appointment_count: base + 1 });
      const other = await newUser(s);
      const notSet = await request(s.url, course.cancelLiveClock, { course_id: target.id }, { token: other.token });
      expect(notSet.body.data).toEqual({ has_clock: 0, appointment_count: base + 1 });
      const cancel = await request(s.url, course.cancelLiveClock, { course_id: target.id }, { token: u.token });
      expect(cancel.body.data).toEqual({ has_clock: 0, appointment_count: base });
    });

    it('parallel sets by one user count once; parallel sets by many users count each', async () => {
      const target = (await request(s.url, course.liveList, window())).body.data.filter((x) => x.live_status === 'upcoming')[1];
      if (!target) throw new Error('no second upcoming session');
      const base = target.appointment_count;
      const u = await newUser(s);
      await Promise.all(Array.from({ length: 12 }, () => request(s.url, course.liveClock, { course_id: target.id }, { token: u.token })));
      const users = await Promise.all(Array.from({ length: 4 }, () => newUser(s)));
      await Promise.all(users.map((x) => request(s.url, course.liveClock, { course_id: target.id }, { token: x.token })));
      await Promise.all(
        Array.from({ length: 12 }, () => request(s.url, course.cancelLiveClock, { course_id: target.id }, { token: users[0]?.token })),
      );
      const after = (await request(s.url, course.liveList, window())).body.data.find((x) => x.id === target.id);
      expect(after?.appointment_count).toBe(base + 4);
    });

    it('refuses a course that is not live, a missing one, and anonymous calls', async () => {
      const u = await newUser(s);
      const before = await countRows(s, 'live_clocks');
      expectRefused(
        await request(s.url, course.liveClock, { course_id: paidSingle().id }, { token: u.token }),
        404,
        CODE.notFound,
        '直播课',
      );
      expectRefused(await request(s.url, course.liveClock, { course_id: 999999 }, { token: u.token }), 404, CODE.notFound, '999999');
      expectRefused(await request(s.url, course.liveClock, { course_id: paidSingle().id }), 401, CODE.unauthorized, '登录');
      expect(await countRows(s, 'live_clocks')).toBe(before);
    });
  });

  describe('collect', () => {
    it('sets, keeps one on a second set, clears; the count and has_collect follow; it shows in the collections list', async () => {
      const u = await newUser(s);
      const c = paidSingle();
      const base = (await request(s.url, course.courseDetail_, { id: c.id })).body.data.collect_count;
      const a = await request(s.url, course.collect, { id: c.id, is_collect: 1 }, { token: u.token });
      expect(a.body.data).toMatchObject({ has_collect: 1, collect_count: base + 1 });
      const b = await request(s.url, course.collect, { id: c.id, is_collect: 1 }, { token: u.token });
      expect(b.body.data).toMatchObject({ has_collect: 1, collect_count: base + 1, collection_id: a.body.data.collection_id });
      const d = (await request(s.url, course.courseDetail_, { id: c.id }, { token: u.token })).body.data;
      expect(d).toMatchObject({ has_collect: 1, collect_count: base + 1 });
      const toggled = await request(s.url, course.collect, { id: c.id }, { token: u.token });
      expect(toggled.body.data).toEqual({ has_collect: 0, collect_count: base, collection_id: 0 });
      expectRefused(
        await request(s.url, course.collect, { id: c.id, is_collect: 2 }, { token: u.token }),
        400,
        CODE.badInput,
        'is_collect',
      );
    });
  });

  describe('progress', () => {
    it('keeps the furthest position, caps learning time by the time that passed, and resumes where the user left off', async () => {
      // Only `advance` moves time here: a real second passing between two reports would add a learned second.
      s.freeze();
      onTestFinished(() => s.thaw());
      const u = await newUser(s);
      const c = paidSingle();
      const v = (await videos(c.id, u))[0];
      if (!v) throw new Error('no video');
      const report = (duration: number, at?: number) =>
        request(s.url, course.progressReport, { course_id: c.id, video_id: v.id, duration, at }, { token: u.token });
      expect((await report(0, 1000)).body.status).toBe(0);
      s.advance(15);
      const r1 = (await report(15, 16_000)).body.data.video;
      expect(r1).toMatchObject({ position: 15, furthest: 15, learned_seconds: 15 });
      s.advance(10);
      // Claims 40 s more after 10 s: gets 10.
      const r2 = (await report(55, 26_000)).body.data.video;
      expect(r2).toMatchObject({ position: 55, furthest: 55, learned_seconds: 25 });
      // A late, older report (sent before r2) never moves anything back.
      const late = (await report(30, 21_000)).body.data.video;
      expect(late).toMatchObject({ position: 55, furthest: 55, learned_seconds: 25 });
      const info = (await request(s.url, course.playInfo, { video_id: v.id }, { token: u.token })).body.data;
      expect(info.position).toBe(55);
      const got = (await request(s.url, course.progressGet, { course_id: c.id }, { token: u.token })).body.data;
      expect(got.videos).toEqual([expect.objectContaining({ video_id: v.id, position: 55, furthest: 55, learned_seconds: 25 })]);
      expect(got.progress).toMatchObject({ last_video_id: v.id, last_position: 55, learned_seconds: 25, is_finish: 0 });
    });

    it('parallel copies of one report count their learning time once', async () => {
      s.freeze();
      onTestFinished(() => s.thaw());
      const u = await newUser(s);
      const c = paidSingle();
      const v = (await videos(c.id, u))[0];
      if (!v) throw new Error('no video');
      await request(s.url, course.progressReport, { course_id: c.id, video_id: v.id, duration: 0, at: 1 }, { token: u.token });
      s.advance(20);
      const replies = await Promise.all(
        Array.from({ length: 10 }, () =>
          request(s.url, course.progressReport, { course_id: c.id, video_id: v.id, duration: 20, at: 2 }, { token: u.token }),
        ),
      );
      expect(replies.every((r) => r.body.status === 0)).toBe(true);
      const got = (await request(s.url, course.progressGet, { course_id: c.id }, { token: u.token })).body.data;
      expect(got.videos[0]).toMatchObject({ position: 20, furthest: 20, learned_seconds: 20 });
    });

    it('refuses progress on a locked video, a video of another course, and bad positions, writing nothing', async () => {
      const u = await newUser(s);
      const c = paidSingle();
      const vs = await videos(c.id, u);
      const before = await countRows(s, 'video_progress');
      expectRefused(
        await request(s.url, course.progressReport, { course_id: c.id, video_id: vs[1]?.id ?? 0, duration: 5 }, { token: u.token }),
        403,
        CODE.forbidden,
        '购买',
      );
      expectRefused(
        await request(s.url, course.progressReport, { course_id: bundle().id, video_id: vs[0]?.id ?? 0, duration: 5 }, { token: u.token }),
        404,
        CODE.notFound,
        'video_id',
      );
      expectRefused(
        await request(s.url, course.progressReport, { course_id: c.id, video_id: vs[0]?.id ?? 0, duration: -1 }, { token: u.token }),
        400,
        CODE.badInput,
        'duration',
      );
      expect(await countRows(s, 'video_progress')).toBe(before);
    });

    it('a course is finished when all its videos are; bought courses carry their progress and the bundle counts its children', async () => {
      const free = list.find((x) => x.is_free === 1 && x.is_live === 0 && x.is_single === 1);
      if (!free) throw new Error('no free course');
      const u = await newUser(s);
      expect((await request(s.url, course.boughtList, {}, { token: u.token })).body.data).toEqual([]);
      const vs = await videos(free.id, u);
      for (const v of vs) {
        await request(s.url, course.progressReport, { course_id: free.id, video_id: v.id, duration: 0 }, { token: u.token });
        s.advance(v.duration);
        const r = await request(
          s.url,
          course.progressReport,
          { course_id: free.id, video_id: v.id, duration: v.duration },
          { token: u.token },
        );
        expect(r.body.data.video.is_finish).toBe(1);
      }
      const mine = (await request(s.url, course.boughtList, {}, { token: u.token })).body.data;
      expect(mine).toEqual([
        expect.objectContaining({ id: free.id, access_reason: 'free', progress: expect.objectContaining({ is_finish: 1, percent: 100 }) }),
      ]);
      // The user home counts the same list: one started free course, finished, with its learning time.
      const st = (await request(s.url, uc.userStatistics, {}, { token: u.token })).body.data;
      expect(st).toMatchObject({ course_count: 1, course_finished_count: 1, course_learned_seconds: mine[0]?.progress.learned_seconds });
      expect(st.course_learned_seconds).toBeGreaterThan(0);
      const owned = (await request(s.url, course.boughtList, { genus_id: subject.genus_id }, { token: owner.token })).body.data;
      expect(owned.map((x) => x.id)).toEqual(expect.arrayContaining([paidSingle().id, bundle().id]));
      const b = owned.find((x) => x.id === bundle().id);
      expect(b?.progress.video_count).toBeGreaterThan(6);
      expect(owned.find((x) => x.id === paidSingle().id)?.access_reason).toBe('owned');
    });

    it('the user home counts the user’s courses as the bought list shows them', async () => {
      const st = (await request(s.url, uc.userStatistics, {}, { token: owner.token })).body.data;
      const mine = (await request(s.url, course.boughtList, { count: 50 }, { token: owner.token })).body.data;
      expect(st.course_count).toBeGreaterThanOrEqual(5);
      expect(st.course_count).toBe(mine.length);
      expect(st.course_finished_count).toBe(mine.filter((x) => x.progress.is_finish === 1).length);
    });
  });
});
