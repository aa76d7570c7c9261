import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as auth from '../../src/contract/accounts';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { request } from '../support/api-client';
import { browserSuite, phoneContext } from '../support/browser';
import { freshMobile, loginAs, oauthRound } from '../support/flows';
import type { TestServer } from '../support/test-server';
import { newUser } from '../support/user-center-flows';

// The client pay flow against the payment sandbox: inside WeChat with a fake WeixinJSBridge (the JSAPI
// path), and the H5 cashier in a plain phone browser. Screenshots go to $PAY_SHOTS (default /tmp/pay-shots).
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';
const SUBJECT = { genus_id: 1, category_id: 1, category_name: '英语四级' };
const SHOTS = process.env.PAY_SHOTS ?? '/tmp/pay-shots';

const suite = browserSuite({ subject: SUBJECT });
let server: TestServer;
let context: BrowserContext | undefined;
let page: Page;

beforeEach(() => {
  server = suite.server;
  page = suite.page;
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

const db = () => server.services.db.kysely;
const toast = () => page.locator('[data-testid=toast]').textContent();
const shot = async (name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** A paid course good (cheapest first) the new user does not own. */
const paidCourse = () =>
  db()
    .selectFrom('goods')
    .selectAll()
    .where('kind', '=', 'course')
    .where('on_sale', '=', 1)
    .where('price', '>', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
const orderOf = async (userId: number) =>
  db().selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirstOrThrow();

/** The fake bridge: `pay` / `cancel` / `fail` post that action to the sandbox cashier, then answer like WeChat;
 * `ok-unpaid` answers ok without paying; `none` leaves WeixinJSBridge out (the SDK never gets ready). */
type BridgeMode = 'pay' | 'cancel' | 'fail' | 'ok-unpaid' | 'none';

/**
 * A user who logged in through the WeChat OAuth sandbox (a new WeChat identity bound by an SMS login, so order.pay
 * finds the openid), in a WeChat-UA phone context with the fake bridge and a 30 ms poll interval.
 */
async function wechatPage(mode: BridgeMode): Promise<{ userId: number }> {
  const round = await oauthRound(server, 'new');
  const key = (await request(server.url, auth.officialWeixinLogin, { code: round.code, state: round.state })).body.data.data.third_auth_key;
  const login = await loginAs(server, freshMobile(), { third_auth_key: key });
  context = await phoneContext(suite.browser, WECHAT_UA);
  await context.addInitScript(
    ([jwtKey, token, subjectKey, subject]) => {
      localStorage.setItem(jwtKey, token);
      localStorage.setItem(subjectKey, subject);
    },
    [STORAGE_KEYS.jwt, login.token, STORAGE_KEYS.examContext, JSON.stringify(SUBJECT)] as const,
  );
  await context.addInitScript((m: BridgeMode) => {
    const w = window as unknown as Record<string, unknown>;
    w.__BEIKAO_PAY_POLL_MS__ = 30;
    w.__payInvocations = [];
    if (m === 'none') return;
    w.WeixinJSBridge = {
      invoke(name: string, params: { package: string }, cb: (r: { err_msg: string }) => void) {
        (w.__payInvocations as unknown[]).push({ name, params });
        if (m === 'ok-unpaid') {
          setTimeout(() => cb({ err_msg: 'get_brand_wcpay_request:ok' }), 20);
          return;
        }
        const prepay_id = params.package.replace(/^prepay_id=/, '');
        fetch('/sandbox/wechatpay/cashier', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ prepay_id, action: m }),
        }).then(() => cb({ err_msg: `get_brand_wcpay_request:${m === 'pay' ? 'ok' : m}` }));
      },
    };
  }, mode);
  page = await context.newPage();
  return { userId: login.user.id };
}

async function checkout(goodId: number) {
  await page.goto(`${server.url}/order/determine/${goodId}/0`);
  await expect.poll(() => page.getByTestId('checkout-submit').isEnabled()).toBe(true);
  await page.getByTestId('checkout-submit').click();
}

describe('paying inside WeChat (JSAPI, fake WeixinJSBridge)', () => {
  it('pays at checkout, polls to success: 支付成功, 购买成功 and the course opens', async () => {
    const { userId } = await wechatPage('pay');
    const g = await paidCourse();
    await checkout(g.id);
    await page.waitForURL(/\/order\/result\/\d+$/);
    await expect.poll(toast).toBe('支付成功');
    await expect.poll(() => page.getByTestId('order-result-title').textContent()).toBe('购买成功');
    const o = await orderOf(userId);
    expect(o.status).toBe('paid');
    const calls =
      (await page.evaluate(
        () => (window as unknown as { __payInvocations: { name: string; params: Record<string, string> }[] }).__payInvocations,
      )) ?? [];
    expect(calls).toHaveLength(1);
    expect(calls[0]?.name).toBe('getBrandWCPayRequest');
    expect(calls[0]?.params).toMatchObject({ signType: 'RSA', package: expect.stringMatching(/^prepay_id=/) });
    await shot('wechat-paid');
    await page.getByTestId('order-result-study').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/order/'));
  });

  it('cancel: 支付已取消, the order stays pending and the result page offers 立即支付', async () => {
    const { userId } = await wechatPage('cancel');
    await checkout((await paidCourse()).id);
    await page.waitForURL(/\/order\/result\/\d+$/);
    await expect.poll(toast).toBe('支付已取消');
    await expect.poll(() => page.getByTestId('order-result-pay').isVisible()).toBe(true);
    expect((await orderOf(userId)).status).toBe('pending');
    await shot('wechat-pending');
  });

  it('an error from WeChat Pay: 未知错误 on the order detail’s 去支付, the order stays pending', async () => {
    const { userId } = await wechatPage('fail');
    // Checkout pays at once and fails; then the order detail's 去支付 fails the same way.
    const g = await paidCourse();
    await page.goto(`${server.url}/order/determine/${g.id}/0`);
    await expect.poll(() => page.getByTestId('checkout-submit').isEnabled()).toBe(true);
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL(/\/order\/result\/\d+$/);
    await expect.poll(toast).toBe('未知错误');
    const o = await orderOf(userId);
    expect(o.status).toBe('pending');
    await page.goto(`${server.url}/order/detail/${o.id}`);
    await expect.poll(() => page.getByTestId('order-pay').textContent()).toBe('去支付');
    await page.getByTestId('order-pay').click();
    await expect.poll(toast).toBe('未知错误');
    expect((await orderOf(userId)).status).toBe('pending');
  });

  it('polling timeout: the bridge says ok but nothing is paid → 20 polls → 请稍后刷新页面查看支付结果', async () => {
    const { userId } = await wechatPage('ok-unpaid');
    await checkout((await paidCourse()).id);
    const statusCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/order/status') statusCalls.push(r.url());
    });
    await page.waitForURL(/\/order\/result\/\d+$/, { timeout: 20000 });
    await expect.poll(toast).toBe('请稍后刷新页面查看支付结果');
    expect(statusCalls).toHaveLength(20);
    expect((await orderOf(userId)).status).toBe('pending');
    // 立即支付 on the result page runs the same flow: the message stays on the page.
    statusCalls.length = 0;
    await page.getByTestId('order-result-pay').click();
    await expect
      .poll(() => page.getByTestId('order-result-pay-message').textContent(), { timeout: 20000 })
      .toBe('请稍后刷新页面查看支付结果');
    expect(statusCalls).toHaveLength(20);
    await shot('wechat-timeout');
  });

  it('SDK not ready (WeChat UA without WeixinJSBridge): 微信支付加载失败', async () => {
    const { userId } = await wechatPage('none');
    await checkout((await paidCourse()).id);
    await page.waitForURL(/\/order\/result\/\d+$/, { timeout: 15000 });
    await expect.poll(toast).toBe('微信支付加载失败');
    expect((await orderOf(userId)).status).toBe('pending');
  });
});

