import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as order from '../../src/contract/orders';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { shipItem } from '../../src/server/areas/shipping/order-shipping';
import type { TrackingProvider } from '../../src/server/providers/tracking/types';
import { TrackingError } from '../../src/server/providers/tracking/types';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import type { TestServer } from '../support/test-server';
import { createAddress, newUser, type TestUser } from '../support/user-center-flows';

// Shipping and tracking in a phone browser: a user buys a physical good through the payment sandbox's
// cashier, the operator ships it, and the user follows 查看物流 to the logistics page and its timeline (the tracking
// sandbox). Screenshots go to $LOGISTICS_SHOTS (default /tmp/logistics-shots).
const SUBJECT = { genus_id: 1, category_id: 1, category_name: '英语四级' };
const SHOTS = process.env.LOGISTICS_SHOTS ?? '/tmp/logistics-shots';
const suite = browserSuite({
  subject: SUBJECT,
  prepare: (context, s) => context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.url }),
});
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

const db = () => server.services.db.kysely;
const toast = () => page.locator('[data-testid=toast]').textContent();
const shot = async (name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};
const physicalGood = () =>
  db()
    .selectFrom('goods')
    .selectAll()
    .where('kind', '=', 'physical')
    .where('on_sale', '=', 1)
    .where('price', '>', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();

async function signedIn(): Promise<TestUser> {
  const user = await newUser(server);
  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [STORAGE_KEYS.jwt, user.token] as const);
  return user;
}

