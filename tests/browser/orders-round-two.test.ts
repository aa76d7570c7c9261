import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as course from '../../src/contract/courses';
import * as order from '../../src/contract/orders';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { markPaid } from '../../src/server/areas/orders/order-state';
import { shipItem } from '../../src/server/areas/shipping/order-shipping';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import type { TestServer } from '../support/test-server';
import { createAddress, newUser, type TestUser } from '../support/user-center-flows';

// Issue 24, round two, in a phone browser: a physical good is shipped (待发货 → 已发货 → 已签收, its gift, 包邮, the
// logistics page linked from payment on); a delivery address is deliverable; cancelling at the H5 cashier leaves a
// page that awaits payment with 去支付 and 取消订单 and no spinner; an unpaid order for the same goods is reused; a
// refunded order reads 已退款 in the list; the user home's numbers are real. Screenshots: $SHOTS_H24A (/tmp/shots-h24a).
const SUBJECT = { genus_id: 1, category_id: 1, category_name: '英语四级' };
const SHOTS = process.env.SHOTS_H24A ?? '/tmp/shots-h24a';
const suite = browserSuite({ subject: SUBJECT });
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

/** A fresh user whose token the page finds in storage, with a 30 ms payment poll. */
async function signedIn(): Promise<TestUser> {
  const user = await newUser(server);
  await page.addInitScript(
    ([key, token]) => {
      localStorage.setItem(key, token);
      (window as unknown as Record<string, unknown>).__BEIKAO_PAY_POLL_MS__ = 30;
    },
    [STORAGE_KEYS.jwt, user.token] as const,
  );
  return user;
}

const giftGood = () =>
  db()
    .selectFrom('goods')
    .selectAll()
    .where('kind', '=', 'physical')
    .where('on_sale', '=', 1)
    .where('buy_gift', '!=', '')
    .orderBy('id')
    .executeTakeFirstOrThrow();
