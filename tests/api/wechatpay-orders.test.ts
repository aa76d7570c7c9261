import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/contract/envelope';
import * as order from '../../src/contract/orders';
import { PAY_LOCK_BUSY } from '../../src/server/areas/orders/order-pay-lock';
import { NOTIFY_PATH } from '../../src/server/areas/payments/order-pay';
import { reconcilePending } from '../../src/server/areas/payments/payment-jobs';
import type { PayProvider } from '../../src/server/providers/pay';
import { SANDBOX_MCHID } from '../../src/server/providers/pay/sandbox-keys';
import { nonceOf } from '../../src/server/providers/pay/wechatpay-v3-crypto';
import { request } from '../support/api-client';
import { expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { newUser, type TestUser } from '../support/user-center-flows';
import { keepSandboxNotifications, signedNotification } from '../support/wechatpay-notify';

/**
 * Paying orders through WeChat Pay (here its offline sandbox, which speaks the published API v3): prepay reuse and
 * expiry, notifications verified and applied exactly once, the pay/close race, and the status poll asking WeChat Pay.
 */
describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let pay: PayProvider;
  /** Notifications the sandbox sent, kept here instead of delivered (each test delivers what it wants). */
  const sent: Array<{ url: string; body: string; headers: Record<string, string> }> = [];
  const db = () => s.services.db.kysely;
  const call = <E extends Parameters<typeof request>[1]>(e: E, input: Record<string, unknown>, u: TestUser) =>
    request(s.url, e, input, { token: u.token });

  /** A learner who logged in with WeChat (JSAPI pay needs their openid). */
  const wechatUser = async (): Promise<TestUser> => {
    const u = await newUser(s);
    await db()
      .insertInto('third_identities')
      .values({
        provider: 'wechat',
        openid: `o-pay-${u.id}`,
        nickname: '微信用户',
        avatar: '',
        user_id: u.id,
        created_at: s.services.clock(),
      })
      .execute();
    return u;
  };
  const paidCourseGood = () =>
    db()
      .selectFrom('goods')
      .selectAll()
      .where('kind', '=', 'course')
      .where('price', '>', 0)
      .where('on_sale', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  const newOrder = async (u: TestUser) => {
    const g = await paidCourseGood();
    const made = (await call(order.create, { goods: { [g.id]: 1 } }, u)).body;
    expect(made.status, made.msg).toBe(0);
    return { ...made.data, good: g };
  };
  const prepayOf = (params: { package: string } | null) => (params?.package ?? '').replace(/^prepay_id=/, '');
  const orderRow = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const grants = async (u: TestUser) =>
    (await db().selectFrom('entitlements').select('id').where('user_id', '=', u.id).where('kind', '=', 'course').execute()).length;
  const post = (body: string, headers: Record<string, string>) =>
    fetch(s.url + NOTIFY_PATH, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  /** A notification as WeChat Pay would send it (signed with the sandbox's platform key, resource encrypted). */
  const notification = (tx: object, over: { timestamp?: number; serial?: string; eventType?: string } = {}) =>
    signedNotification(s, tx, over);
  const successOf = (o: { order_no: string; total: number }, over: Record<string, unknown> = {}) => ({
    appid: s.services.config.wechatAppId,
    mchid: SANDBOX_MCHID,
    out_trade_no: o.order_no,
    transaction_id: `4200${Date.now()}`,
    trade_type: 'JSAPI',
    trade_state: 'SUCCESS',
    amount: { total: o.total, payer_total: o.total, currency: 'CNY', payer_currency: 'CNY' },
    ...over,
  });

  beforeAll(async () => {
    s = await startTestServer(kind);
    pay = await s.services.providers.pay();
    keepSandboxNotifications(pay, sent);
  });
  afterAll(() => s.close());

  it('pay answers signed JSAPI parameters and reuses the prepay_id for 2 hours; after that the order gets a new one', async () => {
    const u = await wechatUser();
    const o = await newOrder(u);
    // An order that stays open longer than a prepay_id lives (as with ORDER_TTL_SECONDS over 7200).
    await db()
      .updateTable('orders')
      .set({ expires_at: s.services.clock() + 3 * 3600 })
      .where('id', '=', o.id)
      .execute();
    const first = (await call(order.pay, { id: o.id }, u)).body.data;
    expect(first).toMatchObject({ order_id: o.id, total: o.total, pay_params: { appId: s.services.config.wechatAppId, signType: 'RSA' } });
    const prepay = prepayOf(first.pay_params);
    expect(prepay).toMatch(/^wx\d+/);
    expect(prepayOf((await call(order.pay, { id: o.id, is_group: 0 }, u)).body.data.pay_params)).toBe(prepay);
    expect(await db().selectFrom('order_payments').select('id').where('order_id', '=', o.id).execute()).toHaveLength(1);
    s.advance(7200);
    const renewed = prepayOf((await call(order.pay, { id: o.id }, u)).body.data.pay_params);
    expect(renewed).not.toBe(prepay);
    // The lapsed prepay_id pays nothing at WeChat Pay.
    expect(await pay.sandbox?.txByPrepay(prepay)).toBeUndefined();
    expect(await pay.sandbox?.txByPrepay(renewed)).toMatchObject({ out_trade_no: o.order_no, trade_state: 'NOTPAY' });
  });

  it('h5_pay reuses the cashier URL for 5 minutes, then asks again; a caller without WeChat login is told to use H5', async () => {
    const u = await newUser(s);
    const o = await newOrder(u);
    expectRefused(await call(order.pay, { id: o.id }, u), 400, CODE.badInput, '微信登录');
    const a = (await call(order.h5Pay, { id: o.id }, u)).body.data;
    expect(a.h5_url).toContain('/sandbox/wechatpay/cashier?prepay_id=');
    expect(a.h5_url).toContain(`redirect_url=${encodeURIComponent(`/order/result/${o.id}`)}`);
    const b = (await call(order.h5Pay, { id: o.id, redirect_url: '/activity/vip/buy' }, u)).body.data;
    expect(b.h5_url?.split('&redirect_url=')[0]).toBe(a.h5_url?.split('&redirect_url=')[0]);
    expectRefused(await call(order.h5Pay, { id: o.id, redirect_url: '//evil.example/x' }, u), 400, CODE.badInput, 'redirect_url');
    s.advance(300);
    await call(order.h5Pay, { id: o.id }, u);
    expect(await db().selectFrom('order_payments').select('id').where('order_id', '=', o.id).execute()).toHaveLength(2);
  });

  it('paying at the cashier sends a notification; replayed 16 times, several at once, it pays the order and grants the course once', async () => {
    const u = await wechatUser();
    const o = await newOrder(u);
    const prepay = prepayOf((await call(order.pay, { id: o.id }, u)).body.data.pay_params);
    const before = sent.length;
    await pay.sandbox?.act(prepay, 'pay');
    await expect.poll(() => sent.length).toBe(before + 1);
    const n = sent[before] as (typeof sent)[number];
    expect(n.url).toBe(s.url + NOTIFY_PATH);
    const first = await Promise.all(Array.from({ length: 8 }, () => post(n.body, n.headers)));
    const rest = [];
    for (let i = 0; i < 8; i++) rest.push(await post(n.body, n.headers));
    expect([...first, ...rest].map((r) => r.status)).toEqual(Array(16).fill(204));
    const row = await orderRow(o.id);
    expect(row.status).toBe('paid');
    expect(await grants(u)).toBe(1);
    expect((await call(order.status, { id: o.id }, u)).body.data).toMatchObject({ status: 'paid', is_success: 1 });
    // A paid order cannot be paid or closed again.
    expectRefused(await call(order.pay, { id: o.id }, u), 409, CODE.conflict, '已支付');
    expectRefused(await call(order.h5Pay, { id: o.id }, u), 409, CODE.conflict, '已支付');
    expectRefused(await call(order.close, { id: o.id }, u), 409, CODE.conflict, '已支付');
  });

  it('refuses notifications that are not WeChat Pay’s or not about our order as it is, and changes nothing', async () => {
    const u = await wechatUser();
    const o = await newOrder(u);
    const good = await notification(successOf(o));
    const cases: Array<[string, { body: string; headers: Record<string, string> }, number]> = [
      ['a changed body', { ...good, body: good.body.replace('支付成功', '支付成功了') }, 401],
      [
        'a forged signature',
        { ...good, headers: { ...good.headers, 'wechatpay-signature': Buffer.alloc(256, 1).toString('base64') } },
        401,
      ],
      ['a signature probe', { ...good, headers: { ...good.headers, 'wechatpay-signature': `WECHATPAY/SIGNTEST/${nonceOf()}` } }, 401],
      ['a timestamp 5 minutes old', await notification(successOf(o), { timestamp: s.services.clock() - 300 }), 401],
      ['an unknown serial', await notification(successOf(o), { serial: 'PUB_KEY_ID_0000000000000000000000000000UNKN' }), 401],
      ['no signature headers', { body: good.body, headers: {} }, 401],
      [
        'a wrong amount',
        await notification(successOf(o, { amount: { total: o.total - 1, payer_total: o.total - 1, currency: 'CNY' } })),
        400,
      ],
      ['another merchant', await notification(successOf(o, { mchid: '1900000999' })), 400],
      ['another app', await notification(successOf(o, { appid: 'wx-someone-else' })), 400],
      ['an unknown order', await notification(successOf({ order_no: 'NO_SUCH_ORDER_001', total: o.total })), 404],
    ];
    for (const [what, n, status] of cases) {
      const r = await post(n.body, n.headers);
      expect(r.status, what).toBe(status);
      expect(await r.json(), what).toMatchObject({ code: 'FAIL' });
    }
    expect((await orderRow(o.id)).status).toBe('pending');
    expect(await grants(u)).toBe(0);
    // Not a payment success: acknowledged, nothing changes.
    const closed = await notification(successOf(o, { trade_state: 'CLOSED' }));
    expect((await post(closed.body, closed.headers)).status).toBe(204);
    expect((await orderRow(o.id)).status).toBe('pending');
    // The genuine one pays it.
    expect((await post(good.body, good.headers)).status).toBe(204);
    expect((await orderRow(o.id)).status).toBe('paid');
  });

  it('the browser’s word is not proof: status asks WeChat Pay when the notification is missing; the reconciler too', async () => {
    const u = await wechatUser();
    const o = await newOrder(u);
    const prepay = prepayOf((await call(order.pay, { id: o.id }, u)).body.data.pay_params);
    expect((await call(order.status, { id: o.id }, u)).body.data).toMatchObject({ status: 'pending', is_success: 0 });
    await pay.sandbox?.act(prepay, 'pay');
    // The notification is lost (kept in `sent`); asked within 3 s of the last question WeChat Pay is not asked again.
    expect((await call(order.status, { id: o.id }, u)).body.data.is_success).toBe(0);
    s.advance(4);
    expect((await call(order.status, { id: o.id }, u)).body.data).toMatchObject({ status: 'paid', is_success: 1 });
    expect(await grants(u)).toBe(1);

    const other = await wechatUser();
    const o2 = await newOrder(other);
    const prepay2 = prepayOf((await call(order.pay, { id: o2.id }, other)).body.data.pay_params);
    await pay.sandbox?.act(prepay2, 'pay');
    s.advance(20);
    await reconcilePending(s.services);
    expect((await orderRow(o2.id)).status).toBe('paid');
  });

  it('100 concurrent pay and close calls on one order end in one state, and a closed order cannot be paid at WeChat Pay', async () => {
    for (let round = 0; round < 2; round++) {
      const u = await wechatUser();
      const o = await newOrder(u);
      const calls = Array.from({ length: 100 }, (_, i) =>
        i % 2 === round ? call(order.pay, { id: o.id }, u) : call(order.close, { id: o.id }, u),
      );
      const replies = await Promise.all(calls);
      for (const r of replies) {
        expect([0, CODE.conflict]).toContain(r.body.code === 0 ? 0 : r.body.code);
        if (r.body.status !== 0) expect(r.body.msg).toMatch(new RegExp(`${PAY_LOCK_BUSY}|已关闭`));
      }
      const row = await orderRow(o.id);
      expect(['pending', 'close']).toContain(row.status);
      const tx = await pay.sandbox?.txByNo(o.order_no);
      if (row.status === 'close') {
        // Whatever prepay was made before the close can no longer pay.
        if (tx) {
          expect(tx.trade_state).toBe('CLOSED');
          expect((await pay.sandbox?.act(tx.prepay_id, 'pay'))?.trade_state).toBe('CLOSED');
        }
        expectRefused(await call(order.pay, { id: o.id }, u), 409, CODE.conflict, '已关闭');
      } else {
        // Still pending with a live prepay: paying it makes the order paid, and closing is refused from then on.
        expect(tx?.trade_state).toBe('NOTPAY');
        await pay.sandbox?.act(tx?.prepay_id ?? '', 'pay');
        expectRefused(await call(order.close, { id: o.id }, u), 409, CODE.conflict, '已支付');
        expect((await orderRow(o.id)).status).toBe('paid');
      }
      expect(Number(row.pay_lock_until)).toBe(0);
    }
  });

  it('closing an order that was paid a moment ago finds out from WeChat Pay and keeps it paid', async () => {
    const u = await wechatUser();
    const o = await newOrder(u);
    const prepay = prepayOf((await call(order.pay, { id: o.id }, u)).body.data.pay_params);
    await pay.sandbox?.act(prepay, 'pay');
    expectRefused(await call(order.close, { id: o.id }, u), 409, CODE.conflict, '已支付');
    expect((await orderRow(o.id)).status).toBe('paid');
    expect(await grants(u)).toBe(1);
  });
});
