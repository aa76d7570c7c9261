import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/contract/envelope';
import type { NewsItem } from '../../src/contract/study-genus';
import * as genus from '../../src/contract/study-genus';
import * as subjects from '../../src/contract/subjects';
import { request } from '../support/api-client';
import { expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';

function expectNewestFirst(items: { published_at: number }[]): void {
  for (let i = 1; i < items.length; i++) expect(items[i - 1]?.published_at).toBeGreaterThanOrEqual(items[i]?.published_at ?? 0);
}

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  /** A genus, one of its categories, and a category of another genus. */
  let subject: { genus_id: number; category_id: number };
  let foreignCategoryId: number;
  /** Every news item of `subject`, newest first. */
  let allNews: NewsItem[];

  beforeAll(async () => {
    s = await startTestServer(kind);
    const genera = (await request(s.url, subjects.genusList, {})).body.data;
    const [first, second] = genera;
    if (!first || !second) throw new Error('the seed should have at least two genera');
    const mine = (await request(s.url, subjects.categoryList, { genus_id: first.id })).body.data;
    const theirs = (await request(s.url, subjects.categoryList, { genus_id: second.id })).body.data;
    if (!mine[0] || !theirs[0]) throw new Error('each genus should have categories');
    subject = { genus_id: first.id, category_id: mine[0].id };
    foreignCategoryId = theirs[0].id;
    allNews = [];
    for (let offset = 0; ; offset += 50) {
      const page = (await request(s.url, genus.news, { ...subject, offset, count: 50 })).body.data;
      allNews.push(...page);
      if (page.length < 50) break;
    }
  });
  afterAll(() => s.close());

  const newsPage = (offset: number, count?: number) => request(s.url, genus.news, { ...subject, offset, count });

  it('lists the genera', async () => {
    const list = (await request(s.url, subjects.genusList, {})).body.data;
    expect(list.length).toBeGreaterThan(1);
    expect(new Set(list.map((g) => g.id)).size).toBe(list.length);
    for (const g of list) expect(g.name.length).toBeGreaterThan(0);
  });

  describe('category', () => {
    it('lists only the categories of the genus asked for', async () => {
      const res = await request(s.url, subjects.categoryList, { genus_id: subject.genus_id });
      expect(res.body.data.length).toBeGreaterThan(0);
      expect(res.body.data.every((c) => c.genus_id === subject.genus_id && c.name.length > 0)).toBe(true);
      expect(res.body.data.map((c) => c.id)).not.toContain(foreignCategoryId);
    });

    it('refuses a missing or bad genus_id naming it, and answers 404 for an unknown one', async () => {
      expectRefused(await request(s.url, subjects.categoryList, {}), 400, CODE.badInput, '缺少参数 genus_id');
      expectRefused(await request(s.url, subjects.categoryList, { genus_id: 'x' }), 400, CODE.badInput, 'genus_id');
      expectRefused(await request(s.url, subjects.categoryList, { genus_id: -3 }), 400, CODE.badInput, 'genus_id');
      expectRefused(await request(s.url, subjects.categoryList, { genus_id: 99999 }), 404, CODE.notFound, '99999');
    });
  });

  describe('news', () => {
    it('has at least 26 items, all of the subject, newest first', () => {
      expect(allNews.length).toBeGreaterThanOrEqual(26);
      expect(allNews.every((n) => n.genus_id === subject.genus_id && n.category_id === subject.category_id)).toBe(true);
      expect(new Set(allNews.map((n) => n.id)).size).toBe(allNews.length);
      expectNewestFirst(allNews);
    });

    it('pages by offset and count: 10, then 10 more without overlap, then what is left', async () => {
      const p0 = (await newsPage(0, 10)).body.data;
      const p1 = (await newsPage(10, 10)).body.data;
      expect(p0).toHaveLength(10);
      expect(p1).toHaveLength(10);
      expect(p1.filter((n) => p0.some((m) => m.id === n.id))).toEqual([]);
      expectNewestFirst([...p0, ...p1]);
      expect([...p0, ...p1].map((n) => n.id)).toEqual(allNews.slice(0, 20).map((n) => n.id));
      const tail = (await newsPage(allNews.length - 3, 10)).body.data;
      expect(tail.map((n) => n.id)).toEqual(allNews.slice(-3).map((n) => n.id));
      expect((await newsPage(allNews.length, 10)).body.data).toEqual([]);
    });

    it('defaults to offset 0, count 10', async () => {
      const res = await request(s.url, genus.news, subject);
      expect(res.body.data.map((n) => n.id)).toEqual(allNews.slice(0, 10).map((n) => n.id));
    });

    it('refuses count above 50 or below 1, a negative offset and a missing subject, naming the field', async () => {
      expectRefused(await newsPage(0, 51), 400, CODE.badInput, '参数 count 不能大于 50');
      expectRefused(await newsPage(0, 0), 400, CODE.badInput, '参数 count');
      expectRefused(await newsPage(-1, 10), 400, CODE.badInput, '参数 offset 不能为负数');
      expectRefused(await newsPage(1.5, 10), 400, CODE.badInput, '参数 offset');
      const noCategory = await request(s.url, genus.news, { genus_id: subject.genus_id });
      expectRefused(noCategory, 400, CODE.badInput, '缺少参数 category_id');
    });

    it('refuses a category that does not belong to the genus, or does not exist', async () => {
      const foreign = await request(s.url, genus.news, { genus_id: subject.genus_id, category_id: foreignCategoryId });
      expectRefused(foreign, 400, CODE.badInput, `category_id ${foreignCategoryId} 不属于`);
      const unknown = await request(s.url, genus.news, { genus_id: subject.genus_id, category_id: 99999 });
      expectRefused(unknown, 400, CODE.badInput, 'category_id 99999');
    });
  });

  describe('news detail and views', () => {
    it('returns the item with its Markdown body', async () => {
      const item = allNews[3];
      if (!item) throw new Error('no news');
      const res = await request(s.url, genus.newsDetailEndpoint, { id: item.id });
      expect(res.body.data).toMatchObject({ ...item, view_count: expect.any(Number) });
      expect(res.body.data.content.trim().length).toBeGreaterThan(50);
    });

    it('answers 404 for an unknown id and 400 for a bad one', async () => {
      expectRefused(await request(s.url, genus.newsDetailEndpoint, { id: 99999999 }), 404, CODE.notFound, '99999999');
      expectRefused(await request(s.url, genus.newsDetailEndpoint, { id: 'x' }), 400, CODE.badInput, '参数 id');
      expectRefused(await request(s.url, genus.newsDetailEndpoint, {}), 400, CODE.badInput, '缺少参数 id');
    });

    it('counts each view exactly once, and only for that item', async () => {
      const [item, other] = allNews;
      if (!item || !other) throw new Error('no news');
      const before = (await request(s.url, genus.newsDetailEndpoint, { id: item.id })).body.data.view_count;
      const otherBefore = (await request(s.url, genus.newsDetailEndpoint, { id: other.id })).body.data.view_count;
      expect((await request(s.url, genus.newsView, { id: item.id })).body.data).toEqual({ view_count: before + 1 });
      expect((await request(s.url, genus.newsView, { id: item.id })).body.data).toEqual({ view_count: before + 2 });
      expect((await request(s.url, genus.newsDetailEndpoint, { id: item.id })).body.data.view_count).toBe(before + 2);
      expect((await request(s.url, genus.newsDetailEndpoint, { id: other.id })).body.data.view_count).toBe(otherBefore);
    });

    it('a refused view changes no count', async () => {
      const sum = async () => {
        const row = await s.services.db.kysely
          .selectFrom('news')
          .select((eb) => eb.fn.sum<number>('view_count').as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      };
      const before = await sum();
      expectRefused(await request(s.url, genus.newsView, { id: 99999999 }), 404, CODE.notFound, '99999999');
      expectRefused(await request(s.url, genus.newsView, { id: 'abc' }), 400, CODE.badInput, '参数 id');
      expectRefused(await request(s.url, genus.newsView, { id: 0 }), 400, CODE.badInput, '参数 id');
      expect(await sum()).toBe(before);
    });
  });

  describe('notice, banner, home page, hot words', () => {
    it('gives 5 notices by default, newest first, and pages them', async () => {
      const five = (await request(s.url, genus.noticeList, {})).body.data;
      expect(five).toHaveLength(5);
      for (let i = 1; i < five.length; i++) expect(five[i - 1]?.created_at).toBeGreaterThanOrEqual(five[i]?.created_at ?? 0);
      const two = (await request(s.url, genus.noticeList, { offset: 1, count: 2 })).body.data;
      expect(two.map((n) => n.id)).toEqual(five.slice(1, 3).map((n) => n.id));
      expect((await request(s.url, genus.noticeList, subject)).body.data.length).toBeGreaterThan(0);
      expectRefused(await request(s.url, genus.noticeList, { count: 51 }), 400, CODE.badInput, 'count');
    });

    it('lists type-1 banners whose images the server serves as SVG', async () => {
      const res = await request(s.url, genus.bannerList, { ...subject, type: 1 });
      expect(res.body.data.length).toBeGreaterThan(0);
      expect((await request(s.url, genus.bannerList, subject)).body.data).toEqual(res.body.data);
      for (const b of res.body.data) {
        expect(b.type).toBe(1);
        const img = await fetch(new URL(b.image, s.url));
        expect(img.status).toBe(200);
        expect(img.headers.get('content-type')).toContain('image/svg+xml');
        expect(await img.text()).toContain('<svg');
      }
      for (const bad of ['/media/banner/abc', '/media/banner/99999', '/media/banner/99999999999']) {
        expect((await fetch(s.url + bad)).status).toBe(404);
      }
      expectRefused(
        await request(s.url, genus.bannerList, { ...subject, category_id: foreignCategoryId }),
        400,
        CODE.badInput,
        'category_id',
      );
      expectRefused(await request(s.url, genus.bannerList, { genus_id: subject.genus_id }), 400, CODE.badInput, 'category_id');
    });

    it('gives a banner detail matching the list, 404 for an unknown id', async () => {
      const [banner] = (await request(s.url, genus.bannerList, subject)).body.data;
      if (!banner) throw new Error('no banner');
      const res = await request(s.url, genus.bannerDetailEndpoint, { id: banner.id });
      expect(res.body.data).toMatchObject(banner);
      expect(typeof res.body.data.content).toBe('string');
      expectRefused(await request(s.url, genus.bannerDetailEndpoint, { id: 99999 }), 404, CODE.notFound, '99999');
    });

    it('recommends at most 5 home page news, newest first, of the subject asked for', async () => {
      const all = (await request(s.url, genus.homePageNews, {})).body.data;
      expect(all.length).toBeGreaterThan(0);
      expect(all.length).toBeLessThanOrEqual(5);
      expectNewestFirst(all);
      const mine = (await request(s.url, genus.homePageNews, { genus_id: subject.genus_id })).body.data;
      expect(mine.length).toBeLessThanOrEqual(5);
      expect(mine.every((n) => n.genus_id === subject.genus_id)).toBe(true);
    });

    it('pages the home page feed without overlap', async () => {
      const p0 = (await request(s.url, genus.homePage, { ...subject, offset: 0, count: 10 })).body.data;
      const p1 = (await request(s.url, genus.homePage, { ...subject, offset: 10, count: 10 })).body.data;
      expect(p0).toHaveLength(10);
      expect(p1.length).toBeGreaterThan(0);
      expect(p1.filter((a) => p0.some((b) => b.id === a.id))).toEqual([]);
      // The feed mixes news and strategies (study area); news entries are the subject's news.
      expect([...p0, ...p1].every((f) => f.kind === 'strategy' || (f.kind === 'news' && allNews.some((n) => n.id === f.ref_id)))).toBe(
        true,
      );
      expectRefused(await request(s.url, genus.homePage, { ...subject, count: 99 }), 400, CODE.badInput, 'count');
    });

    it('gives 10 hot words by default, hottest first', async () => {
      const words = (await request(s.url, genus.hotWordList, {})).body.data;
      expect(words).toHaveLength(10);
      for (let i = 1; i < words.length; i++) expect(words[i - 1]?.hot).toBeGreaterThanOrEqual(words[i]?.hot ?? 0);
      expect(words.every((w) => w.word.length > 0)).toBe(true);
      expect((await request(s.url, genus.hotWordList, { count: 3 })).body.data).toEqual(words.slice(0, 3));
      expectRefused(await request(s.url, genus.hotWordList, { offset: -2 }), 400, CODE.badInput, 'offset');
      const mine = (await request(s.url, genus.hotWordList, { genus_id: subject.genus_id, count: 50 })).body.data;
      const rows = await s.services.db.kysely.selectFrom('hot_words').select(['id', 'genus_id']).execute();
      const genusOf = new Map(rows.map((r) => [r.id, r.genus_id]));
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.filter((w) => genusOf.get(w.id) !== null && genusOf.get(w.id) !== subject.genus_id)).toEqual([]);
    });
  });
});
