import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as addressApi from '../../src/contract/addresses';
import { CODE } from '../../src/contract/envelope';
import * as order from '../../src/contract/orders';
import * as uc from '../../src/contract/users-center';
import { DEFAULT_SIGN_KEY } from '../../src/protocol/keys';
import { markClosed, markPaid } from '../../src/server/areas/orders/order-state';
import { type ShipInput, shipItem } from '../../src/server/areas/shipping/order-shipping';
import { ApiError } from '../../src/server/http/errors';
import { SANDBOX_BASE } from '../../src/server/providers/pay/sandbox-routes';
import { request } from '../support/api-client';
import { type FakeKuaidi100, startFakeKuaidi100 } from '../support/fake-kuaidi100';
import { expectRefused } from '../support/flows';
import { freePort } from '../support/free-port';
import { type ServerProcess, spawnServer } from '../support/server-process';
import { loginBySms, signedClient } from '../support/signed-client';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { addressBody, createAddress, newUser, type TestUser } from '../support/user-center-flows';

// Shipping and tracking: the rules of shipping, express_package for the owner only, the sandbox's track
// over time and its cache, the Kuaidi100 adapter against a local fake that checks the signature, provider failures
// answered from the cache (never a 500), and the key never in a reply, the log or the ops script's output.

/** Expects shipItem to be refused with this HTTP status and a message containing `part`. */
async function expectShipRefused(p: Promise<unknown>, http: number, part: string) {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e, `expected a refusal containing "${part}"`).toBeInstanceOf(ApiError);
  expect((e as ApiError).httpStatus).toBe(http);
  expect((e as ApiError).message).toContain(part);
}

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let k: TestServer;
  let fake: FakeKuaidi100;
  /** Every reply body the Kuaidi100-configured server gave (searched for the key). */
  const replies: string[] = [];

  const physicalGood = (srv: TestServer) =>
    srv.services.db.kysely
      .selectFrom('goods')
      .selectAll()
      .where('kind', '=', 'physical')
      .where('on_sale', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();

  /** A pending order of the physical good for `u` (quantity `qty`), with its one item. */
  async function orderPhysical(srv: TestServer, u: TestUser, qty = 1) {
    const g = await physicalGood(srv);
    const a = await createAddress(srv, u);
    const made = await request(srv.url, order.create, { goods: { [g.id]: qty }, address_id: a.id }, { token: u.token });
    expect(made.body.msg).toBe('ok');
    const item = await srv.services.db.kysely
      .selectFrom('order_goods')
      .selectAll()
      .where('order_id', '=', made.body.data.id)
      .executeTakeFirstOrThrow();
    return { orderId: made.body.data.id, item };
  }
  /** A paid order of the physical good: its item id. */
  async function paidPhysical(srv: TestServer, u: TestUser, qty = 1) {
    const o = await orderPhysical(srv, u, qty);
    expect(await markPaid(srv.services, o.orderId, srv.services.clock())).toBe(true);
    return o;
  }
  const ship = (srv: TestServer, input: ShipInput) => shipItem(srv.services, input);
  const packages = async (srv: TestServer, itemId: number, u?: TestUser) => {
    const r = await request(srv.url, order.expressPackage, { order_goods_id: itemId }, u ? { token: u.token } : {});
    if (srv === k) replies.push(JSON.stringify(r.body));
    return r;
  };
  const row = (srv: TestServer, itemId: number) =>
    srv.services.db.kysely.selectFrom('shipments').selectAll().where('order_goods_id', '=', itemId).orderBy('id').execute();

  beforeAll(async () => {
    fake = await startFakeKuaidi100();
    s = await startTestServer(kind);
    k = await startTestServer(kind, {
      config: {
        trackingProvider: 'kuaidi100',
        kuaidi100: { customer: fake.customer, key: fake.key, apiBase: fake.url },
        trackingRefreshSeconds: 600,
      },
    });
  });
  afterAll(async () => {
    await s?.close();
    await k?.close();
    await fake?.close();
  });

  describe('shipping rules', () => {
    it('refuses an unknown item, a virtual item, an unpaid or closed order, an unknown carrier and a bad number', async () => {
      const u = await newUser(s);
      await expectShipRefused(ship(s, { orderGoodsId: 999999, carrier: 'zhongtong', trackingNo: '73100000000001' }), 404, '999999');

      const ebook = await s.services.db.kysely
        .selectFrom('goods')
        .select('id')
        .where('kind', '=', 'ebook')
        .where('price', '=', 0)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const free = await request(s.url, order.create, { goods: { [ebook.id]: 1 } }, { token: u.token });
      expect(free.body.data.status).toBe('paid');
      const ebookItem = await s.services.db.kysely
        .selectFrom('order_goods')
        .select('id')
        .where('order_id', '=', free.body.data.id)
        .executeTakeFirstOrThrow();
      await expectShipRefused(
        ship(s, { orderGoodsId: ebookItem.id, carrier: 'zhongtong', trackingNo: '73100000000001' }),
        400,
        '不是实物商品',
      );

      const pending = await orderPhysical(s, u);
      await expectShipRefused(
        ship(s, { orderGoodsId: pending.item.id, carrier: 'zhongtong', trackingNo: '73100000000001' }),
        409,
        '尚未支付',
      );
      const closed = await orderPhysical(s, u);
      await markClosed(s.services, closed.orderId, 'user', s.services.clock());
      await expectShipRefused(ship(s, { orderGoodsId: closed.item.id, carrier: 'zhongtong', trackingNo: '73100000000001' }), 409, '已关闭');

      const paid = await paidPhysical(s, u);
      await expectShipRefused(
        ship(s, { orderGoodsId: paid.item.id, carrier: 'dhl-nowhere', trackingNo: '73100000000001' }),
        400,
        'shunfeng（顺丰速运）',
      );
      for (const bad of ['', '   '])
        await expectShipRefused(ship(s, { orderGoodsId: paid.item.id, carrier: 'zhongtong', trackingNo: bad }), 400, '运单号不能为空');
      for (const bad of ['7310', 'SF_12345678', '73100000/000001', '顺丰12345678', 'A'.repeat(33)])
        await expectShipRefused(ship(s, { orderGoodsId: paid.item.id, carrier: 'zhongtong', trackingNo: bad }), 400, '格式不正确');
      expect(await row(s, paid.item.id)).toEqual([]);
      // Nothing was shipped: the item is still on the operator's list, and the owner sees no parcel.
      expect((await packages(s, paid.item.id, u)).body.data).toEqual([]);
    });

    it('ships once: the same number again is a no-op, a different one is refused unless another parcel or a correction', async () => {
      const u = await newUser(s);
      const { orderId, item } = await paidPhysical(s, u, 3);
      const first = await ship(s, { orderGoodsId: item.id, carrier: 'ZhongTong', trackingNo: ' 7310 0000 0000 02 ', by: 'ops-test' });
      expect(first).toMatchObject({ outcome: 'shipped', parcels: 1 });
      expect(first.shipment).toMatchObject({
        order_id: orderId,
        carrier_code: 'zhongtong',
        tracking_no: '73100000000002',
        phone: '',
        shipped_by: 'ops-test',
      });
      // The same carrier (by name this time) and number: nothing changes, no second message.
      expect(await ship(s, { orderGoodsId: item.id, carrier: '中通快递', trackingNo: '73100000000002' })).toMatchObject({
        outcome: 'unchanged',
        parcels: 1,
      });
      await expectShipRefused(
        ship(s, { orderGoodsId: item.id, carrier: 'zhongtong', trackingNo: '73100000000003' }),
        409,
        '已发货（中通快递 73100000000002）',
      );
      await expectShipRefused(ship(s, { orderGoodsId: item.id, carrier: 'yuantong', trackingNo: '73100000000002' }), 409, '已发货');
      // A second box of the same item, and a correction that must name one parcel.
      expect(await ship(s, { orderGoodsId: item.id, carrier: 'yuantong', trackingNo: 'YT0000000000003', mode: 'add' })).toMatchObject({
        outcome: 'shipped',
        parcels: 2,
      });
      await expectShipRefused(
        ship(s, { orderGoodsId: item.id, carrier: 'yuantong', trackingNo: 'YT0000000000004', mode: 'replace' }),
        409,
        '2 个包裹',
      );
      expect((await row(s, item.id)).map((r) => r.tracking_no)).toEqual(['73100000000002', 'YT0000000000003']);

      const inbox = await request(s.url, uc.messages, { offset: 0, count: 50 }, { token: u.token });
      const shipped = inbox.body.data.filter((m) => m.title === '订单已发货');
      expect(shipped).toHaveLength(2);
      expect(shipped.map((m) => m.link)).toEqual([`/order/logistics/${orderId}/${item.id}`, `/order/logistics/${orderId}/${item.id}`]);
      expect(shipped.some((m) => m.content.includes('中通快递 73100000000002'))).toBe(true);
    });

    it('replace corrects the only parcel and starts its track again; SF keeps the receiver’s mobile for its queries', async () => {
      const u = await newUser(s);
      const { item } = await paidPhysical(s, u);
      await ship(s, { orderGoodsId: item.id, carrier: 'zhongtong', trackingNo: '73100000000009' });
      await packages(s, item.id, u);
      expect((await row(s, item.id))[0]?.queried_at).toBeGreaterThan(0);
      const fixed = await ship(s, { orderGoodsId: item.id, carrier: 'shunfeng', trackingNo: 'SF1000000000010', mode: 'replace' });
      expect(fixed).toMatchObject({ outcome: 'replaced', parcels: 1 });
      const [r] = await row(s, item.id);
      expect(r).toMatchObject({
        carrier_code: 'shunfeng',
        tracking_no: 'SF1000000000010',
        phone: '13812345678',
        queried_at: 0,
        events: '[]',
        state: 'pending',
      });
      // The phone stays on the server.
      const view = (await packages(s, item.id, u)).body.data;
      expect(view).toHaveLength(1);
      expect(JSON.stringify(view)).not.toContain('13812345678');
      expect(view[0]).toMatchObject({ company: '顺丰速运', carrier: 'shunfeng', tracking_no: 'SF1000000000010' });
    });

    it('many operators shipping the same parcel at once record it once', async () => {
      const u = await newUser(s);
      const { item } = await paidPhysical(s, u);
      const results = await Promise.all(
        Array.from({ length: 8 }, () => ship(s, { orderGoodsId: item.id, carrier: 'yunda', trackingNo: '4300000000011' })),
      );
      expect(results.filter((r) => r.outcome === 'shipped')).toHaveLength(1);
      expect(results.filter((r) => r.outcome === 'unchanged')).toHaveLength(7);
      expect(await row(s, item.id)).toHaveLength(1);
    });
  });

  describe('express_package (sandbox tracking)', () => {
    it('the owner sees the parcel and its growing track; another user gets 4004 and a visitor 4010', async () => {
      const owner = await newUser(s);
      const other = await newUser(s);
      const { item } = await paidPhysical(s, owner);
      expect((await packages(s, item.id, owner)).body.data).toEqual([]);
      const { shipment } = await ship(s, { orderGoodsId: item.id, carrier: 'zhongtong', trackingNo: '73100000000020' });

      const first = await packages(s, item.id, owner);
      expect(first.http).toBe(200);
      expect(first.body.data).toHaveLength(1);
      expect(first.body.data[0]).toMatchObject({
        id: shipment.id,
        company: '中通快递',
        carrier: 'zhongtong',
        tracking_no: '73100000000020',
        state: '待揽收',
        state_code: 'pending',
        shipped_at: shipment.shipped_at,
        notice: '',
      });
      expect(first.body.data[0]?.events.map((e) => e.text)).toEqual(['商家已发货，包裹等待中通快递揽收']);

      expectRefused(await packages(s, item.id, other), 404, CODE.notFound, String(item.id));
      expectRefused(await packages(s, 999999, owner), 404, CODE.notFound, '999999');
      expect((await packages(s, item.id)).body.code).toBe(CODE.unauthorized);

      // A day later the sandbox has moved on: newest first, in transit, through a hub towards 广州市.
      s.advance(26 * 3600);
      const asked = s.services.clock();
      const later = (await packages(s, item.id, owner)).body.data[0];
      expect(later?.state).toBe('运输中');
      expect(later?.events.length).toBeGreaterThanOrEqual(6);
      const times = later?.events.map((e) => e.time) ?? [];
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(later?.events.at(-1)?.text).toBe('商家已发货，包裹等待中通快递揽收');
      expect(later?.updated_at).toBeGreaterThanOrEqual(asked);
      expect(later?.updated_at).toBeLessThanOrEqual(s.services.clock());

      // Cached: within the refresh interval the provider is not asked again.
      const queriedAt = (await row(s, item.id))[0]?.queried_at;
      s.advance(60);
      expect((await packages(s, item.id, owner)).body.data[0]?.updated_at).toBe(queriedAt);

      // Signed for after about 62 hours; a final track is never asked for again.
      s.advance(3 * 86400);
      const signed = (await packages(s, item.id, owner)).body.data[0];
      expect(signed).toMatchObject({ state: '已签收', state_code: 'signed' });
      expect(signed?.events[0]?.text).toContain('【广州市】已签收');
      s.advance(7 * 86400);
      expect((await packages(s, item.id, owner)).body.data[0]?.updated_at).toBe(signed?.updated_at);
    });
  });

  describe('Kuaidi100 adapter against a local fake', () => {
    it('queries with a valid signature, maps the reply, caches it, and asks once for parallel page views', async () => {
      const u = await newUser(k);
      const { item } = await paidPhysical(k, u);
      fake.setTrack('yuantong', 'YT9000000000001', {
        state: '1002',
        data: [
          { time: '2026-11-25 09:12:00', context: '【杭州市】快件已发往广州转运中心' },
          { time: '2026-11-24 18:40:00', context: '【杭州市】圆通速递 已揽收' },
        ],
      });
      await ship(k, { orderGoodsId: item.id, carrier: 'yuantong', trackingNo: 'yt9000000000001' });
      const before = fake.requests.length;
      const [p] = (await packages(k, item.id, u)).body.data;
      expect(fake.requests.length).toBe(before + 1);
      const sent = fake.requests.at(-1);
      expect(sent).toMatchObject({
        customer: fake.customer,
        signOk: true,
        param: { com: 'yuantong', num: 'YT9000000000001', resultv2: '4' },
      });
      expect(sent?.param.phone).toBeUndefined();
      expect(p).toMatchObject({ company: '圆通速递', state: '运输中', state_code: 'in_transit', notice: '' });
      expect(p?.events).toEqual([
        { time: Date.UTC(2026, 10, 25, 1, 12) / 1000, text: '【杭州市】快件已发往广州转运中心' },
        { time: Date.UTC(2026, 10, 24, 10, 40) / 1000, text: '【杭州市】圆通速递 已揽收' },
      ]);

      // Cached for TRACKING_REFRESH_SECONDS; once due, parallel views ask Kuaidi100 once.
      await Promise.all(Array.from({ length: 5 }, () => packages(k, item.id, u)));
      expect(fake.requests.length).toBe(before + 1);
      k.advance(601);
      const views = await Promise.all(Array.from({ length: 5 }, () => packages(k, item.id, u)));
      expect(fake.requests.length).toBe(before + 2);
      for (const v of views) expect(v.body.data[0]?.events).toHaveLength(2);
    });

    it('SF is queried with the receiver’s mobile; ischeck 1 is final and never asked again', async () => {
      const u = await newUser(k);
      const { item } = await paidPhysical(k, u);
      fake.setTrack('shunfeng', 'SF9000000000002', {
        state: '301',
        ischeck: '1',
        phone: '13812345678',
        data: [{ time: '2026-11-26 15:00:00', context: '【广州市】已签收，签收人凭取件码签收' }],
      });
      await ship(k, { orderGoodsId: item.id, carrier: 'shunfeng', trackingNo: 'SF9000000000002' });
      const [p] = (await packages(k, item.id, u)).body.data;
      expect(fake.requests.at(-1)?.param).toMatchObject({ com: 'shunfeng', phone: '13812345678' });
      expect(p).toMatchObject({ state: '已签收', state_code: 'signed', notice: '' });
      const count = fake.requests.length;
      k.advance(30 * 86400);
      await packages(k, item.id, u);
      expect(fake.requests.length).toBe(count);
    });

    it('a failing Kuaidi100 never gives a 500: the cached events with a notice, or the parcel with a notice; retried after a minute', async () => {
      const u = await newUser(k);
      const { item } = await paidPhysical(k, u);
      fake.setTrack('zhongtong', '73190000000003', {
        state: '0',
        data: [{ time: '2026-11-25 09:00:00', context: '【上海市】快件已到达上海分拨中心' }],
      });
      await ship(k, { orderGoodsId: item.id, carrier: 'zhongtong', trackingNo: '73190000000003' });
      expect((await packages(k, item.id, u)).body.data[0]?.events).toHaveLength(1);

      // Kuaidi100 down (HTTP 502): the last events, a notice for the user, the reason for operators.
      k.advance(601);
      fake.failNext({ status: 502, body: '<html>502 Bad Gateway</html>' });
      const down = await packages(k, item.id, u);
      expect(down.http).toBe(200);
      expect(down.body.data[0]).toMatchObject({ state: '运输中', notice: '物流信息暂时无法更新，显示的是上次查询到的信息' });
      expect(down.body.data[0]?.events).toHaveLength(1);
      expect((await row(k, item.id))[0]?.query_error).toBe('快递100查询失败：HTTP 502');
      // Not asked again for a minute; then it is, and a success clears the notice.
      const count = fake.requests.length;
      k.advance(30);
      expect((await packages(k, item.id, u)).body.data[0]?.notice).not.toBe('');
      expect(fake.requests.length).toBe(count);
      k.advance(31);
      expect((await packages(k, item.id, u)).body.data[0]?.notice).toBe('');
      expect(fake.requests.length).toBe(count + 1);
      expect((await row(k, item.id))[0]?.query_error).toBe('');

      // A parcel never answered, with a key Kuaidi100 refuses: the parcel still shows, with a notice and no events.
      const second = await paidPhysical(k, u);
      await ship(k, { orderGoodsId: second.item.id, carrier: 'zhongtong', trackingNo: '73190000000004' });
      const realKey = fake.key;
      fake.key = 'a-different-key';
      try {
        const refused = await packages(k, second.item.id, u);
        expect(refused.http).toBe(200);
        expect(refused.body.data[0]).toMatchObject({
          tracking_no: '73190000000004',
          updated_at: 0,
          events: [],
          notice: '物流信息暂时查询不到，请稍后再试',
        });
        expect(fake.requests.at(-1)?.signOk).toBe(false);
        expect((await row(k, second.item.id))[0]?.query_error).toBe(
          '快递100查询失败（503）：签名验证失败（请检查 KUAIDI100_CUSTOMER 与 KUAIDI100_KEY）：验证签名失败',
        );
        // Garbage instead of JSON is a failure too, not a 500.
        k.advance(61);
        fake.failNext({ status: 200, body: 'not json at all' });
        expect((await packages(k, second.item.id, u)).http).toBe(200);
      } finally {
        fake.key = realKey;
      }
    });

    it('the key never appears in a reply', () => {
      expect(replies.length).toBeGreaterThan(10);
      for (const r of replies) expect(r).not.toContain(fake.key);
    });
  });
});

