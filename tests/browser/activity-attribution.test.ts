import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { browserSuite, phoneContext } from '../support/browser';
import { freshMobile } from '../support/flows';
import { submitCodeForm } from '../support/login-form';
import type { TestServer } from '../support/test-server';
import { newUser } from '../support/user-center-flows';

/** The seeded referral (pages-config/_activities/cet-invite-friends.json). */
const ID = 1001;
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';
const SANDBOX = /\/member\/sandbox\/weixin\/authorize\?/;

const suite = browserSuite();
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

const inviteOf = (mobile: string) =>
  server.services.db.kysely
    .selectFrom('activity_invites as i')
    .innerJoin('users as u', 'u.id', 'i.invitee_id')
    .select(['i.referrer_id', 'i.source', 'i.status'])
    .where('u.mobile', '=', mobile)
    .executeTakeFirst();

describe('referral attribution through the real flows (issue 23)', () => {
  it('a plain browser: the referrer is named, the visitor browses elsewhere, logs in later and counts for that referrer', async () => {
    const referrer = await newUser(server);
    await page.goto(`${server.url}/activity/detail/${ID}?referrer_id=${referrer.id}&from=poster`);
    const banner = page.getByTestId('activity-referrer');
    await expect.poll(() => banner.textContent()).toContain('邀请你一起参加活动');
    expect(await banner.textContent()).toMatch(/好友「.+」/);
    await page.screenshot({ path: '/tmp/activity-referrer-banner.png', style: '.feedback-button { visibility: hidden; }' });
    // The ticket is kept on the device: the visitor goes on to other pages first.
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.attribution)).toContain('ticket');
    await page.goto(`${server.url}/news/list`);
    await page.goto(`${server.url}/user/mobile_login`);
    const mobile = freshMobile();
    await submitCodeForm(page, server, mobile);
    await page.waitForURL((u) => !u.pathname.startsWith('/user/mobile_login'));
    await expect.poll(() => inviteOf(mobile)).toEqual({ referrer_id: referrer.id, source: 'poster', status: 'qualified' });
    // Redeemed: the device forgets the ticket.
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.attribution)).toBeNull();
  });

  it('in WeChat: the link goes through OAuth (new WeChat user, register = 1), the mobile login with thirdAuthKey, and counts', async () => {
    const referrer = await newUser(server);
    context = await phoneContext(suite.browser, WECHAT_UA);
    page = await context.newPage();
    const link = `${server.url}/activity/detail/${ID}?referrer_id=${referrer.id}&from=qr`;
    await page.goto(link);
    await page.waitForURL(SANDBOX);
    await page.click('button:has-text("以新的微信用户授权")');
    await page.waitForURL(/\/user\/mobile_login\/[^/]+\/[0-9a-f]{16,}$/);
    // The browser loses its storage on the way (another WebView): the ticket rides the OAuth state and the key.
    await page.evaluate((k) => localStorage.removeItem(k), STORAGE_KEYS.attribution);
    const mobile = freshMobile();
    await submitCodeForm(page, server, mobile);
    await page.waitForURL(link);
    await expect.poll(() => page.getByTestId('activity-prizes').count()).toBe(1);
    await expect.poll(() => inviteOf(mobile)).toEqual({ referrer_id: referrer.id, source: 'qr', status: 'qualified' });
  });

  it('a referral link of an activity that has ended names nobody and keeps nothing', async () => {
    const referrer = await newUser(server);
    await page.goto(`${server.url}/activity/detail/999999?referrer_id=${referrer.id}`);
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('activity-referrer').count()).toBe(0);
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.attribution)).toBeNull();
  });
});
