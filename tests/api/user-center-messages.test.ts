import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/contract/envelope';
import * as uc from '../../src/contract/users-center';
import { MESSAGE_TEMPLATES } from '../../src/server/db/seed/areas/user-center';
import { request } from '../support/api-client';
import { expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { newUser, type TestUser } from '../support/user-center-flows';

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  const page = async (u: TestUser, offset = 0, count = 10) =>
    (await request(s.url, uc.messages, { offset, count }, { token: u.token })).body.data;
  const unread = async (u: TestUser) => (await request(s.url, uc.messageHasNoRead, {}, { token: u.token })).body.data;
  const messageRows = (userId: number) => s.services.db.kysely.selectFrom('messages').selectAll().where('user_id', '=', userId).execute();

  it('a new user gets the welcome and system messages once, newest first, all unread', async () => {
    const u = await newUser(s);
    expect(await unread(u)).toEqual({ has_no_read: 1, count: MESSAGE_TEMPLATES.length });
    const list = await page(u);
    expect(list).toHaveLength(MESSAGE_TEMPLATES.length);
    expect(list.map((m) => m.title)).toEqual([...MESSAGE_TEMPLATES].reverse().map((t) => t.title));
    expect(list.at(-1)).toMatchObject({ kind: 'welcome', title: '欢迎来到备考', is_read: 0, link: '/study/category' });
    for (const m of list) {
      expect(m.content.length).toBeGreaterThan(40);
      expect(Object.keys(m).sort()).toEqual(['content', 'created_at', 'id', 'is_read', 'kind', 'link', 'title']);
    }
    // Listing again (and counting) creates nothing more.
    await page(u);
    await unread(u);
    expect(await messageRows(u.id)).toHaveLength(MESSAGE_TEMPLATES.length);
  });

  it('parallel first calls still create the messages exactly once', async () => {
    const u = await newUser(s);
    await Promise.all([page(u), unread(u), page(u), unread(u), request(s.url, uc.userStatistics, {}, { token: u.token })]);
    expect(await messageRows(u.id)).toHaveLength(MESSAGE_TEMPLATES.length);
  });

  it('pages with offset and count', async () => {
    const u = await newUser(s);
    const all = await page(u, 0, 50);
    const first = await page(u, 0, 2);
    const second = await page(u, 2, 2);
    expect(first.map((m) => m.id)).toEqual(all.slice(0, 2).map((m) => m.id));
    expect(second.map((m) => m.id)).toEqual(all.slice(2, 4).map((m) => m.id));
    expect(await page(u, all.length, 10)).toEqual([]);
  });

  it('reading a message clears it; reading all clears the dot', async () => {
    const u = await newUser(s);
    const [newest, next] = await page(u);
    if (!newest || !next) throw new Error('no messages');
    const res = await request(s.url, uc.messageRead, { id: newest.id }, { token: u.token });
    expect(res.body).toMatchObject({ status: 0, data: { id: newest.id, is_read: 1, unread_count: MESSAGE_TEMPLATES.length - 1 } });
    // Again: harmless, same answer.
    const again = await request(s.url, uc.messageRead, { id: newest.id }, { token: u.token });
    expect(again.body.data.unread_count).toBe(MESSAGE_TEMPLATES.length - 1);
    const list = await page(u);
    expect(list.find((m) => m.id === newest.id)?.is_read).toBe(1);
    expect(list.find((m) => m.id === next.id)?.is_read).toBe(0);
    const row = (await messageRows(u.id)).find((m) => m.id === newest.id);
    expect(row?.read_at).toBeGreaterThan(0);

    const all = await request(s.url, uc.messageReadAll, {}, { token: u.token });
    expect(all.body.data.marked).toBe(MESSAGE_TEMPLATES.length - 1);
    expect(await unread(u)).toEqual({ has_no_read: 0, count: 0 });
  });

  it('a new message raises the dot again', async () => {
    const u = await newUser(s);
    await request(s.url, uc.messageReadAll, {}, { token: u.token });
    expect((await unread(u)).has_no_read).toBe(0);
    await s.services.db.kysely
      .insertInto('messages')
      .values({
        user_id: u.id,
        kind: 'system',
        title: '考试报名提醒',
        content: '四级报名将于下周一开始。',
        link: '',
        is_read: 0,
        created_at: s.services.clock() + 10,
        read_at: null,
      })
      .execute();
    expect(await unread(u)).toEqual({ has_no_read: 1, count: 1 });
    expect((await page(u))[0]?.title).toBe('考试报名提醒');
  });

  it('refuses bad paging and bad ids with a 400 naming the field', async () => {
    const u = await newUser(s);
    for (const [input, msg] of [
      [{ offset: -1 }, '参数 offset 不能为负数'],
      [{ count: 0 }, '参数 count 须为正整数'],
      [{ count: 51 }, '参数 count 不能大于 50'],
      [{ offset: 'x' }, '参数 offset'],
    ] as const) {
      expectRefused(await request(s.url, uc.messages, input, { token: u.token }), 400, CODE.badInput, msg);
    }
    for (const input of [{}, { id: 0 }, { id: 'abc' }, { id: -1 }, { id: 99999999999 }]) {
      expectRefused(await request(s.url, uc.messageRead, input, { token: u.token }), 400, CODE.badInput, 'id');
    }
    expectRefused(await request(s.url, uc.messageRead, { id: 987654 }, { token: u.token }), 404, CODE.notFound, '消息 id 987654 不存在');
  });

  it('needs a login (401)', async () => {
    expectRefused(await request(s.url, uc.messages, {}), 401, CODE.unauthorized, '请先登录');
    expectRefused(await request(s.url, uc.messageHasNoRead, {}), 401, CODE.unauthorized, '请先登录');
    expectRefused(await request(s.url, uc.messageRead, { id: 1 }), 401, CODE.unauthorized, '请先登录');
    expectRefused(await request(s.url, uc.messageReadAll, {}), 401, CODE.unauthorized, '请先登录');
  });
});
