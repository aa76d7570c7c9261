import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as order from '../../src/contract/orders';
import * as user from '../../src/contract/users';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { markPaid } from '../../src/server/areas/orders/order-state';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import { freshMobile, loginAs } from '../support/flows';
import { inboxCode, submitCodeForm } from '../support/login-form';
import type { TestServer } from '../support/test-server';

// 注销账号 (issue 24) as a user goes through it on a 375×667 phone: 我的 → 注销账号 → the agreement → the code sent to
// the bound mobile → the last confirmation → logged out on the home page with 账号已注销; the same mobile then logs in
// to a brand-new account. Screenshots go to /tmp/shots-h24g/.

const SHOTS = '/tmp/shots-h24g';
const suite = browserSuite({ subject: { genus_id: 1, category_id: 1, category_name: '英语四级' } });
let server: TestServer;
let page: Page;
beforeEach(async () => {
  server = suite.server;
  page = suite.page;
  await page.setViewportSize({ width: 375, height: 667 });
  fs.mkdirSync(SHOTS, { recursive: true });
});

const toast = () => page.locator('[data-testid=toast]').textContent();
const shot = (name: string, fullPage = false) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
/** Logs `mobile` in over the API and leaves the token for the page's first load only (the deletion must really log out). */
async function signedInOnce(mobile: string): Promise<string> {
  server.advance(61);
  const { token } = await loginAs(server, mobile);
  await page.addInitScript(
    ([key, t]) => {
      if (sessionStorage.getItem('h24g-signed-in')) return;
      sessionStorage.setItem('h24g-signed-in', '1');
      localStorage.setItem(key, t);
    },
    [STORAGE_KEYS.jwt, token] as const,
  );
  return token;
}
const jwt = () => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.jwt);

/** A paid order of a course for the holder of `token` (so the old account has something the new one must not see). */
async function paidCourse(token: string): Promise<number> {
  const g = await server.services.db.kysely
    .selectFrom('goods')
    .select('id')
    .where('kind', '=', 'course')
    .where('on_sale', '=', 1)
    .where('price', '>', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const made = await request(server.url, order.create, { goods: { [g.id]: 1 } }, { token });
  expect(made.body.msg).toBe('ok');
  expect(await markPaid(server.services, made.body.data.id, server.services.clock())).toBe(true);
  return made.body.data.id;
}

describe('注销账号', () => {
  it('user home → 注销账号 → agreement → code → confirm → logged out at home; the mobile then gets a fresh account', async () => {
    const mobile = freshMobile();
    const oldToken = await signedInOnce(mobile);
    const oldId = (await request(server.url, user.baseInfo, {}, { token: oldToken })).body.data.id as number;
    await paidCourse(oldToken);

    await page.goto(`${server.url}/user/home`);
    const entry = page.getByRole('link', { name: '注销账号' });
    await entry.scrollIntoViewIfNeeded();
    await shot('01-user-home-entry');
    await entry.click();
    await page.waitForURL(`${server.url}/user/cancel`);
    await expect.poll(() => page.title()).toBe('注销账号 - 备考');
    // The agreement is on the page, and where the code goes, masked.
    await expect.poll(() => page.getByTestId('markdown').first().textContent()).toContain('账号注销协议');
    await expect
      .poll(() => page.locator('.sms-fixed-mobile').textContent())
      .toBe(`验证码将发送至 ${mobile.slice(0, 3)}****${mobile.slice(7)}`);
    await shot('02-cancel-page-top');

    // Nothing is sent before the agreement is accepted.
    const form = page.getByTestId('account-cancel');
    await form.scrollIntoViewIfNeeded();
    server.advance(61);
    await form.locator('button.send-code').click();
    await expect.poll(toast).toBe('请先阅读并同意《注销协议》');
    await form.locator('input[name=agree]').check();
    await form.locator('button.send-code').click();
    await expect.poll(toast).toBe('验证码已发送');
    await expect.poll(() => form.locator('button.send-code').textContent()).toMatch(/秒后重发/);
    await form.locator('input[name=code]').fill(await inboxCode(server, mobile));
    await shot('03-cancel-form-filled');

    // 再想想 keeps everything; 确定注销 deletes.
    await form.locator('button[type=submit]').click();
    await expect.poll(() => page.getByTestId('confirm-sheet').isVisible()).toBe(true);
    await shot('04-confirm-dialog');
    await page.getByTestId('confirm-cancel').click();
    expect((await request(server.url, user.baseInfo, {}, { token: oldToken })).body.status).toBe(0);
    await form.locator('button[type=submit]').click();
    await page.getByTestId('confirm-ok').click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(toast).toBe('账号已注销');
    await shot('05-home-after-cancel');
    expect(await jwt()).toBeNull();
    expect((await request(server.url, user.baseInfo, {}, { token: oldToken })).body.code).toBe(4440);

    // The user home now asks for a login; the same mobile logs in to a brand-new account.
    await page.goto(`${server.url}/user/home`);
    await page.waitForURL(/\/user\/mobile_login\//);
    server.advance(61);
    await submitCodeForm(page, server, mobile);
    await page.waitForURL((u) => !u.pathname.startsWith('/user/mobile_login'));
    const token = await jwt();
    expect(token).toBeTruthy();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.isFirst)).toBe('1');
    const me = (await request(server.url, user.baseInfo, {}, { token: token ?? '' })).body.data;
    expect(me).toMatchObject({ mobile, nickname: `备考用户${mobile.slice(-4)}` });
    expect(me.id).not.toBe(oldId);
    await page.goto(`${server.url}/user/home`);
    await expect.poll(() => page.getByTestId('user-info').textContent()).toContain(`备考用户${mobile.slice(-4)}`);
    await expect.poll(() => page.locator('[data-stat=orders] strong').textContent()).toBe('0');
    await page.goto(`${server.url}/user/order`);
    await expect.poll(() => page.locator('body').textContent()).not.toContain('购买成功');
    await shot('06-new-account-orders');
  });

  it('an account with only WeChat is asked to bind a mobile first', async () => {
    const { wechatOnlyUser } = await import('../support/binding-flows');
    const w = await wechatOnlyUser(server);
    await page.addInitScript(([key, t]) => localStorage.setItem(key, t), [STORAGE_KEYS.jwt, w.token] as const);
    await page.goto(`${server.url}/user/cancel`);
    await expect.poll(() => page.locator('body').textContent()).toContain('请先绑定手机号');
    expect(await page.getByTestId('account-cancel').count()).toBe(0);
    const bind = page.getByRole('button', { name: '去绑定手机号' });
    await bind.waitFor();
    await shot('07-wechat-only-bind-first');
    await bind.click();
    await page.waitForURL(`${server.url}/user/bind_mobile?redirect=/user/cancel`);
  });
});
