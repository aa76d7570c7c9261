import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as auth from '../../src/contract/accounts';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { request } from '../support/api-client';
import { browserSuite, phoneContext } from '../support/browser';
import { loginAs, oauthRound } from '../support/flows';
import { submitCodeForm as submitForm } from '../support/login-form';
import type { TestServer } from '../support/test-server';

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';
const SANDBOX = /\/member\/sandbox\/weixin\/authorize\?/;

const suite = browserSuite();
let server: TestServer;
let context: BrowserContext;
let page: Page;

/** A fresh phone context with WeChat's user agent (the suite's own page is not used here). */
beforeEach(async () => {
  server = suite.server;
  context = await phoneContext(suite.browser, WECHAT_UA);
  page = await context.newPage();
});
afterEach(() => context.close());

let mobileSeq = 0;
const nextMobile = () => `1370000${String(2000 + mobileSeq++).padStart(4, '0')}`;

/** Fills mobile (ticking the login form's consent box), asks for a code, reads it from the dev inbox, fills it and submits. */
const submitCodeForm = (scope: string, mobile: string) => submitForm(page, server, mobile, scope);

const userIdByMobile = async (mobile: string) =>
  (await server.services.db.kysely.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst())?.id;
const identity = (openid: string) =>
  server.services.db.kysely.selectFrom('third_identities').select(['user_id', 'openid']).where('openid', '=', openid).executeTakeFirst();

describe('WeChat browser flow (sandbox OAuth)', () => {
  it('a new visitor goes through OAuth, registers by mobile code and comes back to the page they started on', async () => {
    await page.goto(`${server.url}/news/detail/1?from=share`);
    await page.waitForURL(SANDBOX);
    expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe(`${server.url}/news/detail/1?from=share`);
    await page.click('button:has-text("以新的微信用户授权")');
    await page.waitForURL(/\/user\/mobile_login\/%2Fnews%2Fdetail%2F1%3Ffrom%3Dshare\/[0-9a-f]{16,}$/);
    const mobile = nextMobile();
    await submitCodeForm('form', mobile);
    await page.waitForURL(`${server.url}/news/detail/1?from=share`);
    await expect.poll(() => page.locator('article h1').first().textContent()).toBeTruthy();
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.jwt)).toMatch(/^ey/);
    // The WeChat identity is now bound to the new account.
    const userId = await userIdByMobile(mobile);
    const bound = await server.services.db.kysely
      .selectFrom('third_identities')
      .select('user_id')
      .where('user_id', '=', userId ?? -1)
      .execute();
    expect(bound).toHaveLength(1);
  });

  it('a known visitor (WeChat bound to a mobile) comes straight back, logged in, without code and state', async () => {
    const round = await oauthRound(server, '1');
    const key = (await request(server.url, auth.officialWeixinLogin, { code: round.code, state: round.state })).body.data.data
      .third_auth_key;
    const mobile = nextMobile();
    await loginAs(server, mobile, { third_auth_key: key });
    expect((await identity('sandbox-openid-li'))?.user_id).toBe(await userIdByMobile(mobile));

    await page.goto(`${server.url}/user/bind_mobile`);
    await page.waitForURL(SANDBOX);
    await page.click('button[data-openid="sandbox-openid-li"]');
    await page.waitForURL(`${server.url}/user/bind_mobile`);
    await expect.poll(() => page.locator('[data-testid=result-success]').textContent()).toContain(mobile);
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.jwt)).toMatch(/^ey/);
    // Logged in now: another page opens without another round.
    await page.goto(`${server.url}/news/detail/2`);
    await expect.poll(() => page.locator('article h1').first().textContent()).toBeTruthy();
    expect(page.url()).toBe(`${server.url}/news/detail/2`);
  });

  it('a WeChat-only account is sent to bind a mobile on a needBinding route, then comes back to it', async () => {
    await page.goto(`${server.url}/mall/order/7`);
    await page.waitForURL(SANDBOX);
    await page.click('button:has-text("以仅微信账号授权")');
    await page.waitForURL(`${server.url}/user/bind_mobile?redirect=${encodeURIComponent('/mall/order/7')}`);
    await expect.poll(() => page.locator('.page-user-bind-mobile').textContent()).toContain('已绑定微信：仅微信用户');
    const mobile = nextMobile();
    await submitCodeForm('[data-testid=bind-mobile]', mobile);
    // /mall/order forwards to the order page.
    await page.waitForURL(`${server.url}/order/determine/7/0`);
    expect(await userIdByMobile(mobile)).toBeTypeOf('number');
    // Bound now: the needBinding route opens directly.
    await page.goto(`${server.url}/mall/order/8`);
    await page.waitForURL(`${server.url}/order/determine/8/0`);
  });

  it('shows the server message on the bind form and binds nothing for a mobile of another account', async () => {
    const taken = nextMobile();
    await loginAs(server, taken);
    await page.goto(`${server.url}/exchange-vip`);
    await page.waitForURL(SANDBOX);
    await page.click('button:has-text("以仅微信账号授权")');
    await page.waitForURL(/\/user\/bind_mobile\?redirect=%2Fexchange-vip$/);
    await page.fill('[data-testid=bind-mobile] input[name=mobile]', taken);
    await page.click('[data-testid=bind-mobile] button.send-code');
    await expect.poll(() => page.locator('[data-testid=toast]').textContent()).toContain('该手机号已绑定其他账号');
    expect(page.url()).toContain('/user/bind_mobile');
  });

  it('leaves public pages alone, and other browsers are never sent through OAuth', async () => {
    const toSandbox: string[] = [];
    page.on('request', (r) => {
      if (SANDBOX.test(r.url())) toSandbox.push(r.url());
    });
    await page.goto(`${server.url}/user/agreement/privacy`);
    // The page renders only once the OAuth guard has decided there is nothing to do (while it runs, the app
    // shows a waiting text instead of the page), so the rendered agreement is the event to wait for.
    await expect.poll(() => page.locator('[data-testid=markdown] .bk-md-body').textContent()).toBeTruthy();
    expect(page.url()).toBe(`${server.url}/user/agreement/privacy`);
    expect(toSandbox).toEqual([]);
    await page.goto(`${server.url}/user/mobile_login`);
    await page.waitForSelector('input[name=mobile]');
    expect(page.url()).toBe(`${server.url}/user/mobile_login`);

    const plain = suite.page;
    await plain.goto(`${server.url}/news/detail/3`);
    await expect.poll(() => plain.locator('article h1').first().textContent()).toBeTruthy();
    expect(plain.url()).toBe(`${server.url}/news/detail/3`);
  });
});