describe('paying in a phone browser (H5 cashier)', () => {
  it('checkout → sandbox cashier → 确认支付 → back on the result page → 购买成功 → the course opens', async () => {
    const user = await newUser(server);
    await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [STORAGE_KEYS.jwt, user.token] as const);
    const g = await paidCourse();
    await checkout(g.id);
    await page.waitForURL(/\/sandbox\/wechatpay\/cashier\?/);
    const o = await orderOf(user.id);
    expect(new URL(page.url()).searchParams.get('redirect_url')).toBe(`/order/result/${o.id}?from=pay`);
    await expect.poll(() => page.locator('button.pay').textContent()).toBe('确认支付');
    await shot('h5-cashier');
    await page.click('button.pay');
    await page.waitForURL(`${server.url}/order/result/${o.id}?from=pay`);
    await expect.poll(() => page.getByTestId('order-result-title').textContent(), { timeout: 25000 }).toBe('购买成功');
    expect((await orderOf(user.id)).status).toBe('paid');
    await shot('h5-paid');
    await page.getByTestId('order-result-study').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/order/'));
  });

  it('取消支付 at the cashier: back on the result page, still pending, 立即支付 goes to the cashier again', async () => {
    const user = await newUser(server);
    await page.addInitScript(
      ([key, token]) => {
        localStorage.setItem(key, token);
        (window as unknown as Record<string, unknown>).__BEIKAO_PAY_POLL_MS__ = 30;
      },
      [STORAGE_KEYS.jwt, user.token] as const,
    );
    await checkout((await paidCourse()).id);
    await page.waitForURL(/\/sandbox\/wechatpay\/cashier\?/);
    const o = await orderOf(user.id);
    await page.click('button.cancel');
    await page.waitForURL(`${server.url}/order/result/${o.id}?from=pay`);
    await expect.poll(() => page.getByTestId('order-result-pay-message').textContent()).toBe('请稍后刷新页面查看支付结果');
    expect((await orderOf(user.id)).status).toBe('pending');
    await shot('h5-back-unpaid');
    await page.getByTestId('order-result-pay').click();
    await page.waitForURL(/\/sandbox\/wechatpay\/cashier\?/);
  });
});