const paidCourse = () =>
  db()
    .selectFrom('goods')
    .selectAll()
    .where('kind', '=', 'course')
    .where('on_sale', '=', 1)
    .where('price', '>', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
const ordersOf = (userId: number) => db().selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();

async function checkout(goodId: number) {
  await page.goto(`${server.url}/order/determine/${goodId}/0`);
  await expect.poll(() => page.getByTestId('checkout-submit').isEnabled()).toBe(true);
}

describe('buying a physical good', () => {
  it('checkout shows the gift and 包邮; after paying it is 待发货 with 查看物流, then 已发货 and 已签收', async () => {
    const user = await signedIn();
    await createAddress(server, user);
    const g = await giftGood();
    await checkout(g.id);
    await expect.poll(() => page.getByTestId('checkout-gift').textContent()).toBe(`赠品：${g.buy_gift}`);
    expect(await page.getByTestId('checkout-freight').textContent()).toBe('运费包邮');
    await shot('checkout-physical');

    // Pay at the H5 sandbox cashier and come back.
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL(/\/sandbox\/wechatpay\/cashier\?/);
    const [o] = await ordersOf(user.id);
    if (!o) throw new Error('no order');
    await page.click('button.pay');
    await page.waitForURL(`${server.url}/order/result/${o.id}?from=pay`);
    await expect.poll(() => page.getByTestId('order-result-title').textContent(), { timeout: 25000 }).toBe('待发货');
    const hints = await page.getByTestId('order-result-hint').allTextContents();
    expect(hints.join()).toContain('发货');
    expect(await page.getByText('已为你开通所购内容').count()).toBe(0);
    expect(await page.getByTestId('order-result-gift').textContent()).toBe(`赠品：${g.buy_gift}`);
    expect(await page.getByTestId('order-result-study').count()).toBe(0);
    expect(await page.getByTestId('order-result-confirming').count()).toBe(0);
    await shot('result-physical-paid');

    // The order detail: 待发货, the gift, 包邮, and the logistics page linked before shipping (还未发货).
    await page.goto(`${server.url}/order/detail/${o.id}`);
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('待发货');
    expect(await page.getByText('已购内容可在下方直接学习').count()).toBe(0);
    expect(await page.getByTestId('order-item-ship').textContent()).toBe('待发货');
    expect(await page.getByTestId('order-item-gift').textContent()).toBe(`赠品：${g.buy_gift}`);
    expect(await page.getByTestId('order-freight').textContent()).toBe('包邮');
    await shot('detail-to-ship');
    await page.getByTestId('order-item-logistics').click();
    await page.waitForURL(/\/order\/logistics\/\d+\/\d+$/);
    await expect.poll(() => page.getByText('还未发货').count()).toBe(1);
    await shot('logistics-not-shipped');

    // The list: 待发货, then 已发货 once the operator ships, then 已签收.
    const item = await db().selectFrom('order_goods').selectAll().where('order_id', '=', o.id).executeTakeFirstOrThrow();
    const cardStatus = () => page.getByTestId('order-card').filter({ hasText: o.order_no }).locator('.oc-status').textContent();
    await page.goto(`${server.url}/order/list`);
    await expect.poll(cardStatus).toBe('待发货');
    await shipItem(server.services, { orderGoodsId: item.id, carrier: 'yuantong', trackingNo: 'YT9876543210' });
    await page.reload();
    await expect.poll(cardStatus).toBe('已发货');
    await page.goto(`${server.url}/order/detail/${o.id}`);
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('已发货');
    await shot('detail-shipped');
    await db().updateTable('shipments').set({ state: 'signed' }).where('order_goods_id', '=', item.id).execute();
    await page.goto(`${server.url}/order/list`);
    await expect.poll(cardStatus).toBe('已签收');
    await shot('list-signed');
  });

  it('an address with 全国 is not deliverable: the picker leaves it out and the form says why', async () => {
    const user = await signedIn();
    const now = server.services.clock();
    // An address saved before the rule.
    const old = await db()
      .insertInto('addresses')
      .values({
        user_id: user.id,
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
    await page.goto(`${server.url}/address/edit`);
    await expect.poll(() => page.locator('select[name=district_1] option').count()).toBeGreaterThan(30);
    expect(await page.locator('select[name=district_1] option', { hasText: '全国' }).count()).toBe(0);
    await page.goto(`${server.url}/address/edit/${old.id}`);
    await expect.poll(() => page.locator('input[name=name]').inputValue()).toBe('周明');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByTestId('address-edit-problem').textContent()).toBe('收货地址不能选“全国”，请选择省份、城市和区县');
    await shot('address-nationwide-refused');
    // The server refuses it too, with a message naming the field.
    const res = await request(
      server.url,
      (await import('../../src/contract/addresses')).saveAddress,
      {
        id: old.id,
        name: '周明',
        mobile: '15900001111',
        district_1_id: -1,
        district_1_name: '全国',
        detail: '到付自取，电话联系',
      },
      { token: user.token },
    );
    expect(res.body).toMatchObject({ code: 4000, msg: expect.stringContaining('district_1_id') });
  });
});

describe('paying without dead ends', () => {
  it('取消支付 at the cashier: 待支付 with 去支付 and 取消订单, the spinner only while polling; 取消订单 closes it', async () => {
    const user = await signedIn();
    const statusCalls: number[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/order/status') statusCalls.push(Date.now());
    });
    await checkout((await paidCourse()).id);
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL(/\/sandbox\/wechatpay\/cashier\?/);
    const [o] = await ordersOf(user.id);
    if (!o) throw new Error('no order');
    await page.click('button.cancel');
    await page.waitForURL(`${server.url}/order/result/${o.id}?from=pay`);
    // The poll (20 tries) runs, then the spec's message; no spinner is left.
    await expect
      .poll(() => page.getByTestId('order-result-pay-message').textContent(), { timeout: 20000 })
      .toBe('请稍后刷新页面查看支付结果');
    expect(statusCalls).toHaveLength(20);
    expect(await page.getByTestId('order-result-confirming').count()).toBe(0);
    expect(await page.locator('.or-spinner').count()).toBe(0);
    expect(await page.getByTestId('order-result-title').textContent()).toBe('订单已提交，待支付');
    expect(await page.getByTestId('order-result-pay').textContent()).toMatch(/^去支付 ¥/);
    expect(await page.getByTestId('order-result-cancel').textContent()).toBe('取消订单');
    await shot('result-cancelled-at-cashier');
    // Nothing polls any more.
    await page.waitForTimeout(300);
    expect(statusCalls).toHaveLength(20);

    await page.getByTestId('order-result-cancel').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(toast).toBe('订单已取消');
    await expect.poll(() => page.getByTestId('order-result-title').textContent()).toBe('订单已关闭');
    expect((await ordersOf(user.id))[0]?.status).toBe('close');
    await shot('result-closed');
  });

  it('buying again what an unpaid order holds leads to that order (去支付), not to a second order', async () => {
    const user = await signedIn();
    const g = await paidCourse();
    const first = await request(server.url, order.create, { goods: { [g.id]: 1 } }, { token: user.token });
    expect(first.body.data.status).toBe('pending');
    await checkout(g.id);
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL(`${server.url}/order/result/${first.body.data.id}`);
    await expect.poll(toast).toBe('这些商品已有一笔待支付的订单，请继续支付或取消后再下单');
    await expect.poll(() => page.getByTestId('order-result-pay').isVisible()).toBe(true);
    expect(await page.getByTestId('order-result-cancel').isVisible()).toBe(true);
    expect(await ordersOf(user.id)).toHaveLength(1);
    await shot('result-same-pending');
  });

  it('a fully refunded order reads 已退款 in the order list, not 购买成功', async () => {
    const user = await signedIn();
    const g = await db()
      .selectFrom('goods')
      .selectAll()
      .where('kind', '=', 'ebook')
      .where('price', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const made = await request(server.url, order.create, { goods: { [g.id]: 1 } }, { token: user.token });
    await markPaid(server.services, made.body.data.id, server.services.clock());
    const item = await db().selectFrom('order_goods').selectAll().where('order_id', '=', made.body.data.id).executeTakeFirstOrThrow();
    const now = server.services.clock();
    await db()
      .insertInto('refunds')
      .values({
        order_goods_id: item.id,
        order_id: item.order_id,
        user_id: user.id,
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
    await page.goto(`${server.url}/order/list`);
    const card = page.getByTestId('order-card').filter({ hasText: made.body.data.order_no });
    await expect.poll(() => card.locator('.oc-status').textContent()).toBe('已退款');
    await shot('list-refunded');
  });
});

describe('honest numbers on the user home', () => {
  it('订单 is the number of orders and 学习天数 the days studied', async () => {
    const user = await signedIn();
    const stat = (key: string) => page.locator(`[data-testid=user-stats] [data-stat=${key}] strong`).textContent();
    await page.goto(`${server.url}/user/home`);
    await expect.poll(() => stat('orders')).toBe('0');
    expect(await stat('days')).toBe('0');
    const g = await paidCourse();
    await request(server.url, order.create, { goods: { [g.id]: 1 } }, { token: user.token });
    const free = await db()
      .selectFrom('courses as c')
      .innerJoin('course_videos as v', 'v.course_id', 'c.id')
      .select(['c.id as course_id', 'v.id as video_id'])
      .where('c.is_free', '=', 1)
      .where('c.is_live', '=', 0)
      .where('c.is_single', '=', 1)
      .orderBy('v.id')
      .executeTakeFirstOrThrow();
    expect((await request(server.url, course.progressReport, { ...free, duration: 0 }, { token: user.token })).body.msg).toBe('ok');
    await page.reload();
    await expect.poll(() => stat('orders')).toBe('1');
    expect(await stat('days')).toBe('1');
    await shot('user-home-numbers');
  });
});
