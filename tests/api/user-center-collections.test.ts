import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/contract/envelope';
import * as uc from '../../src/contract/users-center';
import { request } from '../support/api-client';
import { countRows, expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { newUser, type TestUser } from '../support/user-center-flows';

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let newsIds: { id: number; genus_id: number; category_id: number; title: string }[];
  beforeAll(async () => {
    s = await startTestServer(kind);
    const db = s.services.db.kysely;
    const a = await db.selectFrom('news').select(['id', 'genus_id', 'category_id', 'title']).orderBy('id').limit(3).execute();
    const other = await db
      .selectFrom('news')
      .select(['id', 'genus_id', 'category_id', 'title'])
      .where('genus_id', '!=', a[0]?.genus_id ?? 0)
      .orderBy('id')
      .limit(1)
      .execute();
    newsIds = [...a, ...other];
  });
  afterAll(() => s.close());

  const news = (i: number) => {
    const n = newsIds[i];
    if (!n) throw new Error(`news ${i} missing`);
    return n;
  };
  const collect = (u: TestUser, refId: number, type = 'news') =>
    request(s.url, uc.addCollection, { type, ref_id: refId }, { token: u.token });
  const list = async (u: TestUser, input: Record<string, unknown> = {}) =>
    (await request(s.url, uc.collections, { offset: 0, count: 10, ...input }, { token: u.token })).body.data;

  it('collects a news article with a snapshot of its title, cover and link', async () => {
    const u = await newUser(s);
    const n = news(0);
    const res = await collect(u, n.id);
    expect(res.body).toMatchObject({ status: 0, data: { created: 1 } });
    const items = await list(u);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: res.body.data.id,
      type: 'news',
      ref_id: n.id,
      title: n.title,
      link: `/news/detail/${n.id}`,
      genus_id: n.genus_id,
      category_id: n.category_id,
    });
    expect(items[0]?.cover).toMatch(/^\/media\/news\//);
  });

  it('collecting twice keeps one collection (created 0 the second time)', async () => {
    const u = await newUser(s);
    const first = await collect(u, news(1).id);
    const second = await collect(u, news(1).id);
    expect(second.body.data).toEqual({ id: first.body.data.id, created: 0 });
    expect(await list(u)).toHaveLength(1);
  });

  it('lists newest first, pages, and filters by type and subject', async () => {
    const u = await newUser(s);
    for (const i of [0, 1, 2, 3]) {
      await collect(u, news(i).id);
      s.advance(1);
    }
    const all = await list(u);
    expect(all.map((c) => c.ref_id)).toEqual([3, 2, 1, 0].map((i) => news(i).id));
    expect((await list(u, { offset: 1, count: 2 })).map((c) => c.ref_id)).toEqual([news(2).id, news(1).id]);
    expect(await list(u, { type: 'course' })).toEqual([]);
    expect(await list(u, { type: 'news' })).toHaveLength(4);
    const bySubject = await list(u, { genus_id: news(3).genus_id });
    expect(bySubject.map((c) => c.ref_id)).toEqual([news(3).id]);
    const byCategory = await list(u, { genus_id: news(0).genus_id, category_id: news(0).category_id });
    expect(byCategory.every((c) => c.category_id === news(0).category_id)).toBe(true);
    expect(byCategory.length).toBeGreaterThanOrEqual(1);
  });

  it('removes a collection: it leaves the list', async () => {
    const u = await newUser(s);
    const a = (await collect(u, news(0).id)).body.data.id;
    const b = (await collect(u, news(1).id)).body.data.id;
    const res = await request(s.url, uc.removeCollection, { id: a }, { token: u.token });
    expect(res.body).toMatchObject({ status: 0, data: { id: a } });
    expect((await list(u)).map((c) => c.id)).toEqual([b]);
    expectRefused(await request(s.url, uc.removeCollection, { id: a }, { token: u.token }), 404, CODE.notFound, `收藏 id ${a} 不存在`);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const u = await newUser(s);
    const before = await countRows(s, 'collections');
    for (const [input, status, msg] of [
      [{ type: 'news' }, 400, '缺少参数 ref_id'],
      [{ ref_id: news(0).id }, 400, '缺少参数 type'],
      [{ type: 'video', ref_id: 1 }, 400, '参数 type 须为 news、strategy、course、ebook、question、goods 之一'],
      [{ type: 'news', ref_id: 0 }, 400, '参数 ref_id 须为正整数'],
      [{ type: 'news', ref_id: 'abc' }, 400, '参数 ref_id'],
      [{ type: 'question', ref_id: 1 }, 400, '参数 type 暂不支持收藏题目（question）'],
      [{ type: 'course', ref_id: 987654 }, 404, '课程 id 987654 不存在'],
      [{ type: 'news', ref_id: 987654 }, 404, '资讯 id 987654 不存在'],
    ] as const) {
      const res = await request(s.url, uc.addCollection, input, { token: u.token });
      expectRefused(res, status, status === 404 ? CODE.notFound : CODE.badInput, msg);
    }
    expect(await countRows(s, 'collections')).toBe(before);
    for (const [input, msg] of [
      [{ type: 'video' }, '参数 type'],
      [{ count: 51 }, '参数 count 不能大于 50'],
      [{ offset: -1 }, '参数 offset 不能为负数'],
      [{ genus_id: 0 }, '参数 genus_id 须为正整数'],
      [{ category_id: 'x' }, '参数 category_id'],
    ] as const) {
      expectRefused(await request(s.url, uc.collections, input, { token: u.token }), 400, CODE.badInput, msg);
    }
    for (const input of [{}, { id: 0 }, { id: 'x' }]) {
      expectRefused(await request(s.url, uc.removeCollection, input, { token: u.token }), 400, CODE.badInput, 'id');
    }
  });

  it('needs a login (401)', async () => {
    expectRefused(await request(s.url, uc.collections, {}), 401, CODE.unauthorized, '请先登录');
    expectRefused(await request(s.url, uc.addCollection, { type: 'news', ref_id: news(0).id }), 401, CODE.unauthorized, '请先登录');
    expectRefused(await request(s.url, uc.removeCollection, { id: 1 }), 401, CODE.unauthorized, '请先登录');
  });
});
