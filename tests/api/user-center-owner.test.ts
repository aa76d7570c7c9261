import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as addressApi from '../../src/contract/addresses';
import { CODE } from '../../src/contract/envelope';
import * as uc from '../../src/contract/users-center';
import { request } from '../support/api-client';
import { expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { addressBody, createAddress, grantVip, newUser, type TestUser } from '../support/user-center-flows';

/** Owner scoping: user B must not read, change or delete user A's data by id; to B it does not exist. */
describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    s = await startTestServer(kind);
    a = await newUser(s);
    b = await newUser(s);
  });
  afterAll(() => s.close());

  const db = () => s.services.db.kysely;

  describe('addresses', () => {
    it('B cannot read A’s address by id, nor see it in list or default', async () => {
      const mine = await createAddress(s, a, { is_default: 1 });
      expectRefused(
        await request(s.url, addressApi.addressDetail, { id: mine.id }, { token: b.token }),
        404,
        CODE.notFound,
        `收货地址 id ${mine.id} 不存在`,
      );
      expect((await request(s.url, addressApi.addressList, {}, { token: b.token })).body.data.map((x) => x.id)).not.toContain(mine.id);
      expect((await request(s.url, addressApi.defaultAddress, {}, { token: b.token })).body.data?.id).not.toBe(mine.id);
    });

    it('B cannot change A’s address (update by id): 404, A’s row unchanged, nothing created for B', async () => {
      const mine = await createAddress(s, a);
      const before = await db().selectFrom('addresses').selectAll().where('id', '=', mine.id).executeTakeFirstOrThrow();
      const bCount = async () => (await request(s.url, addressApi.addressList, {}, { token: b.token })).body.data.length;
      const bBefore = await bCount();
      const body = await addressBody(s, { id: mine.id, name: '冒名顶替', detail: '被篡改的详细地址 1 号', is_default: 1 });
      expectRefused(
        await request(s.url, addressApi.saveAddress, body, { token: b.token }),
        404,
        CODE.notFound,
        `收货地址 id ${mine.id} 不存在`,
      );
      expect(await db().selectFrom('addresses').selectAll().where('id', '=', mine.id).executeTakeFirstOrThrow()).toEqual(before);
      expect(await bCount()).toBe(bBefore);
    });

    it('B setting its own default does not clear A’s default', async () => {
      const aDefault = (await request(s.url, addressApi.defaultAddress, {}, { token: a.token })).body.data;
      expect(aDefault).not.toBeNull();
      await createAddress(s, b, { is_default: 1 });
      expect((await request(s.url, addressApi.defaultAddress, {}, { token: a.token })).body.data?.id).toBe(aDefault?.id);
    });

    it('B cannot delete A’s address: 404 and it stays in A’s list', async () => {
      const mine = await createAddress(s, a);
      expectRefused(
        await request(s.url, addressApi.removeAddress, { id: mine.id }, { token: b.token }),
        404,
        CODE.notFound,
        `收货地址 id ${mine.id} 不存在`,
      );
      const list = (await request(s.url, addressApi.addressList, {}, { token: a.token })).body.data;
      expect(list.map((x) => x.id)).toContain(mine.id);
    });
  });

  describe('messages', () => {
    it('B cannot mark A’s message read, and never sees it', async () => {
      const [msg] = (await request(s.url, uc.messages, {}, { token: a.token })).body.data;
      if (!msg) throw new Error('A has no messages');
      expectRefused(
        await request(s.url, uc.messageRead, { id: msg.id }, { token: b.token }),
        404,
        CODE.notFound,
        `消息 id ${msg.id} 不存在`,
      );
      const row = await db().selectFrom('messages').select(['is_read', 'read_at']).where('id', '=', msg.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ is_read: 0, read_at: null });
      const bList = (await request(s.url, uc.messages, { count: 50 }, { token: b.token })).body.data;
      expect(bList.map((m) => m.id)).not.toContain(msg.id);
    });

    it('B reading all of its messages leaves A’s unread', async () => {
      const before = (await request(s.url, uc.messageHasNoRead, {}, { token: a.token })).body.data.count;
      await request(s.url, uc.messageReadAll, {}, { token: b.token });
      expect((await request(s.url, uc.messageHasNoRead, {}, { token: a.token })).body.data.count).toBe(before);
      expect(before).toBeGreaterThan(0);
    });
  });

  describe('collections', () => {
    it('B cannot see or remove A’s collection', async () => {
      const n = await db().selectFrom('news').select('id').orderBy('id').executeTakeFirstOrThrow();
      const mine = (await request(s.url, uc.addCollection, { type: 'news', ref_id: n.id }, { token: a.token })).body.data;
      expect((await request(s.url, uc.collections, {}, { token: b.token })).body.data).toEqual([]);
      expectRefused(
        await request(s.url, uc.removeCollection, { id: mine.id }, { token: b.token }),
        404,
        CODE.notFound,
        `收藏 id ${mine.id} 不存在`,
      );
      const aList = (await request(s.url, uc.collections, {}, { token: a.token })).body.data;
      expect(aList.map((c) => c.id)).toEqual([mine.id]);
      // B collecting the same article makes B's own collection, not a shared one.
      const theirs = (await request(s.url, uc.addCollection, { type: 'news', ref_id: n.id }, { token: b.token })).body.data;
      expect(theirs).toMatchObject({ created: 1 });
      expect(theirs.id).not.toBe(mine.id);
    });
  });

  describe('VIP', () => {
    it('A’s membership does not make B a VIP', async () => {
      await grantVip(s, a.id, 'super_vip');
      expect((await request(s.url, uc.vipInfoEndpoint, {}, { token: a.token })).body.data.is_vip).toBe(1);
      expect((await request(s.url, uc.vipInfoEndpoint, {}, { token: b.token })).body.data.is_vip).toBe(0);
    });
  });

  it('statistics count only the caller’s own rows', async () => {
    const sa = (await request(s.url, uc.userStatistics, {}, { token: a.token })).body.data;
    const sb = (await request(s.url, uc.userStatistics, {}, { token: b.token })).body.data;
    const count = async (table: 'addresses' | 'collections', userId: number) =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(sa.address_count).toBe(await count('addresses', a.id));
    expect(sb.address_count).toBe(await count('addresses', b.id));
    expect(sa.collection_count).toBe(await count('collections', a.id));
    expect(sb.collection_count).toBe(await count('collections', b.id));
    expect(sa.address_count).not.toBe(sb.address_count);
  });
});
