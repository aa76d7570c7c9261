import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/contract/envelope';
import * as order from '../../src/contract/orders';
import { markClosed } from '../../src/server/areas/orders/order-state';
import { NOTIFY_PATH } from '../../src/server/areas/payments/order-pay';
import { closeExpiredOrders, reconcilePending } from '../../src/server/areas/payments/payment-jobs';
import { reconcileRefunds } from '../../src/server/areas/refunds/refund-settle';
import type { PayProvider } from '../../src/server/providers/pay';
import { request } from '../support/api-client';
import { expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { newUser, type TestUser } from '../support/user-center-flows';
import { keepSandboxNotifications, postNotification, type SentNotification } from '../support/wechatpay-notify';
import { attach, startWechatPayProxy, unsigned, type WechatPayProxy } from '../support/wechatpay-proxy';

/**
 * The payment jobs when WeChat Pay fails (a fake WeChat Pay in front of the sandbox): one failing order holds up no
 * other close, reconciliation or refund, and is tried again later; order reads never call WeChat Pay; two servers
 * ask about each due order and refund once; a payment of an order closed here is refunded in full; an unsigned 4xx
 * is never a success, and its code is read only where that is harmless.
 */
describe.each(databases())('%s', (kind) => {
  /** One app server with its proxy and the notifications its sandbox kept. */
  interface Rig {
    s: TestServer;
    pay: PayProvider;
    proxy: WechatPayProxy;
    sent: SentNotification[];
  }
  let main: Rig;

  const rig = async (sweepSeconds: number): Promise<Rig> => {
    const s = await startTestServer(kind, { config: { orderSweepSeconds: sweepSeconds } });
    const pay = await s.services.providers.pay();
    const sent: SentNotification[] = [];
    keepSandboxNotifications(pay, sent);
    const proxy = await startWechatPayProxy(s.url);
    attach(pay, proxy);
    return { s, pay, proxy, sent };
  };
  const close = async (r: Rig) => {
    await r.proxy.close();
    await r.s.close();
  };

  const db = (r: Rig) => r.s.services.db.kysely;
  const call = <E extends Parameters<typeof request>[1]>(r: Rig, e: E, input: Record<string, unknown>, u: TestUser) =>
    request(r.s.url, e, input, { token: u.token });
  const goodOf = (r: Rig, k: string) =>
    db(r)
      .selectFrom('goods')
      .selectAll()
      .where('kind', '=', k)
      .where('price', '>', 0)
      .where('on_sale', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  const orderRow = (r: Rig, id: number) => db(r).selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const refundsOf = (r: Rig, orderId: number) =>
    db(r).selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const queriesOf = (r: Rig, orderNo: string) =>
    r.proxy.calls.filter((c) => c.method === 'GET' && c.path.includes(`/out-trade-no/${orderNo}`));

  /** A new learner's order of `lines`, sent to WeChat Pay (an H5 cashier); returns it and the cashier's prepay id. */
  const sentOrder = async (r: Rig, lines?: Record<number, number>) => {
    const u = await newUser(r.s);
    const made = (await call(r, order.create, { goods: lines ?? { [(await goodOf(r, 'course')).id]: 1 } }, u)).body;
    expect(made.status, made.msg).toBe(0);
    const h5 = (await call(r, order.h5Pay, { id: made.data.id }, u)).body;
    expect(h5.status, h5.msg).toBe(0);
    const prepay = /prepay_id=([^&]+)/.exec(h5.data.h5_url ?? '')?.[1] ?? '';
    const o = await orderRow(r, made.data.id);
    return { u, o, prepay };
  };
  /** Pays at the sandbox's cashier; the notification is kept, not delivered (returned). */
  const payAtCashier = async (r: Rig, prepay: string) => {
    const before = r.sent.length;
    await r.pay.sandbox?.act(prepay, 'pay');
    await expect.poll(() => r.sent.length).toBe(before + 1);
    return r.sent[before] as SentNotification;
  };
  /** A paid course order (notification delivered) with a refund applied for while WeChat Pay answers PROCESSING. */
  const processingRefund = async (r: Rig) => {
    const { u, o, prepay } = await sentOrder(r);
    expect((await postNotification(r.s, NOTIFY_PATH, await payAtCashier(r, prepay))).status).toBe(204);
    const item = (await db(r).selectFrom('order_goods').select('id').where('order_id', '=', o.id).executeTakeFirstOrThrow()).id;
    const options = (r.pay.sandbox as unknown as { o: { refundStatus?: string } }).o;
    options.refundStatus = 'PROCESSING';
    try {
      const res = (await call(r, order.applyRefund, { order_goods_id: item, reason: '不想要了' }, u)).body;
      expect(res.status, res.msg).toBe(0);
    } finally {
      options.refundStatus = 'SUCCESS';
    }
    const [refund] = await refundsOf(r, o.id);
    expect(refund).toMatchObject({ status: 'processing', attempts: 1 });
    return { u, o, refund: refund as NonNullable<typeof refund> };
  };

  /**
   * Makes an order that was never sent to WeChat Pay due and waits until a sweep of `r`'s own sweeper closes it. The
   * sweep that was running when this was called has ended by then: it chose its orders before this one was due, and
   * sweeps never overlap.
   */
  const sweptPast = async (r: Rig) => {
    const u = await newUser(r.s);
    const made = (await call(r, order.create, { goods: { [(await goodOf(r, 'course')).id]: 1 } }, u)).body;
    expect(made.status, made.msg).toBe(0);
    await db(r)
      .updateTable('orders')
      .set({ expires_at: r.s.services.clock() - 1 })
      .where('id', '=', made.data.id)
      .execute();
    await expect.poll(async () => (await orderRow(r, made.data.id)).status, { timeout: 10_000 }).toBe('close');
  };

  beforeAll(async () => {
    main = await rig(0);
  });
  afterAll(() => close(main));

  it('one order whose WeChat Pay calls fail: the sweeper still closes, reconciles and refunds the others, and reads answer 200', async () => {
    // This server's own sweeper runs every second.
    const r = await rig(1);
    const ttl = r.s.services.config.orderTtlSeconds;
    try {
      // Two orders sent to WeChat Pay whose time is up; WeChat Pay fails every call about the first.
      const failing = await sentOrder(r);
      r.proxy.answer = (c) => (c.path.includes(failing.o.order_no) ? { status: 500, body: '' } : null);
      const toClose = await sentOrder(r);
      r.s.advance(ttl + 1);
      // A newer order paid at the cashier whose notification was lost, and a refund due now.
      const toReconcile = await sentOrder(r);
      await payAtCashier(r, toReconcile.prepay);
      const { refund } = await processingRefund(r);
      r.s.advance(61);

      await expect.poll(async () => (await orderRow(r, toClose.o.id)).status, { timeout: 10_000 }).toBe('close');
      await expect.poll(async () => (await orderRow(r, toReconcile.o.id)).status, { timeout: 10_000 }).toBe('paid');
      await expect
        .poll(
          async () => (await db(r).selectFrom('refunds').select('status').where('id', '=', refund.id).executeTakeFirstOrThrow()).status,
          {
            timeout: 10_000,
          },
        )
        .toBe('succeeded');

      // The failing order waits for a later try instead of being asked every sweep.
      const stuck = await orderRow(r, failing.o.id);
      expect(stuck.status).toBe('pending');
      expect(stuck.close_attempts).toBeGreaterThanOrEqual(1);
      expect(stuck.next_check_at).toBeGreaterThan(r.s.services.clock());
      // A try claimed just now may still be on its way to WeChat Pay: counted once the sweep that claimed it has ended.
      await sweptPast(r);
      const asked = queriesOf(r, failing.o.order_no).length;
      expect(asked).toBeGreaterThanOrEqual(1);
      // Two sweeps later (the first began after the count; the second waits for it to end), still the same count.
      await sweptPast(r);
      await sweptPast(r);
      expect(queriesOf(r, failing.o.order_no).length).toBe(asked);

      // Reads answer from the database: the overdue order shows as closing.
      const list = await call(r, order.list, { status: 'null', offset: 0, count: 10 }, failing.u);
      expect(list.http).toBe(200);
      expect(list.body.data.map((o) => [o.id, o.status, o.status_text])).toEqual([[failing.o.id, 'pending', '订单关闭中']]);
      const detail = await call(r, order.detail, { id: failing.o.id }, failing.u);
      expect(detail.http).toBe(200);
      expect(detail.body.data).toMatchObject({ status: 'pending', status_text: '订单关闭中' });

      // WeChat Pay answers again: the next try closes it.
      r.proxy.answer = () => null;
      r.s.advance(stuck.next_check_at - r.s.services.clock() + 1);
      await expect.poll(async () => (await orderRow(r, failing.o.id)).status, { timeout: 10_000 }).toBe('close');
    } finally {
      await close(r);
    }
  }, 60_000);

  it('two servers ask WeChat Pay about each due order and each due refund once, and count the attempts', async () => {
    const second = await main.s.second();
    const secondPay = await second.services.providers.pay();
    attach(secondPay, main.proxy);
    let moved = 0;
    const advance = (n: number) => {
      main.s.advance(n);
      moved += n;
    };
    try {
      const pending = [];
      for (let i = 0; i < 4; i++) pending.push(await sentOrder(main));
      for (const p of pending.slice(0, 2)) await payAtCashier(main, p.prepay);
      const refunds = [];
      for (let i = 0; i < 3; i++) refunds.push((await processingRefund(main)).refund);
      advance(61);

      main.proxy.calls.length = 0;
      await Promise.all([reconcilePending(main.s.services), reconcilePending(second.services)]);
      for (const p of pending) expect(queriesOf(main, p.o.order_no), p.o.order_no).toHaveLength(1);
      for (const p of pending.slice(0, 2)) expect((await orderRow(main, p.o.id)).status).toBe('paid');

      main.proxy.calls.length = 0;
      await Promise.all([reconcileRefunds(main.s.services), reconcileRefunds(second.services)]);
      for (const f of refunds) {
        expect(main.proxy.calls.filter((c) => c.path.endsWith(`/refunds/${f.out_refund_no}`))).toHaveLength(1);
        const now = await db(main).selectFrom('refunds').select('attempts').where('id', '=', f.id).executeTakeFirstOrThrow();
        expect(now.attempts).toBe(2);
      }

      // Due to close: each is asked once and closed once.
      const expiring = pending.slice(2);
      advance(main.s.services.config.orderTtlSeconds + 1);
      main.proxy.calls.length = 0;
      const [a, b] = await Promise.all([closeExpiredOrders(main.s.services), closeExpiredOrders(second.services)]);
      expect(a + b).toBe(expiring.length);
      for (const p of expiring) {
        expect(queriesOf(main, p.o.order_no)).toHaveLength(1);
        expect((await orderRow(main, p.o.id)).status).toBe('close');
      }
    } finally {
      main.s.advance(-moved);
      await second.close();
    }
  });

  it('a payment of an order closed here is refunded in full, once, and grants nothing', async () => {
    const course = await goodOf(main, 'course');
    const ebook = await goodOf(main, 'ebook');
    const { u, o, prepay } = await sentOrder(main, { [course.id]: 1, [ebook.id]: 1 });
    const notification = await payAtCashier(main, prepay);
    // Closed here meanwhile (the state machine's close: the stock went back, nothing was granted).
    expect(await markClosed(main.s.services, o.id, 'timeout', main.s.services.clock())).toBe(true);
    const sales = async () =>
      (
        await db(main).selectFrom('goods').select(['id', 'sales_volume']).where('id', 'in', [course.id, ebook.id]).orderBy('id').execute()
      ).map((g) => g.sales_volume);
    const salesBefore = await sales();

    expect((await postNotification(main.s, NOTIFY_PATH, notification)).status).toBe(204);
    const refunds = await refundsOf(main, o.id);
    expect(refunds.map((f) => f.status)).toEqual(['succeeded', 'succeeded']);
    expect(refunds.reduce((n, f) => n + f.amount, 0)).toBe(o.total);
    const atWechat = await db(main).selectFrom('sandbox_pay_refunds').select('refund').where('out_trade_no', '=', o.order_no).execute();
    expect(atWechat.reduce((n, f) => n + f.refund, 0)).toBe(o.total);
    // WeChat Pay repeats the notification: nothing more is refunded.
    expect((await postNotification(main.s, NOTIFY_PATH, notification)).status).toBe(204);
    expect(await refundsOf(main, o.id)).toHaveLength(2);
    expect(await db(main).selectFrom('sandbox_pay_refunds').select('refund').where('out_trade_no', '=', o.order_no).execute()).toHaveLength(
      2,
    );

    expect((await orderRow(main, o.id)).status).toBe('close');
    expect(await db(main).selectFrom('entitlements').select('id').where('user_id', '=', u.id).execute()).toHaveLength(0);
    expect(await sales()).toEqual(salesBefore);
    const detail = (await call(main, order.detail, { id: o.id }, u)).body.data;
    expect(detail.items.map((i) => i.refund_status)).toEqual(['succeeded', 'succeeded']);
  });

  it('a refund query answered by an unsigned RESOURCE_NOT_EXISTS is sent again under the same number; an unsigned success settles nothing', async () => {
    const { u, o, prepay } = await sentOrder(main);
    expect((await postNotification(main.s, NOTIFY_PATH, await payAtCashier(main, prepay))).status).toBe(204);
    expect((await orderRow(main, o.id)).status).toBe('paid');
    const item = (await db(main).selectFrom('order_goods').select('id').where('order_id', '=', o.id).executeTakeFirstOrThrow()).id;
    // The send is refused without a signature: not believed, so the request is not failed but stays processing.
    main.proxy.answer = (c) =>
      c.method === 'POST' && c.path === '/v3/refund/domestic/refunds' ? unsigned(400, 'INVALID_REQUEST', '重复请求') : null;
    const applied = (await call(main, order.applyRefund, { order_goods_id: item, reason: '不想要了' }, u)).body;
    expect(applied.data).toMatchObject({ status: 'processing', status_text: '退款中' });
    const [refund] = await refundsOf(main, o.id);
    if (!refund) throw new Error('no refund');
    expect(refund.last_error).toContain('未签名');

    // An unsigned 200 saying SUCCESS is no success.
    main.proxy.answer = (c) =>
      c.method === 'GET' && c.path.includes(refund.out_refund_no)
        ? {
            status: 200,
            body: JSON.stringify({
              out_refund_no: refund.out_refund_no,
              status: 'SUCCESS',
              amount: { refund: refund.amount, total: o.total },
            }),
          }
        : null;
    main.s.advance(61);
    try {
      await reconcileRefunds(main.s.services);
      expect(await refundsOf(main, o.id)).toMatchObject([{ status: 'processing' }]);
      expect((await refundsOf(main, o.id))[0]?.last_error).toContain('验签失败');

      // WeChat Pay has no refund of that number and says so unsigned: sent again, same number, and settled.
      main.proxy.answer = (c) =>
        c.method === 'GET' && c.path.includes(refund.out_refund_no) ? unsigned(404, 'RESOURCE_NOT_EXISTS', '退款单不存在') : null;
      main.s.advance(301);
      await reconcileRefunds(main.s.services);
      expect(await refundsOf(main, o.id)).toMatchObject([{ status: 'succeeded', out_refund_no: refund.out_refund_no }]);
      expect(
        await db(main).selectFrom('sandbox_pay_refunds').select('refund').where('out_refund_no', '=', refund.out_refund_no).execute(),
      ).toEqual([{ refund: refund.amount }]);
    } finally {
      main.proxy.answer = () => null;
      main.s.advance(-362);
    }
  });

  it('a prepay refused by an unsigned ORDER_CLOSED tells the learner to order again; a tampered signed one stays a 502', async () => {
    const u = await newUser(main.s);
    const made = (await call(main, order.create, { goods: { [(await goodOf(main, 'course')).id]: 1 } }, u)).body.data;
    main.proxy.answer = (c) => (c.path === '/v3/pay/transactions/h5' ? unsigned(400, 'ORDER_CLOSED', '该订单已关闭') : null);
    try {
      expectRefused(await call(main, order.h5Pay, { id: made.id }, u), 409, CODE.conflict, '订单已关闭，请重新下单');
      // Signature headers present but wrong: forged or damaged, so its code is not read.
      main.proxy.answer = (c) =>
        c.path === '/v3/pay/transactions/h5'
          ? {
              ...unsigned(400, 'ORDER_CLOSED', '该订单已关闭'),
              headers: {
                'wechatpay-timestamp': String(main.s.services.clock()),
                'wechatpay-nonce': 'n',
                'wechatpay-signature': Buffer.alloc(256, 1).toString('base64'),
                'wechatpay-serial': [...main.pay.verifyKeys.keys()][0] ?? '',
              },
            }
          : null;
      const forged = await call(main, order.h5Pay, { id: made.id }, u);
      expect(forged.http).toBe(502);
      expect(forged.body.msg).toContain('验签失败');
    } finally {
      main.proxy.answer = () => null;
    }
    expect((await orderRow(main, made.id)).status).toBe('pending');
  });
});
