import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as goods from '../../src/contract/catalog';
import * as order from '../../src/contract/orders';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import type { TestServer } from '../support/test-server';
import { createAddress, newUser, type TestUser } from '../support/user-center-flows';

// Orders, the VIP buy page and code redemption. 英语四级 (genus 1, category 1) is chosen.
const SUBJECT = { genus_id: 1, category_id: 1, category_name: '英语四级' };
const suite = browserSuite({ subject: SUBJECT });
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

/** A fresh user whose token the page finds in storage. */
async function signedIn(): Promise<TestUser> {
  const user = await newUser(server);
  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [STORAGE_KEYS.jwt, user.token] as const);
  return user;
}

async function subjectGoods() {
  const res = await request(server.url, goods.list, { ...SUBJECT, offset: 0, limit: 50 });
  expect(res.body.status).toBe(0);
  return res.body.data;
}

async function placeOrder(user: TestUser, goodId: number, addressId?: number) {
  const res = await request(server.url, order.create, { goods: { [goodId]: 1 }, address_id: addressId }, { token: user.token });
  expect(res.body.msg).toBe('ok');
  return res.body.data;
}

const cardOf = (orderNo: string) => page.getByTestId('order-card').filter({ hasText: orderNo });

describe('order pages', () => {
  it('a pending order is listed under 待支付, counts down in its detail, and 取消订单 closes it', async () => {
    const user = await signedIn();
    const address = await createAddress(server, user);
    const physical = (await subjectGoods()).find((g) => g.kind === 'physical' && g.stock > 0 && g.price > 0);
    if (!physical) throw new Error('the seed has no physical good for the subject');
    const made = await placeOrder(user, physical.id, address.id);
    expect(made.status).toBe('pending');

    for (const path of ['/order/list', '/user/order']) {
      await page.goto(`${server.url}${path}`);
      await expect.poll(() => cardOf(made.order_no).count()).toBe(1);
      await page.getByRole('tab', { name: '待支付' }).click();
      await expect.poll(() => cardOf(made.order_no).locator('.oc-status').textContent()).toBe('待支付');
      await page.getByRole('tab', { name: '已关闭' }).click();
      await expect.poll(() => page.getByText('没有已关闭的订单').count()).toBe(1);
      await page.getByRole('tab', { name: '待支付' }).click();
    }
    expect(await cardOf(made.order_no).textContent()).toContain(physical.name);

    await cardOf(made.order_no).click();
    await page.waitForURL(`${server.url}/order/detail/${made.id}`);
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('待支付');
    expect(await page.getByText('请尽快完成支付').count()).toBe(1);
    const first = await page.getByTestId('order-countdown').textContent();
    expect(first).toMatch(/^剩余 \d\d:\d\d，超时订单将自动关闭$/);
    await expect.poll(() => page.getByTestId('order-countdown').textContent(), { timeout: 4000 }).not.toBe(first);
    expect(await page.locator('.od-address').textContent()).toContain('林晓雨');
    expect(await page.getByTestId('order-no').textContent()).toBe(made.order_no);
    // A pending order offers 去支付 next to 取消订单.
    expect(await page.getByRole('button', { name: '去支付' }).count()).toBe(1);

    await page.getByRole('button', { name: '取消订单' }).click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('订单已关闭');
    expect(await page.locator('.od-row', { hasText: '关闭原因' }).textContent()).toContain('已取消');
    expect(await page.getByRole('button', { name: '取消订单' }).count()).toBe(0);

    // Closing again is refused by the server with its message.
    const again = await request(server.url, order.close, { id: made.id }, { token: user.token });
    expect(again.body.msg).toBe('订单已关闭');

    await page.goto(`${server.url}/order/list`);
    await page.getByRole('tab', { name: '已关闭' }).click();
    await expect.poll(() => cardOf(made.order_no).locator('.oc-status').textContent()).toBe('订单已关闭');
    await page.getByRole('tab', { name: '待支付' }).click();
    await expect.poll(() => page.getByText('没有待支付的订单').count()).toBe(1);
    await page.getByRole('button', { name: '去商城逛逛' }).click();
    await page.waitForURL(`${server.url}/mall/index`);
  });

  it('the count-down follows the server clock and, at 0, re-reads the order: closed for 超时未支付', async () => {
    const user = await signedIn();
    const course = (await subjectGoods()).find((g) => g.kind === 'course' && g.price > 0);
    if (!course) throw new Error('the seed has no paid course good for the subject');
    const made = await placeOrder(user, course.id);
    // The server's clock runs 3 s short of the order's automatic closing; the device's clock is 30 minutes behind it.
    server.advance(made.expires_at - server.services.clock() - 3);
    await page.goto(`${server.url}/order/detail/${made.id}`);
    await expect.poll(() => page.getByTestId('order-countdown').textContent()).toMatch(/^剩余 00:0[0-5]，/);
    await expect.poll(() => page.getByTestId('order-status').textContent(), { timeout: 12000 }).toBe('订单已关闭');
    expect(await page.locator('.od-row', { hasText: '关闭原因' }).textContent()).toContain('超时未支付');
  });

  it('a free e-book order is paid at once: 购买成功, 去学习 opens the reader, /order/content redirects', async () => {
    const user = await signedIn();
    const free = (await subjectGoods()).find((g) => g.kind === 'ebook' && g.price === 0);
    if (!free) throw new Error('the seed has no free e-book good for the subject');
    const made = await placeOrder(user, free.id);
    expect(made.status).toBe('paid');
    const detail = await request(server.url, order.detail, { id: made.id }, { token: user.token });
    const item = detail.body.data.items[0];
    if (!item) throw new Error('the order has no item');
    expect(item.content_path).toMatch(/^\/ebook\//);

    await page.goto(`${server.url}/order/list`);
    await page.getByRole('tab', { name: '已购买' }).click();
    await expect.poll(() => cardOf(made.order_no).locator('.oc-status').textContent()).toBe('购买成功');
    await cardOf(made.order_no).click();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('购买成功');
    await page.getByRole('link', { name: '去学习' }).click();
    await page.waitForURL((u) => u.pathname + u.search === item.content_path);

    await page.goto(`${server.url}/order/content/${item.id}`);
    await page.waitForURL((u) => u.pathname + u.search === item.content_path);
    // Replaced: going back never lands on /order/content again.
    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe(`/order/content/${item.id}`);
  });

  it('/order/content of an unpaid item explains and links to the order; a missing order shows the one not-found screen', async () => {
    const user = await signedIn();
    const course = (await subjectGoods()).find((g) => g.kind === 'course' && g.price > 0);
    if (!course) throw new Error('the seed has no paid course good for the subject');
    const made = await placeOrder(user, course.id);
    const detail = await request(server.url, order.detail, { id: made.id }, { token: user.token });
    await page.goto(`${server.url}/order/content/${detail.body.data.items[0]?.id}`);
    await expect.poll(() => page.getByText('订单未支付').count()).toBe(1);
    await page.getByRole('button', { name: '查看订单' }).click();
    await page.waitForURL(`${server.url}/order/detail/${made.id}`);

    const missing = await request(server.url, order.detail, { id: 999999 }, { token: user.token });
    expect(missing.body.code).toBe(4004);
    await page.goto(`${server.url}/order/detail/999999`);
    await expect.poll(() => page.getByTestId('not-found-screen').locator('h1').textContent()).toBe('订单不存在');
    expect(await page.locator('#root').textContent()).not.toContain('999999');
    expect(await page.getByTestId('not-found-link').textContent()).toBe('查看全部订单');
  });
});

describe('VIP', () => {
  it('redeems the demo code at /exchange-vip and the VIP card shows on /user/home; an expired code is refused inline', async () => {
    await signedIn();
    await page.goto(`${server.url}/exchange-vip`);
    const input = page.getByLabel('兑换码');
    await input.fill('bkdemoold0001');
    expect(await input.inputValue()).toBe('BKDEMOOLD0001');
    await page.getByRole('button', { name: '立即兑换' }).click();
    await expect.poll(() => page.getByTestId('vip-exchange-error').textContent()).toBe('兑换码已过期');

    await input.fill('bkdemo-cet30a2');
    expect(await input.inputValue()).toBe('BKDEMO-CET30A2');
    await page.getByRole('button', { name: '立即兑换' }).click();
    await expect.poll(() => page.getByTestId('vip-exchange-done').textContent()).toMatch(/兑换成功：四六级VIP 有效期至 \d{4}-\d\d-\d\d/);
    await page.getByRole('button', { name: '查看我的会员' }).click();
    await page.waitForURL(`${server.url}/user/home`);
    await expect.poll(() => page.getByTestId('vip-card').textContent()).toContain('四六级VIP');
  });

  it('the VIP buy page lists the plans and 立即开通 goes to the order page with the referrer', async () => {
    await signedIn();
    await page.goto(`${server.url}/activity/vip/buy`);
    await expect.poll(() => page.getByTestId('vip-plan').count()).toBeGreaterThan(0);
    const plans = (await subjectGoods()).filter((g) => g.kind === 'vip');
    expect(await page.getByTestId('vip-plan').count()).toBe(plans.length);
    const chosen = plans.find((p) => !p.is_hot) ?? plans[0];
    if (!chosen) throw new Error('the seed has no VIP good for the subject');
    await page.getByTestId('vip-plan').filter({ hasText: chosen.name }).click();
    await page.getByTestId('vip-open').click();
    await page.waitForURL(`${server.url}/activity/vip-buy-determine/${chosen.id}/0`);

    await page.goto(`${server.url}/activity/vip/7`);
    await expect.poll(() => page.getByTestId('vip-plan').count()).toBe(plans.length);
    await page.getByTestId('vip-open').click();
    await page.waitForURL(/\/activity\/vip-buy-determine\/\d+\/7$/);
  });
});