/** Checkout of the physical good → the sandbox's H5 cashier → 确认支付 → back on the result page, paid. */
async function buyPhysical(user: TestUser) {
  await createAddress(server, user, { is_default: 1 });
  const g = await physicalGood();
  await page.goto(`${server.url}/order/determine/${g.id}/0`);
  await expect.poll(() => page.getByTestId('checkout-address').count()).toBe(1);
  await expect.poll(() => page.getByTestId('checkout-submit').isEnabled()).toBe(true);
  await page.getByTestId('checkout-submit').click();
  await page.waitForURL(/\/sandbox\/wechatpay\/cashier\?/);
  await expect.poll(() => page.locator('button.pay').textContent()).toBe('确认支付');
  await page.click('button.pay');
  await page.waitForURL(/\/order\/result\/\d+\?from=pay$/);
  await expect.poll(() => page.getByTestId('order-result-title').textContent(), { timeout: 25000 }).toBe('待发货');
  const o = await db().selectFrom('orders').selectAll().where('user_id', '=', user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect(o.status).toBe('paid');
  const item = await db().selectFrom('order_goods').selectAll().where('order_id', '=', o.id).executeTakeFirstOrThrow();
  return { order: o, item, good: g };
}

describe('logistics page', () => {
  it('buy → 还未发货 → the operator ships → 查看物流 shows the carrier, the number to copy and the growing timeline', async () => {
    const user = await signedIn();
    const { order: o, item, good } = await buyPhysical(user);
    const url = `${server.url}/order/logistics/${o.id}/${item.id}`;

    // Paid, not shipped yet: the order detail reads 待发货 and links 查看物流 already (issue 24); the page explains.
    await page.goto(`${server.url}/order/detail/${o.id}`);
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('待发货');
    expect(await page.getByRole('link', { name: '查看物流' }).count()).toBe(1);
    await page.goto(url);
    await expect.poll(() => page.getByTestId('logistics-not-shipped').textContent()).toContain('还未发货');
    expect(await page.getByTestId('logistics-item').textContent()).toContain(good.name);
    await shot('not-shipped');

    // The operator ships it (what scripts/ops/ship.ts calls).
    const shipped = await shipItem(server.services, { orderGoodsId: item.id, carrier: 'zhongtong', trackingNo: '73100000088888' });
    expect(shipped.outcome).toBe('shipped');

    await page.goto(`${server.url}/order/detail/${o.id}`);
    await page.getByRole('link', { name: '查看物流' }).click();
    await page.waitForURL(url);
    await expect.poll(() => page.getByTestId('logistics-state').textContent()).toBe('待揽收');
    expect(await page.getByTestId('logistics-company').textContent()).toBe('中通快递');
    expect(await page.getByTestId('logistics-no').textContent()).toBe('73100000088888');
    expect(await page.getByTestId('logistics-event').allTextContents()).toEqual([
      expect.stringContaining('商家已发货，包裹等待中通快递揽收'),
    ]);
    expect(await page.locator('.lg-node-address').textContent()).toContain('广东省广州市天河区');
    expect(await page.title()).toContain('物流信息');

    // A day and a half later: in transit, newest first, times in China time.
    server.advance(36 * 3600);
    await page.reload();
    await expect.poll(() => page.getByTestId('logistics-state').textContent()).toBe('运输中');
    const reply = (await request(server.url, order.expressPackage, { order_goods_id: item.id }, { token: user.token })).body.data[0];
    const events = reply?.events ?? [];
    expect(events.length).toBeGreaterThanOrEqual(6);
    const shown = await page.getByTestId('logistics-event').allTextContents();
    expect(shown).toHaveLength(events.length);
    events.forEach((e, i) => {
      const china = new Date((e.time + 8 * 3600) * 1000).toISOString().slice(5, 16).replace('T', ' ');
      expect(shown[i]).toContain(e.text);
      expect(shown[i]).toContain(china);
    });
    expect(shown[0]).toMatch(/^运输中/);
    expect(shown.at(-1)).toContain('商家已发货');

    await page.getByRole('button', { name: '复制' }).click();
    await expect.poll(toast).toBe('复制成功');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('73100000088888');
    // Wait for the toast to go before the picture.
    await expect.poll(() => page.locator('[data-testid=toast]').count(), { timeout: 5000 }).toBe(0);
    await shot('in-transit');
    // Nothing is cut off or overflowing sideways on a 390 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Signed for: the header turns to 已签收.
    server.advance(3 * 86400);
    await page.reload();
    await expect.poll(() => page.getByTestId('logistics-state').textContent()).toBe('已签收');
    await shot('signed');
  });

  it('another user sees not-found; a second parcel gets tabs; a failing provider shows its notice', async () => {
    const user = await signedIn();
    const { order: o, item } = await buyPhysical(user);
    await shipItem(server.services, { orderGoodsId: item.id, carrier: 'shunfeng', trackingNo: 'SF1000000088881' });
    const url = `${server.url}/order/logistics/${o.id}/${item.id}`;

    // The tracking service is down for the second parcel, which was never answered.
    const real = server.services.providers.tracking;
    const down: TrackingProvider = {
      name: 'kuaidi100',
      query: async () => {
        throw new TrackingError('快递100查询失败：HTTP 502', 'http_502');
      },
    };
    await page.goto(url);
    await expect.poll(() => page.getByTestId('logistics-state').textContent()).toBe('待揽收');
    server.services.providers.tracking = down;
    try {
      await shipItem(server.services, { orderGoodsId: item.id, carrier: 'yuantong', trackingNo: 'YT1000000088882', mode: 'add' });
      await page.reload();
      await expect.poll(() => page.getByRole('tab').count()).toBe(2);
      await page.getByRole('tab', { name: '包裹 2' }).click();
      await expect.poll(() => page.getByTestId('logistics-notice').textContent()).toBe('物流信息暂时查询不到，请稍后再试');
      expect(await page.getByTestId('logistics-state').textContent()).toBe('已发货');
      expect(await page.getByTestId('logistics-event').count()).toBe(0);
      expect(await page.getByTestId('logistics-no').textContent()).toBe('YT1000000088882');
      await shot('query-failed');
      await page.getByRole('tab', { name: '包裹 1' }).click();
      await expect.poll(() => page.getByTestId('logistics-no').textContent()).toBe('SF1000000088881');
      expect(await page.getByTestId('logistics-notice').count()).toBe(0);
    } finally {
      server.services.providers.tracking = real;
    }

    // An unpaid order of the same good: nothing to ship yet, and the page says why.
    const address = await createAddress(server, user);
    const made = await request(
      server.url,
      order.create,
      { goods: { [(await physicalGood()).id]: 1 }, address_id: address.id },
      { token: user.token },
    );
    expect(made.body.data.status).toBe('pending');
    const unpaidItem = await db()
      .selectFrom('order_goods')
      .select('id')
      .where('order_id', '=', made.body.data.id)
      .executeTakeFirstOrThrow();
    await page.goto(`${server.url}/order/logistics/${made.body.data.id}/${unpaidItem.id}`);
    await expect.poll(() => page.getByTestId('logistics-unpaid').textContent()).toContain('订单尚未支付');
    await page.getByRole('link', { name: '查看订单' }).click();
    await page.waitForURL(`${server.url}/order/detail/${made.body.data.id}`);
    // An item that is not in the order of the link is not found.
    await page.goto(`${server.url}/order/logistics/${made.body.data.id}/${item.id}`);
    await expect.poll(() => page.getByTestId('logistics-error').textContent()).toContain('物流信息不存在');

    // Someone else's item: refused like a missing one, with the way back to the orders.
    const stranger = await newUser(server);
    const context = await suite.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    try {
      const other = await context.newPage();
      await other.addInitScript(
        ([jwtKey, token, subjectKey, subject]) => {
          localStorage.setItem(jwtKey, token);
          localStorage.setItem(subjectKey, subject);
        },
        [STORAGE_KEYS.jwt, stranger.token, STORAGE_KEYS.examContext, JSON.stringify(SUBJECT)] as const,
      );
      await other.goto(url);
      // The order is not theirs: the one not-found screen, as for a missing order (issue 24).
      const gone = other.getByTestId('not-found-screen');
      await expect.poll(() => gone.locator('h1').textContent()).toBe('物流信息不存在');
      expect(await other.locator('#root').textContent()).not.toContain('SF1000000088881');
      expect(await other.getByTestId('logistics-error').count()).toBe(0);
      expect(await gone.getByRole('link', { name: '查看全部订单' }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
