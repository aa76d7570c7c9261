import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { browserSuite } from '../support/browser';
import type { TestServer } from '../support/test-server';
import { createAddress, newUser, type TestUser } from '../support/user-center-flows';

// Checkout (order-checkout) and the result page (order-result) against the real server and the demo goods.
const suite = browserSuite({ subject: { genus_id: 1, category_id: 1, category_name: '英语四级' } });
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

const db = () => server.services.db.kysely;
const toast = () => page.locator('[data-testid=toast]').textContent();
const submit = () => page.getByTestId('checkout-submit');

async function goodOf(kind: string, price: 'free' | 'paid' = 'paid') {
  let q = db().selectFrom('goods').selectAll().where('kind', '=', kind).where('on_sale', '=', 1);
  q = price === 'free' ? q.where('price', '=', 0) : q.where('price', '>', 0);
  return q.orderBy('id').executeTakeFirstOrThrow();
}
const ordersOf = (u: TestUser) => db().selectFrom('orders').selectAll().where('user_id', '=', u.id).execute();

/** A pending order goes on to WeChat Pay's H5 cashier (the sandbox's): leave it unpaid and open the result page. */
async function leaveCashier() {
  await page.waitForURL(/\/sandbox\/wechatpay\/cashier\?/);
  const back = new URL(page.url()).searchParams.get('redirect_url') ?? '';
  await page.goto(server.url + back.replace(/[?&]from=pay$/, ''));
}

/** A brand-new logged-in user whose token the page finds in storage. */
async function signedIn(): Promise<TestUser> {
  const user = await newUser(server);
  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [STORAGE_KEYS.jwt, user.token] as const);
  return user;
}

