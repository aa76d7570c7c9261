/**
 * The demo content leads somewhere and agrees with itself (issue 24): every seeded notice and banner opens an existing
 * page of an existing item (no search or mall-index stand-ins); lives called 今晚 are in the evening, a course's intro
 * names its own teacher, no article names a sibling category, and the dates follow the day of seeding.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as activities from '../../src/contract/activities';
import * as articles from '../../src/contract/articles';
import * as framework from '../../src/contract/framework';
import * as pages from '../../src/contract/pages';
import { connect, type Db } from '../../src/server/db/connect';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedIfEmpty } from '../../src/server/db/seed/index';
import { request } from '../support/api-client';
import { databases, startTestServer, type TestServer } from '../support/test-server';

/** Whether a path (with its query) is a route of the page manifest. */
function routeMatcher(routes: ReadonlyArray<{ path: string; aliases: string[] }>): (to: string) => boolean {
  const patterns = routes
    .flatMap((r) => [r.path, ...r.aliases])
    .map((p) => {
      const re = p
        .split('/')
        .map((seg) => (seg.startsWith(':') ? (seg.endsWith('?') ? '(?:[^/]+)?' : '[^/]+') : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')
        .replace(/\/\(\?:\[\^\/\]\+\)\?/g, '(?:/[^/]+)?');
      return new RegExp(`^${re}$`);
    });
  return (to) => {
    const pathname = to.split('?')[0] ?? '';
    return patterns.some((re) => re.test(pathname));
  };
}

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());
  const db = () => s.services.db.kysely;

  it('every notice opens its announcement, the feature it announces or a news article of its subject', async () => {
    const isRoute = routeMatcher((await request(s.url, pages.pageManifest, {})).body.data.routes);
    const notices = await db().selectFrom('notices').selectAll().execute();
    expect(notices.length).toBeGreaterThan(20);
    for (const n of notices) {
      expect(n.link, n.title).toMatch(/^\//);
      expect(n.link, n.title).not.toMatch(/^\/study\/search|^\/mall\/index/);
      expect(isRoute(n.link), `${n.title} → ${n.link}`).toBe(true);
      const advert = /^\/adverts\/detail\?id=(\d+)$/.exec(n.link);
      const news = /^\/news\/detail\/(\d+)$/.exec(n.link);
      if (advert) {
        // Its own announcement: the same title, published when the notice was.
        const res = await request(s.url, articles.advertsH5Detail, { id: Number(advert[1]) });
        expect(res.body.data.title).toBe(n.title);
        expect(res.body.data.published_at).toBe(n.created_at);
        expect(res.body.data.content.length).toBeGreaterThan(60);
      } else if (news) {
        const row = await db().selectFrom('news').select(['genus_id']).where('id', '=', Number(news[1])).executeTakeFirst();
        expect(row, n.title).toBeDefined();
        expect(row?.genus_id).toBe(n.genus_id);
      }
    }
    // The platform-wide ones all have their own page to open.
    expect(notices.filter((n) => n.genus_id === null).every((n) => n.link.startsWith('/adverts/detail?id='))).toBe(true);
  });

  it('every banner leads to what it promises: an item of its own category, the register gift, or its own page', async () => {
    const isRoute = routeMatcher((await request(s.url, pages.pageManifest, {})).body.data.routes);
    const banners = await db().selectFrom('banners').selectAll().execute();
    expect(banners.length).toBeGreaterThan(30);
    const sameCategory = async (table: 'news' | 'courses' | 'goods' | 'question_banks', id: number, b: (typeof banners)[number]) => {
      const row = await db().selectFrom(table).select(['category_id']).where('id', '=', id).executeTakeFirst();
      expect(row, `${b.title} → ${b.link}`).toBeDefined();
      if (b.category_id !== null) expect(row?.category_id, `${b.title} → ${b.link}`).toBe(b.category_id);
    };
    for (const b of banners) {
      expect(b.link, b.title).not.toMatch(/^\/study\/search|^\/mall\/index|^$/);
      expect(isRoute(b.link), `${b.title} → ${b.link}`).toBe(true);
      const [, what, id] =
        /^\/(news\/detail|course\/detail|mall\/detail|question\/child_list|question\/answer|banner\/detail)\/(\d+)$/.exec(b.link) ?? [];
      if (what === 'news/detail') await sameCategory('news', Number(id), b);
      else if (what === 'course/detail') await sameCategory('courses', Number(id), b);
      else if (what === 'mall/detail') await sameCategory('goods', Number(id), b);
      else if (what?.startsWith('question/')) await sameCategory('question_banks', Number(id), b);
      else if (what === 'banner/detail') expect(Number(id)).toBe(b.id);
      else {
        const activity = /^\/activity\/invite_download\?activity_id=(\d+)$/.exec(b.link);
        expect(activity, `${b.title} → ${b.link}`).not.toBeNull();
        const res = await request(s.url, activities.detail, { id: Number(activity?.[1]) });
        expect(res.body.status).toBe(0);
      }
      // A mall banner (type 2) leads to one good.
      if (b.type === 2) expect(b.link).toMatch(/^\/mall\/detail\/\d+$/);
    }
    const gift = banners.find((b) => b.link.startsWith('/activity/invite_download'));
    expect(gift?.title).toBe('新同学注册礼');
  });

  it('gives the app download addresses of the settings, empty when unset', async () => {
    const res = await request(s.url, framework.appDownload, {});
    expect(res.body.data).toEqual({ android_url: '', ios_url: '' });
  });

  it('draws course, goods and banner covers with their title and subject', async () => {
    const course = await db()
      .selectFrom('courses as c')
      .innerJoin('categories as k', 'k.id', 'c.category_id')
      .select(['c.cover', 'c.name', 'k.name as subject'])
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
    const good = await db()
      .selectFrom('goods')
      .select(['cover', 'name'])
      .where('kind', '=', 'physical')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const banner = await db()
      .selectFrom('banners')
      .select(['image', 'title'])
      .where('category_id', 'is not', null)
      .executeTakeFirstOrThrow();
    for (const [url, title] of [
      [course.cover, course.name],
      [good.cover, good.name],
      [banner.image, banner.title],
    ] as const) {
      const res = await fetch(new URL(url, s.url));
      expect(res.headers.get('content-type')).toContain('image/svg+xml');
      const svg = await res.text();
      expect(svg).toContain(`aria-label="${title}"`);
    }
    const svg = await (await fetch(new URL(course.cover, s.url))).text();
    expect(svg).toContain(course.subject);
  });

  it('every good drawn by the goods covers shows its own name (a VIP month and year card each have their own)', async () => {
    const goods = await db().selectFrom('goods').select(['cover', 'name']).where('cover', 'like', '/media/goods/%').execute();
    expect(goods.filter((g) => g.name.includes('VIP')).length).toBeGreaterThan(1);
    for (const g of goods) {
      const svg = await (await fetch(new URL(g.cover, s.url))).text();
      expect(svg, g.cover).toContain(`aria-label="${g.name}"`);
    }
  });
});

