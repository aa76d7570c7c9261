import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as addressApi from '../../src/contract/addresses';
import * as course from '../../src/contract/courses';
import { CODE } from '../../src/contract/envelope';
import * as order from '../../src/contract/orders';
import * as uc from '../../src/contract/users-center';
import { chinaDayStart } from '../../src/server/areas/accounts';
import { markPaid } from '../../src/server/areas/orders/order-state';
import { shipItem } from '../../src/server/areas/shipping/order-shipping';
import { request } from '../support/api-client';
import { expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { addressBody, createAddress, newUser, type TestUser } from '../support/user-center-flows';

// Issue 24, round two: a physical order is shipped, not opened (待发货 → 已发货 → 已签收, the gift it promised,
// 包邮); an address is deliverable (no 全国, no missing level); a fully refunded order reads 已退款 in the list too;
// the user home's 订单 and 学习天数 are real numbers.
describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  const db = () => s.services.db.kysely;
  /** The catalog's first good of `kind` that costs something. */
  const firstPaidGood = (kind: string) =>
    db().selectFrom('goods').selectAll().where('kind', '=', kind).where('price', '>', 0).orderBy('id').executeTakeFirstOrThrow();
  const call = <T>(ep: Parameters<typeof request>[1], input: Record<string, unknown>, u: TestUser) =>
    request(s.url, ep, input, { token: u.token }) as Promise<{
      http: number;
      body: { status: number; code: number; msg: string; data: T };
    }>;
  const giftGood = () =>
    db()
      .selectFrom('goods')
      .selectAll()
      .where('kind', '=', 'physical')
      .where('on_sale', '=', 1)
      .where('buy_gift', '!=', '')
      .orderBy('id')
      .executeTakeFirstOrThrow();

  async function paidPhysical(u: TestUser) {
    const g = await giftGood();
    const a = await createAddress(s, u);
    const made = await call<{ id: number }>(order.create, { goods: { [g.id]: 1 }, address_id: a.id }, u);
    expect(made.body.msg).toBe('ok');
    expect(await markPaid(s.services, made.body.data.id, s.services.clock())).toBe(true);
    const item = await db().selectFrom('order_goods').selectAll().where('order_id', '=', made.body.data.id).executeTakeFirstOrThrow();
    return { g, orderId: made.body.data.id, itemId: item.id };
  }
  const detail = async (u: TestUser, id: number) => (await call<order.OrderView>(order.detail, { id }, u)).body.data;
  const listed = async (u: TestUser, id: number) =>
    (await call<order.OrderView[]>(order.list, { count: 50 }, u)).body.data.find((o) => o.id === id) as order.OrderView;

  describe('a physical order is shipped, not opened', () => {
    it('paid: 待发货 with the gift and 包邮; shipped: 已发货; signed for: 已签收 — in the detail and the list alike', async () => {
      const u = await newUser(s);
      const { g, orderId, itemId } = await paidPhysical(u);
      const paid = await detail(u, orderId);
      expect(paid).toMatchObject({ status: 'paid', status_text: '待发货', ship_state: 'to_ship', freight: 0 });
      expect(paid.items[0]).toMatchObject({ kind: 'physical', gift: g.buy_gift, ship_state: 'to_ship', content_path: '' });
      expect((await listed(u, orderId)).status_text).toBe('待发货');

      await shipItem(s.services, { orderGoodsId: itemId, carrier: 'yuantong', trackingNo: 'YT1234567890' });
      expect(await detail(u, orderId)).toMatchObject({ status_text: '已发货', ship_state: 'shipped' });
      expect((await listed(u, orderId)).items[0]?.ship_state).toBe('shipped');

      await db().updateTable('shipments').set({ state: 'signed' }).where('order_goods_id', '=', itemId).execute();
      expect(await detail(u, orderId)).toMatchObject({ status_text: '已签收', ship_state: 'signed' });
      expect((await listed(u, orderId)).status_text).toBe('已签收');
    });

    it('the gift is a snapshot: changing the good later does not change the order', async () => {
      const u = await newUser(s);
      const { g, orderId } = await paidPhysical(u);
      await db().updateTable('goods').set({ buy_gift: '' }).where('id', '=', g.id).execute();
      try {
        expect((await detail(u, orderId)).items[0]?.gift).toBe(g.buy_gift);
      } finally {
        await db().updateTable('goods').set({ buy_gift: g.buy_gift }).where('id', '=', g.id).execute();
      }
    });

    it('content and unpaid orders carry no ship state', async () => {
      const u = await newUser(s);
      const c = await firstPaidGood('course');
      const made = await call<{ id: number }>(order.create, { goods: { [c.id]: 1 } }, u);
      expect(await detail(u, made.body.data.id)).toMatchObject({ status_text: '待支付', ship_state: '' });
      await markPaid(s.services, made.body.data.id, s.services.clock());
      const paid = await detail(u, made.body.data.id);
      expect(paid).toMatchObject({ status_text: '购买成功', ship_state: '' });
      expect(paid.items[0]).toMatchObject({ ship_state: '', gift: '' });
    });
  });

  describe('a fully refunded order', () => {
    it('reads 已退款 in the list, not 购买成功', async () => {
      const u = await newUser(s);
      const c = await firstPaidGood('ebook');
      const made = await call<{ id: number; total: number }>(order.create, { goods: { [c.id]: 1 } }, u);
      await markPaid(s.services, made.body.data.id, s.services.clock());
      const item = await db().selectFrom('order_goods').selectAll().where('order_id', '=', made.body.data.id).executeTakeFirstOrThrow();
      const now = s.services.clock();
      await db()
        .insertInto('refunds')
        .values({
          order_goods_id: item.id,
          order_id: item.order_id,
          user_id: u.id,
          amount: item.amount,
          reason: '不想要了',
          status: 'succeeded',
          hold_reason: '',
          out_refund_no: `RT${item.id}${now}`,
          refund_id: '',
          provider_status: 'SUCCESS',
          notify_url: '',
          last_error: '',
          operator_note: '',
          active_item_id: item.id,
          attempts: 1,
          next_check_at: 0,
          created_at: now,
          updated_at: now,
          reviewed_at: null,
          succeeded_at: now,
        })
        .execute();
      expect((await listed(u, made.body.data.id)).status_text).toBe('已退款');
      expect((await detail(u, made.body.data.id)).status_text).toBe('已退款');
    });
  });

  describe('a delivery address must be deliverable', () => {
    it('refuses 全国 (-1) with a message naming district_1_id, and nothing is written', async () => {
      const u = await newUser(s);
      const body = await addressBody(s, {
        district_1_id: -1,
        district_1_name: '全国',
        district_2_id: 0,
        district_2_name: '',
        district_3_id: 0,
        district_3_name: '',
      });
      expectRefused(await call(addressApi.saveAddress, body, u), 400, CODE.badInput, 'district_1_id');
      expect((await call(addressApi.saveAddress, body, u)).body.msg).toContain('全国');
      expect(await db().selectFrom('addresses').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    });

    it('refuses a missing city or district, naming the field', async () => {
      const u = await newUser(s);
      expectRefused(
        await call(addressApi.saveAddress, await addressBody(s, { district_3_id: 0, district_3_name: '' }), u),
        400,
        CODE.badInput,
        'district_3_id',
      );
      expectRefused(
        await call(
          addressApi.saveAddress,
          await addressBody(s, { district_2_id: 0, district_2_name: '', district_3_id: 0, district_3_name: '' }),
          u,
        ),
        400,
        CODE.badInput,
        'district_2_id',
      );
    });

    it('an address saved before the rule (全国) cannot take a physical order', async () => {
      const u = await newUser(s);
      const now = s.services.clock();
      const a = await db()
        .insertInto('addresses')
        .values({
          user_id: u.id,
          name: '周明',
          mobile: '15900001111',
          tag: '',
          district_1_id: -1,
          district_1_name: '全国',
          district_2_id: 0,
          district_2_name: '',
          district_3_id: 0,
          district_3_name: '',
          detail: '到付自取，电话联系',
          is_default: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const g = await giftGood();
      expectRefused(await call(order.create, { goods: { [g.id]: 1 }, address_id: a.id }, u), 400, CODE.badInput, 'address_id');
    });
  });

  describe('the user home numbers', () => {
    it('订单 is the number of the user’s orders', async () => {
      const u = await newUser(s);
      expect((await call<uc.UserStatistics>(uc.userStatistics, {}, u)).body.data.order_count).toBe(0);
      const c = await firstPaidGood('vip');
      await call(order.create, { goods: { [c.id]: 1 } }, u);
      await call(order.create, { goods: { [c.id]: 2 } }, u);
      await paidPhysical(u);
      expect((await call<uc.UserStatistics>(uc.userStatistics, {}, u)).body.data.order_count).toBe(3);
    });

    it('学习天数 counts the China days with a study action, not the days since registration', async () => {
      const u = await newUser(s);
      const days = async () => (await call<uc.UserStatistics>(uc.userStatistics, {}, u)).body.data.study_days;
      // Registered days ago, never studied: 0.
      s.advance(5 * 86400);
      expect(await days()).toBe(0);
      const free = await db()
        .selectFrom('courses as c')
        .innerJoin('course_videos as v', 'v.course_id', 'c.id')
        .select(['c.id as course_id', 'v.id as video_id'])
        .where('c.is_free', '=', 1)
        .where('c.is_live', '=', 0)
        .where('c.is_single', '=', 1)
        .orderBy('v.id')
        .executeTakeFirstOrThrow();
      const report = (duration: number) => call(course.progressReport, { ...free, duration }, u);
      // Two reports on one day are one day.
      const dayLeft = chinaDayStart(s.services.clock()) + 86400 - s.services.clock();
      if (dayLeft < 120) s.advance(dayLeft + 60);
      expect((await report(0)).body.msg).toBe('ok');
      s.advance(30);
      await report(30);
      expect(await days()).toBe(1);
      // A day without study does not count; the next study day does.
      s.advance(2 * 86400);
      expect(await days()).toBe(1);
      await report(60);
      expect(await days()).toBe(2);
      const rows = await db().selectFrom('study_days').selectAll().where('user_id', '=', u.id).execute();
      expect(rows).toHaveLength(2);
    });
  });
});
