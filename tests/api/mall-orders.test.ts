import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as goods from '../../src/contract/catalog';
import { CODE } from '../../src/contract/envelope';
import * as order from '../../src/contract/orders';
import * as question from '../../src/contract/questions';
import * as uc from '../../src/contract/users-center';
import { markClosed, markPaid } from '../../src/server/areas/orders/order-state';
import { closeExpiredOrders } from '../../src/server/areas/payments/payment-jobs';
import { request } from '../support/api-client';
import { expectRefused, loginAs } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { createAddress, newUser, type TestUser } from '../support/user-center-flows';

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let subject: { genus_id: number; category_id: number };
  const db = () => s.services.db.kysely;
  const call = <E extends Parameters<typeof request>[1]>(
    e: E,
    input: Record<string, unknown>,
    u?: TestUser,
    headers?: Record<string, string>,
  ) => request(s.url, e, input, { ...(u ? { token: u.token } : {}), ...(headers ? { headers } : {}) });
  const goodOf = async (where: { kind: string; price?: 'free' | 'paid' }) => {
    let q = db().selectFrom('goods').selectAll().where('kind', '=', where.kind).where('on_sale', '=', 1);
    if (where.price === 'free') q = q.where('price', '=', 0);
    if (where.price === 'paid') q = q.where('price', '>', 0);
    return q.orderBy('id').executeTakeFirstOrThrow();
  };
  const stockOf = async (id: number) =>
    (await db().selectFrom('goods').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const buyPhysical = async (u: TestUser, qty = 1, headers?: Record<string, string>) => {
    const g = await goodOf({ kind: 'physical' });
    const a = await createAddress(s, u);
    return { g, res: await call(order.create, { goods: { [g.id]: qty }, address_id: a.id, remark: '放门口' }, u, headers) };
  };

  let demoOwner: TestUser | undefined;
  /** 13800000001 (owns courses in the demo seed), logged in once per server (SMS codes are rate-limited). */
  const owner1 = async (): Promise<TestUser> => {
    if (!demoOwner) {
      const o = await loginAs(s, '13800000001');
      demoOwner = { id: o.user.id, token: o.token, mobile: '13800000001' };
    }
    return demoOwner;
  };

  beforeAll(async () => {
    s = await startTestServer(kind);
    const cat = await db().selectFrom('categories').select(['id', 'genus_id']).where('name', '=', '英语四级').executeTakeFirstOrThrow();
    subject = { genus_id: cat.genus_id, category_id: cat.id };
  });
  afterAll(() => s.close());

  describe('goods', () => {
    it('lists a subject’s goods and the goods for every subject, top first, prices in fen from the database', async () => {
      const list = (await call(goods.list, { ...subject, limit: 50 })).body.data;
      expect(list.length).toBeGreaterThan(3);
      for (const g of list) {
        expect([0, subject.genus_id]).toContain(g.genus_id);
        expect([0, subject.category_id]).toContain(g.category_id);
        expect(Number.isInteger(g.price)).toBe(true);
      }
      expect(list[0]?.is_top).toBe(1);
      expect(list.some((g) => g.kind === 'physical' && g.genus_id === 0)).toBe(true);
      expect(list.some((g) => g.kind === 'vip')).toBe(true);
      const page2 = (await call(goods.list, { ...subject, offset: 2, limit: 2 })).body.data;
      expect(page2.map((g) => g.id)).toEqual(list.slice(2, 4).map((g) => g.id));
      expectRefused(await call(goods.list, { genus_id: subject.genus_id, category_id: 999999 }), 400, CODE.badInput, 'category_id');
      expectRefused(await call(goods.list, { category_id: subject.category_id }), 400, CODE.badInput, 'genus_id');
      expectRefused(await call(goods.list, { genus_id: subject.genus_id, category_ids: '1;2' }), 400, CODE.badInput, 'category_ids');
    });

    it('detail needs a token; it shows has_pay for what the caller owns and has_collect / can_collect', async () => {
      const u = await owner1();
      const owned = await db()
        .selectFrom('entitlements')
        .select(['kind', 'ref_id'])
        .where('user_id', '=', u.id)
        .where('kind', '=', 'course')
        .execute();
      const good = await db()
        .selectFrom('goods')
        .select('id')
        .where('kind', '=', 'course')
        .where(
          'ref_id',
          'in',
          owned.map((o) => o.ref_id),
        )
        .executeTakeFirstOrThrow();
      expect((await call(goods.detail, { id: good.id }, u)).body.data).toMatchObject({
        id: good.id,
        has_pay: 1,
        can_collect: 1,
        has_collect: 0,
      });
      const stranger = await newUser(s);
      expect((await call(goods.detail, { id: good.id }, stranger)).body.data.has_pay).toBe(0);
      expect((await call(goods.detail, { id: good.id })).body.code).toBe(CODE.unauthorized);
      expectRefused(await call(goods.detail, { id: 999999 }, stranger), 404, CODE.notFound, '999999');
      const physical = (await call(goods.detail, { id: (await goodOf({ kind: 'physical' })).id }, stranger)).body.data;
      expect(physical).toMatchObject({ need_address: 1 });
      expect(physical.selling_point.length).toBeGreaterThan(0);
      expect(physical.stock).toBeGreaterThan(0);
    });

    it('a good can be collected; its detail then says so, and the collection links to it', async () => {
      const u = await newUser(s);
      const g = await goodOf({ kind: 'physical' });
      const added = (await call(uc.addCollection, { type: 'goods', ref_id: g.id }, u)).body.data;
      expect(added.created).toBe(1);
      expect((await call(goods.detail, { id: g.id }, u)).body.data.has_collect).toBe(1);
      const [item] = (await call(uc.collections, { type: 'goods' }, u)).body.data;
      expect(item).toMatchObject({ type: 'goods', ref_id: g.id, title: g.name, link: `/mall/detail/${g.id}` });
      expectRefused(await call(uc.addCollection, { type: 'goods', ref_id: 999999 }, u), 404, CODE.notFound, '999999');
    });

    it('mapping finds the good that sells an item; genus_category names a good’s subject', async () => {
      const g = await goodOf({ kind: 'course' });
      expect((await call(goods.mapping, { type: 'course', id: String(g.ref_id) })).body.data.good_id).toBe(g.id);
      const v = await goodOf({ kind: 'vip' });
      expect((await call(goods.mapping, { type: 'vip', id: v.vip_type })).body.data.good_id).toBeGreaterThan(0);
      expectRefused(await call(goods.mapping, { type: 'course', id: '999999' }), 404, CODE.notFound, '999999');
      expectRefused(await call(goods.mapping, { type: 'shoe', id: '1' }), 400, CODE.badInput, 'type');
      const gc = (await call(goods.genusCategory, { id: g.id })).body.data;
      expect(gc).toMatchObject({ genus_id: g.genus_id, category_id: g.category_id });
      expect(gc.category_name.length).toBeGreaterThan(0);
      expectRefused(await call(goods.genusCategory, { id: 999999 }), 404, CODE.notFound, '999999');
    });
  });

  describe('order creation', () => {
    it('takes prices from the database, snapshots items and ignores a tampered price', async () => {
      const u = await newUser(s);
      const g = await goodOf({ kind: 'course', price: 'paid' });
      const made = (await call(order.create, { goods: { [g.id]: 1 }, price: 1, total: 1, amount: 1 }, u)).body.data;
      expect(made).toMatchObject({ status: 'pending', total: g.price, replayed: 0 });
      expect(made.expires_at).toBe(s.services.clock() + s.services.config.orderTtlSeconds);
      await db()
        .updateTable('goods')
        .set({ price: g.price + 1000, name: '改过的名字' })
        .where('id', '=', g.id)
        .execute();
      const d = (await call(order.detail, { id: made.id }, u)).body.data;
      expect(d.items[0]).toMatchObject({ good_id: g.id, name: g.name, price: g.price, quantity: 1, amount: g.price });
      expect(d).toMatchObject({ status: 'pending', status_text: '待支付', total: g.price, address: null });
      await db().updateTable('goods').set({ price: g.price, name: g.name }).where('id', '=', g.id).execute();
    });

    it('physical goods need one of the caller’s addresses; the address is snapshotted', async () => {
      const u = await newUser(s);
      const g = await goodOf({ kind: 'physical' });
      expectRefused(await call(order.create, { goods: { [g.id]: 1 } }, u), 400, CODE.badInput, '收货地址');
      const other = await newUser(s);
      const theirs = await createAddress(s, other);
      expectRefused(await call(order.create, { goods: { [g.id]: 1 }, address_id: theirs.id }, u), 404, CODE.notFound, String(theirs.id));
      const { res } = await buyPhysical(u, 2);
      const d = (await call(order.detail, { id: res.body.data.id }, u)).body.data;
      expect(d.address?.full_address.length).toBeGreaterThan(5);
      expect(d.remark).toBe('放门口');
      expect(d.items[0]?.quantity).toBe(2);
    });

    it('refuses unknown goods, bad quantities, a second copy of owned content and empty maps', async () => {
      const u = await newUser(s);
      expectRefused(await call(order.create, { goods: { 999999: 1 } }, u), 404, CODE.notFound, '999999');
      expectRefused(await call(order.create, { goods: {} }, u), 400, CODE.badInput, 'goods');
      expectRefused(await call(order.create, { goods: { 1: 0 } }, u), 400, CODE.badInput, 'goods');
      expectRefused(await call(order.create, { goods: { 1: 100 } }, u), 400, CODE.badInput, 'goods');
      expectRefused(await call(order.create, { goods: 'x' }, u), 400, CODE.badInput, 'goods');
      const c = await goodOf({ kind: 'course', price: 'paid' });
      expectRefused(await call(order.create, { goods: { [c.id]: 2 } }, u), 400, CODE.badInput, '1 份');
      const owner = await owner1();
      const owned = await db()
        .selectFrom('entitlements')
        .select('ref_id')
        .where('user_id', '=', owner.id)
        .where('kind', '=', 'course')
        .execute();
      const ownedGood = await db()
        .selectFrom('goods')
        .select('id')
        .where('kind', '=', 'course')
        .where(
          'ref_id',
          'in',
          owned.map((o) => o.ref_id),
        )
        .executeTakeFirstOrThrow();
      expectRefused(await call(order.create, { goods: { [ownedGood.id]: 1 } }, owner), 409, CODE.conflict, '无需重复购买');
      expect(
        Number(
          (
            await db()
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('user_id', '=', u.id)
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(0);
    });

    it('100 parallel orders for the last 5 items: exactly 5 succeed and stock never goes negative', async () => {
      const g = await goodOf({ kind: 'physical' });
      const before = await stockOf(g.id);
      await db().updateTable('goods').set({ stock: 5 }).where('id', '=', g.id).execute();
      try {
        const buyers = await Promise.all(Array.from({ length: 20 }, () => newUser(s)));
        const addresses = await Promise.all(buyers.map((b) => createAddress(s, b)));
        const replies = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            call(order.create, { goods: { [g.id]: 1 }, address_id: addresses[i % 20]?.id }, buyers[i % 20]),
          ),
        );
        const ok = replies.filter((r) => r.body.status === 0);
        expect(ok).toHaveLength(5);
        for (const r of replies.filter((x) => x.body.status !== 0)) {
          expect(r.http).toBe(409);
          expect(r.body.msg).toContain('库存不足');
        }
        expect(await stockOf(g.id)).toBe(0);
        // closing one gives its item back
        const first = ok[0]?.body.data as { id: number };
        const owner = buyers[replies.indexOf(ok[0] as (typeof replies)[number]) % 20] as TestUser;
        await call(order.close, { id: first.id }, owner);
        expect(await stockOf(g.id)).toBe(1);
      } finally {
        await db().updateTable('goods').set({ stock: before }).where('id', '=', g.id).execute();
      }
    });

    /**
     * Holds `n` requests in front of the last unit's decrement until all of them are in, then lets them go together:
     * each has passed the stock check (stock 1) before any decrement runs. SQLite has one connection, and a request
     * runs from its first query to its commit without giving way, so it is the connection that is held: the requests
     * queue at their first query (after reading the clock) and then take turns, query by query. PostgreSQL runs them on
     * their own connections, so it is the good's row that is held: the decrements wait for this transaction.
     */
    async function heldInFrontOfTheDecrement<T>(goodId: number, n: number, fire: () => Promise<T>): Promise<T> {
      let replies: Promise<T> | undefined;
      if (kind === 'sqlite') {
        const clock = s.services.clock;
        let started = 0;
        s.services.clock = () => {
          started += 1;
          return clock();
        };
        try {
          await db()
            .connection()
            .execute(async () => {
              replies = fire();
              await expect.poll(() => started, { timeout: 20_000 }).toBeGreaterThanOrEqual(n);
            });
        } finally {
          s.services.clock = clock;
        }
      } else {
        await db()
          .transaction()
          .execute(async (tx) => {
            await tx.selectFrom('goods').select('id').where('id', '=', goodId).forUpdate().execute();
            const me = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx)).rows[0]?.pid;
            replies = fire();
            // Those waiting for this transaction, directly or behind another waiting decrement.
            const waiting = async () => {
              const { rows } = await sql<{ n: number }>`
                with recursive blocked(pid) as (
                  select pid from pg_stat_activity where ${me}::int = any(pg_blocking_pids(pid))
                  union
                  select a.pid from pg_stat_activity a join blocked b on b.pid = any(pg_blocking_pids(a.pid))
                )
                select count(*) as n from blocked`.execute(db());
              return Number(rows[0]?.n);
            };
            await expect.poll(waiting, { timeout: 20_000 }).toBe(n);
          });
      }
      if (!replies) throw new Error('nothing fired');
      return replies;
    }

    it('buyers racing for the last unit: the decrement’s own condition refuses those the stock check let through', async () => {
      const g = await goodOf({ kind: 'physical' });
      const before = await stockOf(g.id);
      const n = 6;
      const buyers = await Promise.all(Array.from({ length: n }, () => newUser(s)));
      const addresses = await Promise.all(buyers.map((b) => createAddress(s, b)));
      await db().updateTable('goods').set({ stock: 1 }).where('id', '=', g.id).execute();
      try {
        const replies = await heldInFrontOfTheDecrement(g.id, n, () =>
          Promise.all(buyers.map((b, i) => call(order.create, { goods: { [g.id]: 1 }, address_id: addresses[i]?.id }, b))),
        );
        expect(replies.filter((r) => r.body.status === 0)).toHaveLength(1);
        // Refused by the decrement, not by the check before it (which names the stock left: 「…」库存不足（剩 0 件）).
        for (const r of replies.filter((x) => x.body.status !== 0)) expectRefused(r, 409, CODE.conflict, `「${g.name}」库存不足`);
        expect(replies.filter((r) => r.body.msg === `「${g.name}」库存不足`)).toHaveLength(n - 1);
        expect(await stockOf(g.id)).toBe(0);
        const made = await db()
          .selectFrom('order_goods')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('good_id', '=', g.id)
          .where(
            'user_id',
            'in',
            buyers.map((b) => b.id),
          )
          .executeTakeFirstOrThrow();
        expect(Number(made.n)).toBe(1);
      } finally {
        await db().updateTable('goods').set({ stock: before }).where('id', '=', g.id).execute();
      }
    });

    it('an Idempotency-Key makes a double tap one order; the same key with another body is refused', async () => {
      const u = await newUser(s);
      const g = await goodOf({ kind: 'vip', price: 'paid' });
      const key = { 'Idempotency-Key': `tap-${u.id}` };
      const taps = await Promise.all(Array.from({ length: 8 }, () => call(order.create, { goods: { [g.id]: 1 } }, u, key)));
      const ids = new Set(taps.map((t) => t.body.data.id));
      expect(ids.size).toBe(1);
      expect(taps.filter((t) => t.body.data.replayed === 0)).toHaveLength(1);
      const again = (await call(order.create, { goods: { [g.id]: 1 } }, u, key)).body.data;
      expect(again).toMatchObject({ id: [...ids][0], replayed: 1 });
      expectRefused(await call(order.create, { goods: { [g.id]: 2 } }, u, key), 409, CODE.conflict, 'Idempotency-Key');
      expectRefused(
        await call(order.create, { goods: { [g.id]: 1 } }, u, { 'Idempotency-Key': 'bad key!' }),
        400,
        CODE.badInput,
        'Idempotency-Key',
      );
      // another user may use the same key; after 24 h the key is free again
      const v = await newUser(s);
      expect((await call(order.create, { goods: { [g.id]: 1 } }, v, key)).body.data.id).not.toBe([...ids][0]);
      s.advance(24 * 3600 + 1);
      try {
        expect((await call(order.create, { goods: { [g.id]: 1 } }, u, key)).body.data.replayed).toBe(0);
      } finally {
        s.advance(-(24 * 3600 + 1));
      }
      const without = await Promise.all([call(order.create, { goods: { [g.id]: 1 } }, u), call(order.create, { goods: { [g.id]: 1 } }, u)]);
      expect(without[0].body.data.id).not.toBe(without[1].body.data.id);
    });

    it('records a referrer that exists and is not the buyer', async () => {
      const u = await newUser(s);
      const friend = await newUser(s);
      const g = await goodOf({ kind: 'vip', price: 'paid' });
      const withRef = (await call(order.create, { goods: { [g.id]: 1 }, referrer_id: friend.id }, u)).body.data;
      const self = (await call(order.create, { goods: { [g.id]: 1 }, referrer_id: u.id }, u)).body.data;
      const rows = await db()
        .selectFrom('orders')
        .select(['id', 'referrer_id'])
        .where('id', 'in', [withRef.id, self.id])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.referrer_id)).toEqual([friend.id, null]);
    });
  });

  describe('the state machine and what a paid order grants', () => {
    it('a free good is paid at once and opens its content', async () => {
      const u = await newUser(s);
      const g = await goodOf({ kind: 'ebook', price: 'free' });
      const made = (await call(order.create, { goods: { [g.id]: 1 } }, u)).body.data;
      expect(made).toMatchObject({ status: 'paid', total: 0, expires_at: 0 });
      const d = (await call(order.detail, { id: made.id }, u)).body.data;
      expect(d).toMatchObject({ status: 'paid', status_text: '购买成功' });
      const item = (await call(order.item, { order_goods_id: d.items[0]?.id }, u)).body.data;
      expect(item).toMatchObject({ can_open: 1, content_path: `/ebook/read/${g.ref_id}`, order_status: 'paid' });
      const ent = await db().selectFrom('entitlements').selectAll().where('user_id', '=', u.id).where('kind', '=', 'ebook').execute();
      expect(ent).toHaveLength(1);
      expect(ent[0]).toMatchObject({ ref_id: g.ref_id, source: 'order', order_id: made.id, expires_at: null });
      expect((await call(goods.detail, { id: g.id }, u)).body.data.has_pay).toBe(1);
      expect((await call(order.status, { id: made.id }, u)).body.data).toEqual({ id: made.id, status: 'paid', is_success: 1 });
    });

    it('a bought bundle opens on its bundle page, the same path in the good, the order and the item', async () => {
      const bundle = await db()
        .selectFrom('goods as g')
        .innerJoin('courses as c', 'c.id', 'g.ref_id')
        .select(['g.id', 'g.ref_id'])
        .where('g.kind', '=', 'course')
        .where('c.is_single', '=', 0)
        .where('g.on_sale', '=', 1)
        .orderBy('g.id')
        .executeTakeFirstOrThrow();
      const single = await db()
        .selectFrom('goods as g')
        .innerJoin('courses as c', 'c.id', 'g.ref_id')
        .select(['g.id', 'g.ref_id'])
        .where('g.kind', '=', 'course')
        .where('c.is_single', '=', 1)
        .orderBy('g.id')
        .executeTakeFirstOrThrow();
      await db().updateTable('goods').set({ price: 0 }).where('id', '=', bundle.id).execute();
      const u = await newUser(s);
      const path = `/course/bundle_detail/${bundle.ref_id}`;
      expect((await call(goods.detail, { id: bundle.id }, u)).body.data).toMatchObject({ has_pay: 0, content_path: path });
      expect((await call(goods.detail, { id: single.id }, u)).body.data.content_path).toBe(`/course/detail/${single.ref_id}`);
      const made = (await call(order.create, { goods: { [bundle.id]: 1 } }, u)).body.data;
      expect(made.status).toBe('paid');
      expect((await call(goods.detail, { id: bundle.id }, u)).body.data).toMatchObject({ has_pay: 1, content_path: path });
      const d = (await call(order.detail, { id: made.id }, u)).body.data;
      expect(d.items[0]?.content_path).toBe(path);
      expect((await call(order.item, { order_goods_id: d.items[0]?.id }, u)).body.data).toMatchObject({ can_open: 1, content_path: path });
      expect((await call(goods.detail, { id: (await goodOf({ kind: 'physical' })).id }, u)).body.data.content_path).toBe('');
    });

    it('pending → paid grants once; paid cannot close or pay again; pending → close; closed cannot pay or close', async () => {
      const u = await newUser(s);
      const g = await goodOf({ kind: 'question_bank', price: 'paid' });
      const made = (await call(order.create, { goods: { [g.id]: 1 } }, u)).body.data;
      expect((await call(order.status, { id: made.id }, u)).body.data).toMatchObject({ status: 'pending', is_success: 0 });
      const sales = async () =>
        (await db().selectFrom('goods').select('sales_volume').where('id', '=', g.id).executeTakeFirstOrThrow()).sales_volume;
      const salesBefore = await sales();
      const results = await Promise.all([
        markPaid(s.services, made.id, s.services.clock()),
        markPaid(s.services, made.id, s.services.clock()),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await sales()).toBe(salesBefore + 1);
      expect(await db().selectFrom('entitlements').selectAll().where('user_id', '=', u.id).execute()).toHaveLength(1);
      expectRefused(await call(order.close, { id: made.id }, u), 409, CODE.conflict, '订单已支付，不能关闭');
      expect(await markClosed(s.services, made.id, 'timeout', s.services.clock())).toBe(false);
      expect((await call(order.detail, { id: made.id }, u)).body.data.status).toBe('paid');
      // the bank now opens
      const child = await db().selectFrom('question_banks').select('id').where('parent_id', '=', g.ref_id).executeTakeFirstOrThrow();
      expect((await call(question.content, { bank_id: child.id }, u)).body.data.access_reason).toBe('owned');

      const second = (await call(order.create, { goods: { [(await goodOf({ kind: 'vip', price: 'paid' })).id]: 1 } }, u)).body.data;
      const closed = (await call(order.close, { id: second.id }, u)).body.data;
      expect(closed).toMatchObject({ status: 'close', status_text: '订单已关闭', close_reason: 'user', expires_at: 0 });
      expectRefused(await call(order.close, { id: second.id }, u), 409, CODE.conflict, '订单已关闭');
      expect(await markPaid(s.services, second.id, s.services.clock())).toBe(false);
      expect(await db().selectFrom('user_vips').selectAll().where('user_id', '=', u.id).execute()).toHaveLength(0);
      expectRefused(await call(order.close, { id: 999999 }, u), 404, CODE.notFound, '999999');
    });

    it('a VIP good starts a membership; buying it again extends it; new-vip-info shows it', async () => {
      const u = await newUser(s);
      const g = await goodOf({ kind: 'vip', price: 'paid' });
      const now = s.services.clock();
      const a = (await call(order.create, { goods: { [g.id]: 1 } }, u)).body.data;
      await markPaid(s.services, a.id, now);
      const b = (await call(order.create, { goods: { [g.id]: 2 } }, u)).body.data;
      await markPaid(s.services, b.id, now);
      const vips = await db().selectFrom('user_vips').selectAll().where('user_id', '=', u.id).execute();
      expect(vips).toHaveLength(1);
      expect(vips[0]?.expires_at).toBe(now + g.vip_days * 3 * 86400);
      const info = (await call(uc.vipInfoEndpoint, { vip_type: g.vip_type }, u)).body.data;
      expect(info).toMatchObject({ is_vip: 1, vip_type: g.vip_type, expires_at: now + g.vip_days * 3 * 86400 });
    });

    it('lists the caller’s orders by status, newest first; items and packages', async () => {
      const u = await newUser(s);
      const { res } = await buyPhysical(u);
      const free = (await call(order.create, { goods: { [(await goodOf({ kind: 'ebook', price: 'free' })).id]: 1 } }, u)).body.data;
      const all = (await call(order.list, {}, u)).body.data;
      expect(all.map((o) => o.id)).toEqual([free.id, res.body.data.id]);
      expect((await call(order.list, { status: 'pending' }, u)).body.data.map((o) => o.id)).toEqual([res.body.data.id]);
      expect((await call(order.list, { status: 'paid' }, u)).body.data.map((o) => o.id)).toEqual([free.id]);
      expect((await call(order.list, { status: 'null' }, u)).body.data).toHaveLength(2);
      expectRefused(await call(order.list, { status: 'shipped' }, u), 400, CODE.badInput, 'status');
      const item = all[1]?.items[0];
      expect((await call(order.item, { order_goods_id: item?.id }, u)).body.data).toMatchObject({
        kind: 'physical',
        can_open: 0,
        content_path: '',
      });
      expect((await call(order.expressPackage, { order_goods_id: item?.id }, u)).body.data).toEqual([]);
      expectRefused(await call(order.item, { order_goods_id: 999999 }, u), 404, CODE.notFound, '999999');
    });
  });

  describe('automatic closing', () => {
    it('closes unpaid orders after their time, once, returning the stock, with two app servers (PostgreSQL) racing', async () => {
      const u = await newUser(s);
      const g = await goodOf({ kind: 'physical' });
      const stock = await stockOf(g.id);
      const made = await Promise.all(Array.from({ length: 6 }, () => buyPhysical(u)));
      expect(await stockOf(g.id)).toBe(stock - 6);
      const paidOne = made[0]?.res.body.data.id as number;
      await markPaid(s.services, paidOne, s.services.clock());
      // Several app servers share one PostgreSQL database; SQLite is one server's file, so there two sweeps race in it.
      const other = kind === 'postgres' ? await s.second() : { services: s.services, close: async () => {} };
      // Every pending order of this good (earlier tests' too) expires in the sweep and gives its items back once.
      const pendingQty = Number(
        (
          await db()
            .selectFrom('order_goods as i')
            .innerJoin('orders as o', 'o.id', 'i.order_id')
            .select((eb) => eb.fn.sum<number | string>('i.quantity').as('n'))
            .where('i.good_id', '=', g.id)
            .where('o.status', '=', 'pending')
            .executeTakeFirstOrThrow()
        ).n,
      );
      const beforeSweep = await stockOf(g.id);
      s.advance(s.services.config.orderTtlSeconds + 1);
      try {
        const [a, b] = await Promise.all([closeExpiredOrders(s.services), closeExpiredOrders(other.services)]);
        expect(a + b).toBeGreaterThanOrEqual(5);
        const mine = await db().selectFrom('orders').select(['id', 'status', 'close_reason']).where('user_id', '=', u.id).execute();
        expect(mine.filter((o) => o.status === 'close')).toHaveLength(5);
        expect(mine.find((o) => o.id === paidOne)?.status).toBe('paid');
        expect(mine.filter((o) => o.status === 'close').every((o) => o.close_reason === 'timeout')).toBe(true);
        expect(await stockOf(g.id)).toBe(beforeSweep + pendingQty);
        expect(await closeExpiredOrders(other.services)).toBe(0);
      } finally {
        s.advance(-(s.services.config.orderTtlSeconds + 1));
        await other.close();
      }
    });
  });
});