describe('the app download setting', () => {
  it('is read from ANDROID_DOWNLOAD_URL / IOS_DOWNLOAD_URL and served to the client', async () => {
    const s = await startTestServer('sqlite', {
      config: { androidDownloadUrl: 'https://dl.example.cn/beikao.apk', iosDownloadUrl: '' },
    });
    try {
      const res = await request(s.url, framework.appDownload, {});
      expect(res.body.data).toEqual({ android_url: 'https://dl.example.cn/beikao.apk', ios_url: '' });
    } finally {
      await s.close();
    }
  });
});

/** The demo seeded on a fixed day, so the relative-time rules are checked away from today. */
describe('demo content seeded on 2031-04-10 (China time)', () => {
  // 2031-04-10 15:20 in China.
  const NOW = Math.floor(Date.UTC(2031, 3, 10, 7, 20) / 1000);
  let db: Db;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-consistency-'));
    db = connect({ sqlitePath: path.join(dir, 'beikao.sqlite') });
    await migrateToLatest(db);
    await seedIfEmpty(db, NOW);
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const chinaHour = (t: number) => new Date((t + 8 * 3600) * 1000).getUTCHours();

  it('a live called 今晚 starts in the evening; live times are around the day of seeding', async () => {
    const lives = await db.kysely
      .selectFrom('courses')
      .select(['name', 'live_start_time', 'live_end_time'])
      .where('is_live', '=', 1)
      .execute();
    expect(lives.length).toBeGreaterThan(0);
    for (const l of lives) {
      expect(Math.abs(l.live_start_time - NOW), l.name).toBeLessThan(30 * 86400);
      expect(l.live_end_time).toBeGreaterThan(l.live_start_time);
      if (l.name.includes('今晚')) {
        expect(chinaHour(l.live_start_time), l.name).toBeGreaterThanOrEqual(18);
        expect(chinaHour(l.live_start_time), l.name).toBeLessThan(22);
        expect(l.live_start_time).toBeGreaterThan(NOW);
      }
    }
  });

  it("a course's intro names no teacher but its own", async () => {
    const courses = await db.kysely.selectFrom('courses').select(['name', 'intro', 'teacher']).execute();
    const teachers = new Set(courses.map((c) => c.teacher));
    for (const c of courses) {
      for (const t of teachers) if (t !== c.teacher) expect(c.intro, `${c.name}（${c.teacher}）`).not.toContain(t);
    }
  });

  it('no article, strategy, course or bank names a sibling category; no column mixes levels it names', async () => {
    const categories = await db.kysely.selectFrom('categories').select(['id', 'genus_id', 'name']).execute();
    const siblingsOf = (id: number) => {
      const own = categories.find((c) => c.id === id);
      return categories.filter((c) => c.genus_id === own?.genus_id && c.id !== id && !own?.name.includes(c.name));
    };
    const named = async (table: 'news' | 'strategies', col: 'title') =>
      (await db.kysely.selectFrom(table).select(['category_id', col]).execute()).map((r) => ({ category_id: r.category_id, text: r[col] }));
    const rows = [
      ...(await named('news', 'title')),
      ...(await named('strategies', 'title')),
      ...(await db.kysely.selectFrom('courses').select(['category_id', 'name as text']).execute()),
    ];
    for (const r of rows) {
      const own = categories.find((c) => c.id === r.category_id)?.name ?? '';
      for (const sib of siblingsOf(r.category_id)) if (!r.text.includes(own)) expect(r.text).not.toContain(sib.name);
    }
    // A column that names a category (or a level such as 四级) holds only that category's articles.
    const columns = await db.kysely.selectFrom('study_columns').select(['id', 'title', 'genus_id']).execute();
    for (const col of columns) {
      const level = categories.find(
        (c) => c.genus_id === col.genus_id && (col.title.includes(c.name) || col.title.includes(c.name.slice(-2))),
      );
      if (!level) continue;
      const items = await db.kysely
        .selectFrom('column_articles as a')
        .leftJoin('news as n', (j) => j.onRef('n.id', '=', 'a.ref_id').on('a.kind', '=', 'news'))
        .leftJoin('strategies as s', (j) => j.onRef('s.id', '=', 'a.ref_id').on('a.kind', '=', 'strategy'))
        .select(['n.category_id as news_category', 's.category_id as strategy_category'])
        .where('a.column_id', '=', col.id)
        .execute();
      for (const i of items) expect(i.news_category ?? i.strategy_category, col.title).toBe(level.id);
    }
  });

  it('dates follow the day of seeding: news, notices and their years', async () => {
    const news = await db.kysely.selectFrom('news').select(['title', 'published_at']).execute();
    for (const n of news) {
      expect(n.published_at, n.title).toBeLessThanOrEqual(NOW);
      expect(n.published_at, n.title).toBeGreaterThan(NOW - 400 * 86400);
    }
    const notices = await db.kysely.selectFrom('notices').select(['title', 'created_at']).execute();
    for (const n of notices) {
      expect(n.created_at).toBeLessThanOrEqual(NOW);
      expect(n.created_at).toBeGreaterThan(NOW - 31 * 86400);
      // Years a notice names are this year, last year (scores, the national line) or the next two (sittings, admission).
      for (const m of n.title.matchAll(/(\d{4})年/g)) {
        const year = Number(m[1]);
        expect(year, n.title).toBeGreaterThanOrEqual(2030);
        expect(year, n.title).toBeLessThanOrEqual(2033);
      }
    }
    const years = (await db.kysely.selectFrom('courses').select('name').execute()).flatMap((c) =>
      [...c.name.matchAll(/(\d{4})年/g)].map((m) => Number(m[1])),
    );
    expect(years.length).toBeGreaterThan(0);
    for (const y of years) expect(y).toBe(2031);
  });
});
