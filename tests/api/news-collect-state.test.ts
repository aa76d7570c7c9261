import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/contract/envelope';
import * as genus from '../../src/contract/study-genus';
import * as user from '../../src/contract/users';
import * as uc from '../../src/contract/users-center';
import { request } from '../support/api-client';
import { expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { newUser, type TestUser } from '../support/user-center-flows';

/** The news detail tells a logged-in reader whether they collected the item, so the page can show 已收藏 on a fresh load. */
describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let newsId: number;
  let otherNewsId: number;
  beforeAll(async () => {
    s = await startTestServer(kind);
    const rows = await s.services.db.kysely.selectFrom('news').select('id').orderBy('id').limit(2).execute();
    newsId = rows[0]?.id ?? 0;
    otherNewsId = rows[1]?.id ?? 0;
    if (!newsId || !otherNewsId) throw new Error('the seed should have news');
  });
  afterAll(() => s.close());

  const detail = (id: number, u?: TestUser | { token: string }) =>
    request(s.url, genus.newsDetailEndpoint, { id }, u ? { token: u.token } : {});
  const state = async (id: number, u?: TestUser | { token: string }) => {
    const res = await detail(id, u);
    expect(res.body.status).toBe(0);
    return { has_collect: res.body.data.has_collect, collection_id: res.body.data.collection_id };
  };

  it('a visitor reads the item as not collected', async () => {
    expect(await state(newsId)).toEqual({ has_collect: 0, collection_id: 0 });
  });

  it('follows the caller’s own collection: collected after adding, not after removing, never another user’s', async () => {
    const a = await newUser(s);
    const b = await newUser(s);
    expect(await state(newsId, a)).toEqual({ has_collect: 0, collection_id: 0 });

    const added = await request(s.url, uc.addCollection, { type: 'news', ref_id: newsId }, { token: a.token });
    expect(added.body.status).toBe(0);
    expect(await state(newsId, a)).toEqual({ has_collect: 1, collection_id: added.body.data.id });
    expect(await state(otherNewsId, a)).toEqual({ has_collect: 0, collection_id: 0 });
    expect(await state(newsId, b)).toEqual({ has_collect: 0, collection_id: 0 });
    expect(await state(newsId)).toEqual({ has_collect: 0, collection_id: 0 });

    const removed = await request(s.url, uc.removeCollection, { id: added.body.data.id }, { token: a.token });
    expect(removed.body.status).toBe(0);
    expect(await state(newsId, a)).toEqual({ has_collect: 0, collection_id: 0 });
  });

  it('an invalid or ended session reads the item like a visitor (no 401, no 4440 on a public page)', async () => {
    expect(await state(newsId, { token: 'not-a-token' })).toEqual({ has_collect: 0, collection_id: 0 });
    const u = await newUser(s);
    await request(s.url, uc.addCollection, { type: 'news', ref_id: newsId }, { token: u.token });
    expect((await state(newsId, u)).has_collect).toBe(1);
    expect((await request(s.url, user.logout, {}, { token: u.token })).body.status).toBe(0);
    expect(await state(newsId, u)).toEqual({ has_collect: 0, collection_id: 0 });
  });

  it('keeps the precise refusal for developers: 404 names the id, 400 names the field', async () => {
    const u = await newUser(s);
    expectRefused(await detail(99999999, u), 404, CODE.notFound, '资讯 id 99999999 不存在');
    expectRefused(await request(s.url, genus.newsDetailEndpoint, { id: 'abc' }), 400, CODE.badInput, '参数 id');
  });
});