/**
 * The whole path as an operator runs it: the server configured by environment variables only (the key from a file),
 * a user who buys and pays a physical good through the payment sandbox, `scripts/ops/ship.ts` shipping it, the user
 * reading the track from Kuaidi100 (the fake), then a query Kuaidi100 refuses. The server's log (debug level), every
 * reply and the script's output are searched for the key.
 */
describe('ops script and settings, end to end (SQLite)', () => {
  let fake: FakeKuaidi100;
  let app: ServerProcess;
  let dir: string;
  const outputs: string[] = [];
  const replies: string[] = [];
  let call: ReturnType<typeof signedClient>;
  const env = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dir });
  const script = (...args: string[]) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.resolve('scripts/ops/ship.ts'), ...args], {
      env: env(),
      encoding: 'utf8',
    });
    outputs.push(r.stdout, r.stderr);
    return { code: r.status, out: r.stdout, err: r.stderr };
  };

  beforeAll(async () => {
    fake = await startFakeKuaidi100('E2ECUSTOMER', 'e2e-secret-key-5b1d0e');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-ship-'));
    fs.writeFileSync(path.join(dir, 'kuaidi100.key'), `${fake.key}\n`, { mode: 0o600 });
    app = await spawnServer({
      ...env(),
      PORT: String(await freePort()),
      LOG_LEVEL: 'debug',
      TRACKING_PROVIDER: 'kuaidi100',
      KUAIDI100_CUSTOMER: fake.customer,
      KUAIDI100_KEY_FILE: path.join(dir, 'kuaidi100.key'),
      KUAIDI100_API_BASE: fake.url,
    });
    const signed = signedClient(app.url, DEFAULT_SIGN_KEY);
    call = async (e, input, token) => {
      const r = await signed(e, input, token);
      replies.push(JSON.stringify(r.body));
      return r;
    };
  }, 120000);
  afterAll(async () => {
    await app?.kill('SIGTERM');
    await fake?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('buy, pay, list, ship with the script, track; refusals exit 1, bad usage 2; the key stays secret', async () => {
    const token = await loginBySms(app, call, '13912340015');
    const srv = { url: app.url } as TestServer;
    const address = await call(addressApi.saveAddress, await addressBody(srv), token);
    expect(address.body.status).toBe(0);
    const sqlite = new SQLite(path.join(dir, 'beikao.sqlite'), { readonly: true });
    const good = sqlite.prepare("SELECT id FROM goods WHERE kind = 'physical' AND on_sale = 1 ORDER BY id LIMIT 1").get() as { id: number };
    const made = await call(order.create, { goods: { [good.id]: 1 }, address_id: address.body.data.id }, token);
    const orderId = made.body.data.id;
    const h5 = await call(order.h5Pay, { id: orderId }, token);
    const prepay = /prepay_id=([^&]+)/.exec(h5.body.data.h5_url ?? '')?.[1];
    const paid = await fetch(`${app.url}${SANDBOX_BASE}/cashier`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prepay_id: prepay, action: 'pay' }),
    });
    expect(paid.status).toBe(200);
    await expect
      .poll(async () => (await call(order.status, { id: orderId }, token)).body.data.is_success, { timeout: 15000, interval: 300 })
      .toBe(1);
    const item = sqlite.prepare('SELECT id FROM order_goods WHERE order_id = ?').get(orderId) as { id: number };

    expect(script('carriers').out).toContain('shunfeng\t顺丰速运');
    const listed = script('list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`#${item.id}  订单 ${made.body.data.order_no}`);
    expect(listed.out).toContain('林晓雨 13812345678 广东省广州市天河区');
    expect(script('ship', String(item.id), 'nowhere', 'YT9100000000001')).toMatchObject({ code: 1 });
    expect(script('ship', String(item.id), 'yuantong').code).toBe(2);
    expect(script('ship', 'abc', 'yuantong', 'YT9100000000001').code).toBe(2);
    expect(script('frobnicate').code).toBe(2);

    fake.setTrack('yuantong', 'YT9100000000001', {
      state: '5',
      data: [{ time: '2026-11-26 08:30:00', context: '【广州市】快递员正在派送' }],
    });
    const shipped = script('ship', String(item.id), 'yuantong', 'YT9100000000001', '--by', '仓库小王');
    expect(shipped).toMatchObject({ code: 0 });
    expect(shipped.out).toContain(`订单商品 ${item.id} 已发货：圆通速递 YT9100000000001`);
    expect(script('ship', String(item.id), 'yuantong', 'YT9100000000001').out).toContain('未作改动');
    const again = script('ship', String(item.id), 'yuantong', 'YT9100000000002');
    expect(again.code).toBe(1);
    expect(again.err).toContain('--add-parcel');
    expect(script('list').out).toContain('没有待发货');

    const track = await call(order.expressPackage, { order_goods_id: item.id }, token);
    expect(track.body.data[0]).toMatchObject({ company: '圆通速递', tracking_no: 'YT9100000000001', state: '派送中', notice: '' });
    expect(fake.requests.at(-1)?.signOk).toBe(true);
    expect(script('track', String(item.id)).out).toContain('【广州市】快递员正在派送');

    // A second parcel whose first query Kuaidi100 refuses (the key it expects changed): logged, answered, not leaked.
    expect(script('ship', String(item.id), 'yuantong', 'YT9100000000002', '--add-parcel').code).toBe(0);
    fake.key = 'rotated-key-on-kuaidi100';
    const refused = await call(order.expressPackage, { order_goods_id: item.id }, token);
    expect(refused.http).toBe(200);
    expect(refused.body.data[1]).toMatchObject({ tracking_no: 'YT9100000000002', notice: '物流信息暂时查询不到，请稍后再试' });
    await app.waitForLine((l) => l.includes('tracking query failed') && l.includes('503'));
    expect(script('track', String(item.id)).out).toContain('签名验证失败');
    sqlite.close();

    const everything = [...app.lines, ...replies, ...outputs].join('\n');
    expect(app.lines.length).toBeGreaterThan(5);
    expect(everything).not.toContain('e2e-secret-key-5b1d0e');
  }, 90000);
});
