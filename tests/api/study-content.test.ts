import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as course from '../../src/contract/courses';
import * as ebook from '../../src/contract/ebooks';
import { CODE } from '../../src/contract/envelope';
import type { StrategyItem } from '../../src/contract/study';
import * as study from '../../src/contract/study';
import * as genus from '../../src/contract/study-genus';
import { request } from '../support/api-client';
import { expectRefused } from '../support/flows';
import { allPages, isNonIncreasing, type Subject, type Subjects, seededSubjects } from '../support/study-flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let subj: Subjects;
  let mine: Subject;
  let strategies: StrategyItem[];

  beforeAll(async () => {
    s = await startTestServer(kind);
    subj = await seededSubjects(s);
    mine = subj.mine;
    strategies = await allPages(async (offset, count) => (await request(s.url, study.strategyList, { ...mine, offset, count })).body.data);
  });
  afterAll(() => s.close());

  /** The refusals every subject-keyed endpoint gives. */
  async function refusesBadSubject(call: (input: Record<string, unknown>) => Promise<{ http: number; body: unknown }>) {
    expectRefused(await call({ genus_id: mine.genus_id }), 400, CODE.badInput, '缺少参数 category_id');
    expectRefused(await call({ category_id: mine.category_id }), 400, CODE.badInput, '缺少参数 genus_id');
    expectRefused(await call({ ...mine, genus_id: 'x' }), 400, CODE.badInput, '参数 genus_id');
    expectRefused(
      await call({ genus_id: mine.genus_id, category_id: subj.foreign.category_id }),
      400,
      CODE.badInput,
      `category_id ${subj.foreign.category_id} 不属于`,
    );
    expectRefused(await call({ genus_id: mine.genus_id, category_id: 99999 }), 400, CODE.badInput, 'category_id 99999 不存在');
  }

  describe('strategy list', () => {
    it('has at least 12 Chinese strategies per category, pinned first, then newest first', async () => {
      expect(strategies.length).toBeGreaterThanOrEqual(12);
      expect(strategies.every((x) => x.genus_id === mine.genus_id && x.category_id === mine.category_id)).toBe(true);
      expect(strategies.every((x) => /[\u4e00-\u9fff]/.test(x.title) && x.summary.length > 5)).toBe(true);
      const pinned = strategies.filter((x) => x.is_top === 1);
      expect(pinned.length).toBeGreaterThan(0);
      expect(strategies.slice(0, pinned.length).every((x) => x.is_top === 1)).toBe(true);
      expect(isNonIncreasing(strategies.slice(pinned.length), (x) => x.published_at)).toBe(true);
      const sibling = (await request(s.url, study.strategyList, { ...subj.sibling, count: 50 })).body.data;
      expect(sibling.length).toBeGreaterThanOrEqual(12);
      expect(sibling.filter((x) => strategies.some((m) => m.id === x.id))).toEqual([]);
    });

    it('pages by offset and count (default 0 and 10) without overlap', async () => {
      const first = (await request(s.url, study.strategyList, mine)).body.data;
      expect(first.map((x) => x.id)).toEqual(strategies.slice(0, 10).map((x) => x.id));
      const next = (await request(s.url, study.strategyList, { ...mine, offset: 10, count: 10 })).body.data;
      expect(next.map((x) => x.id)).toEqual(strategies.slice(10, 20).map((x) => x.id));
      expect((await request(s.url, study.strategyList, { ...mine, offset: strategies.length })).body.data).toEqual([]);
    });

    it('refuses bad paging and a bad subject, naming the field', async () => {
      expectRefused(await request(s.url, study.strategyList, { ...mine, count: 51 }), 400, CODE.badInput, '参数 count 不能大于 50');
      expectRefused(await request(s.url, study.strategyList, { ...mine, offset: -1 }), 400, CODE.badInput, '参数 offset 不能为负数');
      await refusesBadSubject((input) => request(s.url, study.strategyList, input));
    });
  });

  describe('strategy detail and views', () => {
    it('returns the strategy with a Markdown body', async () => {
      const item = strategies[2] as StrategyItem;
      const res = await request(s.url, study.strategyDetailEndpoint, { id: item.id });
      expect(res.body.data).toMatchObject({ ...item, view_count: expect.any(Number) });
      expect(res.body.data.content).toMatch(/^## /m);
      expect(res.body.data.content.length).toBeGreaterThan(200);
    });

    it('answers 404 for an unknown id and 400 for a bad or missing one', async () => {
      expectRefused(await request(s.url, study.strategyDetailEndpoint, { id: 99999999 }), 404, CODE.notFound, '攻略 id 99999999 不存在');
      expectRefused(await request(s.url, study.strategyDetailEndpoint, { id: 'x' }), 400, CODE.badInput, '参数 id');
      expectRefused(await request(s.url, study.strategyDetailEndpoint, {}), 400, CODE.badInput, '缺少参数 id');
    });

    it('POST strategy/view adds one view and returns the new count; only that strategy changes', async () => {
      const [a, b] = strategies as [StrategyItem, StrategyItem];
      const before = (await request(s.url, study.strategyDetailEndpoint, { id: a.id })).body.data.view_count;
      const other = (await request(s.url, study.strategyDetailEndpoint, { id: b.id })).body.data.view_count;
      const one = await request(s.url, study.strategyView, { id: a.id });
      expect(one.body).toMatchObject({ status: 0, data: { view_count: before + 1 } });
      expect((await request(s.url, study.strategyView, { id: a.id })).body.data.view_count).toBe(before + 2);
      expect((await request(s.url, study.strategyDetailEndpoint, { id: a.id })).body.data.view_count).toBe(before + 2);
      expect((await request(s.url, study.strategyDetailEndpoint, { id: b.id })).body.data.view_count).toBe(other);
    });

    it('refuses a view of an unknown or bad id and writes nothing', async () => {
      const rows = await s.services.db.kysely.selectFrom('strategies').select(['id', 'view_count']).orderBy('id').execute();
      expectRefused(await request(s.url, study.strategyView, { id: 99999999 }), 404, CODE.notFound, '99999999');
      expectRefused(await request(s.url, study.strategyView, { id: 'abc' }), 400, CODE.badInput, '参数 id');
      expectRefused(await request(s.url, study.strategyView, { id: 0 }), 400, CODE.badInput, '参数 id');
      expectRefused(await request(s.url, study.strategyView, {}), 400, CODE.badInput, '缺少参数 id');
      expect(await s.services.db.kysely.selectFrom('strategies').select(['id', 'view_count']).orderBy('id').execute()).toEqual(rows);
    });
  });

  describe('sign-up info and syllabus', () => {
    it('gives each category its sign-up entry (official link) and its syllabus', async () => {
      for (const subject of [mine, subj.sibling, subj.foreign]) {
        const signup = (await request(s.url, study.signUpInfo, subject)).body.data;
        const outline = (await request(s.url, study.outline, subject)).body.data;
        expect(signup).toMatchObject({ ...subject, kind: 'signup', title: expect.stringContaining('报名入口') });
        expect(signup.link).toMatch(/^https:\/\//);
        expect(signup.content).toContain('## 报名流程');
        expect(outline).toMatchObject({ ...subject, kind: 'outline', title: expect.stringContaining('考试大纲'), link: '' });
        expect(outline.content).toContain('## 考查内容');
      }
    });

    it('refuses a bad subject, and answers 404 naming the category when a subject has none', async () => {
      await refusesBadSubject((input) => request(s.url, study.signUpInfo, input));
      await refusesBadSubject((input) => request(s.url, study.outline, input));
      const db = s.services.db.kysely;
      const row = await db
        .selectFrom('exam_guides')
        .selectAll()
        .where('category_id', '=', subj.foreign.category_id)
        .where('kind', '=', 'outline')
        .executeTakeFirstOrThrow();
      await db.deleteFrom('exam_guides').where('id', '=', row.id).execute();
      try {
        expectRefused(
          await request(s.url, study.outline, subj.foreign),
          404,
          CODE.notFound,
          `category_id ${subj.foreign.category_id} 的考试大纲不存在`,
        );
        expect((await request(s.url, study.signUpInfo, subj.foreign)).body.status).toBe(0);
      } finally {
        await db.insertInto('exam_guides').values(row).execute();
      }
    });
  });

  describe('columns', () => {
    it('lists 2–3 columns per genus, each with articles of that genus in its own order', async () => {
      for (const g of [subj.mine.genus_id, subj.foreign.genus_id]) {
        const columns = (await request(s.url, study.columnList, { genus_id: g })).body.data;
        expect(columns.length).toBeGreaterThanOrEqual(2);
        expect(columns.length).toBeLessThanOrEqual(3);
        for (const c of columns) {
          expect(c).toMatchObject({ genus_id: g, title: expect.any(String), intro: expect.any(String) });
          const content = (await request(s.url, study.columnContent, { column_id: c.id })).body.data;
          expect(content).toMatchObject({ id: c.id, title: c.title, article_count: c.article_count });
          expect(content.items.length).toBe(c.article_count);
          expect(content.items.length).toBeGreaterThanOrEqual(4);
          const links = await s.services.db.kysely
            .selectFrom('column_articles')
            .select(['kind', 'ref_id'])
            .where('column_id', '=', c.id)
            .orderBy('sort')
            .execute();
          expect(content.items.map((a) => `${a.kind}:${a.id}`)).toEqual(links.map((l) => `${l.kind}:${l.ref_id}`));
          for (const a of content.items) {
            const table = a.kind === 'news' ? 'news' : 'strategies';
            const row = await s.services.db.kysely
              .selectFrom(table)
              .select(['genus_id', 'title'])
              .where('id', '=', a.id)
              .executeTakeFirstOrThrow();
            expect(row).toEqual({ genus_id: g, title: a.title });
          }
        }
      }
    });

    it('refuses a bad id, and answers 404 for an unknown genus or column', async () => {
      expectRefused(await request(s.url, study.columnList, {}), 400, CODE.badInput, '缺少参数 genus_id');
      expectRefused(await request(s.url, study.columnList, { genus_id: 99999 }), 404, CODE.notFound, 'genus_id 99999');
      expectRefused(await request(s.url, study.columnContent, {}), 400, CODE.badInput, '缺少参数 column_id');
      expectRefused(await request(s.url, study.columnContent, { column_id: -1 }), 400, CODE.badInput, '参数 column_id');
      expectRefused(await request(s.url, study.columnContent, { column_id: 99999 }), 404, CODE.notFound, '专栏 column_id 99999 不存在');
    });
  });

  describe('course and e-book lists (the study tabs)', () => {
    it('lists at least 8 courses and the e-books of the subject, recommended / free first', async () => {
      const courses = (await request(s.url, course.courseList, { ...mine, count: 50 })).body.data;
      const ebooks = (await request(s.url, ebook.ebookList, { ...mine, count: 50 })).body.data;
      expect(courses.length).toBeGreaterThanOrEqual(8);
      expect(ebooks.length).toBeGreaterThanOrEqual(1);
      for (const x of [...courses, ...ebooks]) expect(x).toMatchObject({ ...mine, name: expect.stringMatching(/[\u4e00-\u9fff]/) });
      expect(isNonIncreasing(courses, (c) => c.is_top * 2 + c.is_recommend)).toBe(true);
      expect(isNonIncreasing(ebooks, (e) => e.is_free)).toBe(true);
      expect(courses.every((c) => (c.is_free === 1) === (c.price === 0))).toBe(true);
      const page = (await request(s.url, course.courseList, { ...mine, offset: 2, count: 3 })).body.data;
      expect(page.map((c) => c.id)).toEqual(courses.slice(2, 5).map((c) => c.id));
    });

    it('refuses bad paging and a bad subject', async () => {
      expectRefused(await request(s.url, course.courseList, { ...mine, count: 0 }), 400, CODE.badInput, '参数 count');
      expectRefused(await request(s.url, ebook.ebookList, { ...mine, offset: 'a' }), 400, CODE.badInput, '参数 offset');
      await refusesBadSubject((input) => request(s.url, course.courseList, input));
      await refusesBadSubject((input) => request(s.url, ebook.ebookList, input));
    });
  });

  describe('home page feed', () => {
    it('mixes the subject’s news and strategies, recommended first, then newest first, ids unique across kinds', async () => {
      const feed = await allPages(async (offset, count) => (await request(s.url, genus.homePage, { ...mine, offset, count })).body.data);
      expect(new Set(feed.map((f) => f.kind))).toEqual(new Set(['news', 'strategy']));
      expect(new Set(feed.map((f) => f.id)).size).toBe(feed.length);
      expect(
        feed
          .filter((f) => f.kind === 'strategy')
          .map((f) => f.ref_id)
          .sort(),
      ).toEqual(strategies.map((x) => x.id).sort());
      const db = s.services.db.kysely;
      const homeNews = await db
        .selectFrom('news')
        .select('id')
        .where('category_id', '=', mine.category_id)
        .where('is_home', '=', 1)
        .execute();
      const pinned = new Set([
        ...homeNews.map((n) => `news:${n.id}`),
        ...strategies.filter((x) => x.is_top).map((x) => `strategy:${x.id}`),
      ]);
      const key = (f: { kind: string; ref_id: number }) => `${f.kind}:${f.ref_id}`;
      expect(new Set(feed.slice(0, pinned.size).map(key))).toEqual(pinned);
      expect(isNonIncreasing(feed.slice(pinned.size), (f) => f.published_at)).toBe(true);
    });
  });

  describe('going list', () => {
    it('lists the subject’s exams and plans in progress, soonest to end first, with progress in percent', async () => {
      const now = s.services.clock();
      const list = (await request(s.url, study.going, mine)).body.data;
      const seeded = await s.services.db.kysely.selectFrom('going_items').selectAll().where('category_id', '=', mine.category_id).execute();
      const running = seeded.filter((g) => g.start_at <= now && g.end_at > now);
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list.map((g) => g.id).sort()).toEqual(running.map((g) => g.id).sort());
      expect(seeded.length).toBeGreaterThan(list.length);
      expect(isNonIncreasing([...list].reverse(), (g) => g.end_at)).toBe(true);
      for (const g of list) {
        expect(g.progress).toBeCloseTo(((now - g.start_at) / (g.end_at - g.start_at)) * 100, 1);
        expect(g.progress).toBeGreaterThan(0);
        expect(g.progress).toBeLessThan(100);
        expect(['exam', 'plan']).toContain(g.kind);
      }
    });

    it('follows the clock: later, progress grows and finished items leave the list', async () => {
      const before = (await request(s.url, study.going, mine)).body.data;
      s.advance(5 * 86400);
      try {
        const later = (await request(s.url, study.going, mine)).body.data;
        for (const g of later) {
          const was = before.find((b) => b.id === g.id);
          if (was) expect(g.progress).toBeGreaterThan(was.progress);
        }
        s.advance(400 * 86400);
        expect((await request(s.url, study.going, mine)).body.data).toEqual([]);
      } finally {
        s.advance(-405 * 86400);
      }
    });

    it('refuses a bad subject', async () => {
      await refusesBadSubject((input) => request(s.url, study.going, input));
    });
  });
});