describe('checkout', () => {
  it('physical good: the default address is preselected, quantity and remark go into a pending order with its count-down', async () => {
    const user = await signedIn();
    await createAddress(server, user, { name: '林晓雨', is_default: 0 });
    const home = await createAddress(server, user, { name: '周子墨', detail: '中山大道西 8 号 2 栋 501', is_default: 1 });
    const g = await goodOf('physical');

    await page.goto(`${server.url}/order/determine/${g.id}/0`);
    await expect.poll(() => page.getByTestId('checkout-address').getAttribute('data-id')).toBe(String(home.id));
    expect(await page.getByTestId('checkout-address').textContent()).toContain('周子墨');

    // Change via the sheet and back.
    await page.getByTestId('checkout-address').click();
    await expect.poll(() => page.getByTestId('checkout-address-option').count()).toBe(2);
    await page.getByTestId('checkout-address-option').filter({ hasText: '周子墨' }).click();
    await expect.poll(() => page.getByTestId('checkout-address-sheet').count()).toBe(0);

    await page.getByTestId('checkout-plus').click();
    await expect.poll(() => page.getByTestId('checkout-qty').textContent()).toBe('2');
    const yuan = (fen: number) => (fen / 100).toFixed(2).replace(/\.00$/, '');
    expect(await page.getByTestId('checkout-total').textContent()).toBe(`¥${yuan(g.price * 2)}`);
    expect(await page.getByTestId('checkout-line').textContent()).toContain(`${g.name} × 2`);
    await page.getByTestId('checkout-remark').fill('工作日白天送到前台');
    expect(await page.getByTestId('checkout-remark-count').textContent()).toBe('9/200');

    await submit().click();
    await leaveCashier();
    const orders = await ordersOf(user);
    expect(orders).toHaveLength(1);
    const order = orders[0] as (typeof orders)[number];
    expect(order).toMatchObject({ status: 'pending', total: g.price * 2, remark: '工作日白天送到前台' });
    expect(JSON.parse(order.address).name).toBe('周子墨');
    expect(page.url()).toBe(`${server.url}/order/result/${order.id}`);
    await expect.poll(() => page.getByTestId('order-result-title').textContent()).toBe('订单已提交，待支付');
    expect(await page.getByTestId('order-result-amount').textContent()).toBe(`¥${yuan(g.price * 2)}`);
    await expect.poll(() => page.getByTestId('order-result-countdown').textContent()).toMatch(/^(29|30):\d\d 后订单自动关闭$/);
    expect(await page.getByTestId('order-result-pay').textContent()).toBe(`去支付 ¥${yuan(g.price * 2)}`);
    expect(await page.getByTestId('order-result-detail').getAttribute('href')).toBe(`/order/detail/${order.id}`);
  });

  it('without an address a physical order cannot be sent; 新增收货地址 returns to the checkout', async () => {
    const user = await signedIn();
    const g = await goodOf('physical');
    await page.goto(`${server.url}/order/determine/${g.id}/0`);
    await expect.poll(() => page.getByTestId('checkout-reason').textContent()).toBe('请先添加收货地址再提交订单');
    expect(await submit().isDisabled()).toBe(true);
    const href = await page.getByTestId('checkout-address-add').getAttribute('href');
    expect(href).toBe(`/address/edit?returnTo=${encodeURIComponent(`/order/determine/${g.id}/0`)}`);
    // The form's way back: an address saved there (here one made over the API, then saved in the form) returns to the checkout, preselected.
    const a = await createAddress(server, user);
    await page.goto(`${server.url}/address/edit/${a.id}${href?.slice('/address/edit'.length)}`);
    await expect.poll(() => page.locator('[data-testid=address-edit] button[type=submit]').isEnabled()).toBe(true);
    await page.locator('[data-testid=address-edit] button[type=submit]').click();
    await page.waitForURL(`${server.url}/order/determine/${g.id}/0`);
    await expect.poll(() => page.getByTestId('checkout-address').getAttribute('data-id')).toBe(String(a.id));
    expect(await submit().isDisabled()).toBe(false);
  });

  it('virtual good: no address asked, fixed quantity, a pending order', async () => {
    const user = await signedIn();
    const g = await goodOf('course');
    await page.goto(`${server.url}/order/determine/${g.id}/0`);
    await expect.poll(() => page.getByTestId('checkout-good').count()).toBe(1);
    expect(await page.getByTestId('checkout-address').count()).toBe(0);
    expect(await page.getByTestId('checkout-stepper').count()).toBe(0);
    await submit().click();
    await leaveCashier();
    const orders = await ordersOf(user);
    expect(orders.map((o) => [o.status, o.total, o.address])).toEqual([['pending', g.price, '']]);
  });

  it('free e-book: 购买成功 at once and 去学习 opens the reader; afterwards the checkout says 已购买', async () => {
    const user = await signedIn();
    const g = await goodOf('ebook', 'free');
    await page.goto(`${server.url}/order/determine/${g.id}/0`);
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('¥0');
    await submit().click();
    await page.waitForURL(/\/order\/result\/\d+$/);
    await expect.poll(() => page.getByTestId('order-result-title').textContent()).toBe('购买成功');
    expect((await ordersOf(user)).map((o) => o.status)).toEqual(['paid']);
    await page.getByTestId('order-result-study').click();
    await page.waitForURL(new RegExp(`/ebook/read/${g.ref_id}`));

    await page.goto(`${server.url}/order/determine/${g.id}/0`);
    await expect.poll(() => page.getByTestId('checkout-owned').count()).toBe(1);
    expect(await page.getByTestId('checkout-open-owned').getAttribute('href')).toBe(`/ebook/read/${g.ref_id}`);
  });

  it('a double tap on 提交订单 makes one order, and so does a retry after a lost reply', async () => {
    const user = await signedIn();
    await createAddress(server, user);
    const g = await goodOf('physical');
    await page.goto(`${server.url}/order/determine/${g.id}/0`);
    await expect.poll(() => submit().isEnabled()).toBe(true);

    // The reply of the first send is lost (the server made the order): the screen stays and a second tap resends.
    const keys: string[] = [];
    let lose = true;
    await page.route(
      (u) => u.pathname === '/api/goods/order',
      async (route) => {
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        const res = await route.fetch();
        if (lose) {
          lose = false;
          await route.abort('connectionreset');
        } else await route.fulfill({ response: res });
      },
    );
    // Two synchronous taps (no render in between), twice.
    const tapTwice = () =>
      submit().evaluate((b: HTMLButtonElement) => {
        b.click();
        b.click();
      });
    await tapTwice();
    await expect.poll(() => submit().isEnabled()).toBe(true);
    expect(await ordersOf(user)).toHaveLength(1);
    await tapTwice();
    // The retry finds the unpaid order the lost reply made (the same goods) and leads to it, without a second
    // goods.order (issue 24); the server's Idempotency-Key replay is covered by tests/api/mall-orders.test.ts.
    await page.waitForURL(/\/order\/result\/\d+$/);
    const orders = await ordersOf(user);
    expect(orders).toHaveLength(1);
    expect(page.url()).toBe(`${server.url}/order/result/${orders[0]?.id}`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_.:-]{8,64}$/);
  });

  it('a refused order (sold out meanwhile) shows the server’s 库存不足 and stays on the checkout', async () => {
    const user = await signedIn();
    await createAddress(server, user);
    const g = await goodOf('physical');
    await page.goto(`${server.url}/order/determine/${g.id}/0`);
    await expect.poll(() => submit().isEnabled()).toBe(true);
    await db().updateTable('goods').set({ stock: 0 }).where('id', '=', g.id).execute();
    try {
      await submit().click();
      await expect.poll(toast).toContain('库存不足');
      expect(page.url()).toContain('/order/determine/');
      expect(await ordersOf(user)).toHaveLength(0);
      expect(await submit().isEnabled()).toBe(true);
    } finally {
      await db().updateTable('goods').set({ stock: g.stock }).where('id', '=', g.id).execute();
    }
  });

  it('several VIP goods in one order, quantities 1–10, and an unknown good says so', async () => {
    const user = await signedIn();
    const vips = await db()
      .selectFrom('goods')
      .selectAll()
      .where('kind', '=', 'vip')
      .where('on_sale', '=', 1)
      .orderBy('id')
      .limit(2)
      .execute();
    expect(vips.length).toBe(2);
    await page.goto(`${server.url}/activity/vip-buy-determine/${vips.map((v) => v.id).join(',')}/0`);
    await expect.poll(() => page.getByTestId('checkout-good').count()).toBe(2);
    const plus = page.getByTestId('checkout-plus').first();
    for (let i = 0; i < 12; i++) if (await plus.isEnabled()) await plus.click();
    expect(await page.getByTestId('checkout-qty').first().textContent()).toBe('10');
    await submit().click();
    await leaveCashier();
    await page.waitForURL(/\/activity\/vip-buy-result\?orderId=\d+$/);
    await expect.poll(() => page.getByTestId('order-result-item').count()).toBe(2);
    const [o] = await ordersOf(user);
    const [v1, v2] = vips as [(typeof vips)[number], (typeof vips)[number]];
    expect(o?.total).toBe(v1.price * 10 + v2.price);

    await page.goto(`${server.url}/order/determine/99999999/0`);
    await expect.poll(() => page.getByTestId('checkout-gone').textContent()).toContain('商品不存在或已下架');
    // Off sale: the same.
    await db().updateTable('goods').set({ on_sale: 0 }).where('id', '=', v2.id).execute();
    try {
      await page.goto(`${server.url}/order/determine/${v2.id}/0`);
      await expect.poll(() => page.getByTestId('checkout-gone').count()).toBe(1);
    } finally {
      await db().updateTable('goods').set({ on_sale: 1 }).where('id', '=', v2.id).execute();
    }
  });
});
