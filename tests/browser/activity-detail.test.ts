import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as activity from '../../src/contract/activities';
import { ENDED_WINDOW, signedIn, smallPhone, TEST_ACTIVITY_TEXT, UPCOMING_WINDOW } from '../support/activity-pages';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import { freshMobile } from '../support/flows';
import { submitCodeForm } from '../support/login-form';
import { pagesDirWithFixtures } from '../support/pages-dir';
import type { TestServer } from '../support/test-server';
import { newUser, type TestUser } from '../support/user-center-flows';

/** The seeded referral (pages-config/_activities/cet-invite-friends.json): running, prizes at 1, 3 and 5 invitees. */
const ID = 1001;

/** Beside the real pages and activities: one activity that has not started yet and one that has ended. */
const pages = pagesDirWithFixtures();
const other = {
  type: 'referral',
  subtitle: '邀请同学一起刷题',
  rules: { qualifyBy: 'bound_mobile', dailyCap: 20 },
  prizes: [{ id: 'words', name: '高频词汇笔记', kind: 'ebook', refId: 1, quantity: 10, threshold: 1 }],
  ...TEST_ACTIVITY_TEXT,
};
const UPCOMING = 9101;
const ENDED = 9102;
pages.write('_activities/test-upcoming.json', {
  ...other,
  id: UPCOMING,
  title: '寒假刷题打卡',
  ...UPCOMING_WINDOW,
});
pages.write('_activities/test-ended.json', {
  ...other,
  id: ENDED,
  title: '国庆刷题打卡',
  ...ENDED_WINDOW,
});
const suite = browserSuite({ server: { config: { pagesDir: pages.dir } } });
afterAll(() => pages.remove());
let server: TestServer;
let page: Page;
/** A context of this file's own (the 375×667 phone of the screenshots), closed after its test. */
let own: BrowserContext | undefined;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});
afterEach(async () => {
  await own?.close();
  own = undefined;
});

/** Switches the test to a 375×667 phone (the screenshots' size) with the same device traits as the suite's phone. */
async function onSmallPhone(): Promise<void> {
  own = await smallPhone(suite.browser);
  page = await own.newPage();
  requested = [];
  page.on('request', (r) => requested.push(r.url()));
}
/** What the small phone's page has asked for. */
let requested: string[] = [];
/** Whether the Markdown renderer's chunk (react-markdown) has been fetched. */
const markdownFetched = () => requested.some((url) => /\/assets\/react-markdown-[^/]*\.js$/.test(url));

const prizes = () => page.locator('[data-testid=activity-prizes] li');
const prize = (id: string) => page.locator(`[data-testid=activity-prizes] li[data-prize="${id}"]`);
const section = (title: string) => page.locator('[data-testid=container]', { has: page.locator('h2', { hasText: title }) });
const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

const signIn = (user: TestUser) => signedIn(page, user.token);

/** What the page copies goes to `window.__copied` (the clipboard of a headless browser is not readable). */
async function recordClipboard(): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          (window as unknown as { __copied: string }).__copied = text;
        },
      },
    });
  });
}

async function screenshot(name: string): Promise<void> {
  // Let the banner, fonts and any toast settle, then the whole page.
  await page.waitForLoadState('networkidle');
  await page.getByTestId('toast').waitFor({ state: 'detached' });
  // The shell's draggable feedback button is left out: a full-page capture resizes the viewport for a moment and the
  // button, kept inside the viewport, jumps to the top-left corner (on a phone it sits at the right edge).
  await page.screenshot({ path: `/tmp/activity-${name}.png`, fullPage: true, style: '.feedback-button { visibility: hidden; }' });
}

describe('activity detail page (/activity/detail/:activityId)', () => {
  it('anonymous: header with phase and count-down, prizes say 登录后领取, 8 numbered rules, the disclosure, no invite record, no made-up winners', async () => {
    await onSmallPhone();
    await page.goto(`${server.url}/activity/detail/${ID}`);
    await expect.poll(() => prizes().count()).toBe(3);
    expect(await page.locator('h1', { hasText: '约上好友一起备考四六级' }).count()).toBe(1);
    expect(await page.title()).toContain('约上好友一起备考四六级');
    const countdown = page.getByTestId('countdown');
    expect(await countdown.textContent()).toContain('进行中 · 距结束还有');
    expect(await countdown.locator('[role=timer]').count()).toBe(1);

    const buttons = prizes().locator('button');
    expect(await buttons.allTextContents()).toEqual(['登录后领取', '登录后领取', '登录后领取']);
    expect(await prize('cet-words-notes').textContent()).toContain('邀请 1 位好友');
    expect(await prize('cet-words-notes').textContent()).toContain('剩余 500 份');
    // No progress track for a visitor: there is nobody to count.
    expect(await page.getByTestId('activity-progress').count()).toBe(0);

    const rules = section('活动规则');
    expect(await rules.locator('ol > li').count()).toBe(8);
    expect(await rules.locator('ol > li').first().textContent()).toContain('活动时间');
    const disclosure = section('活动公示');
    for (const label of ['奖品设置', '参与条件', '领取方式', '发放方式', '主办方', '联系方式'])
      expect(await disclosure.getByText(label).count()).toBe(1);
    expect(await disclosure.textContent()).toContain('备考团队');
    // Both came as the server's HTML: the Markdown renderer is never fetched for them.
    expect(markdownFetched()).toBe(false);

    expect(await section('我的邀请记录').count()).toBe(0);
    expect(await page.getByText('复制邀请链接').count()).toBe(0);
    // Nobody has won on this fresh server: the marquee is not there at all.
    expect(await page.getByTestId('activity-winners').count()).toBe(0);

    await screenshot('anonymous');

    // 登录后领取 opens the login page, which comes back here.
    await buttons.first().click();
    await page.waitForURL((u) => u.pathname === `/user/mobile_login/${encodeURIComponent(`/activity/detail/${ID}`)}`);
  });

  it('a referrer with one qualified invitee: progress, a locked prize says why, the invite record, and claiming the first prize turns it 已领取', async () => {
    const referrer = await newUser(server);
    const invitee = await newUser(server);
    const invited = await request(
      server.url,
      activity.invite,
      { id: ID, referrer_id: referrer.id, fromActivity: 'link' },
      { token: invitee.token },
    );
    expect(invited.body.data).toEqual({ status: 'qualified', status_text: '已生效' });
    await onSmallPhone();
    await signIn(referrer);
    await recordClipboard();
    await page.goto(`${server.url}/activity/detail/${ID}`);

    const first = prize('cet-words-notes').locator('button');
    await expect.poll(() => first.textContent()).toBe('领取');
    await expect.poll(() => first.isEnabled()).toBe(true);
    expect(await page.getByTestId('activity-progress').textContent()).toContain('已邀请 1 位有效好友');
    const locked = prize('cet-vip-7');
    expect(await locked.getAttribute('data-state')).toBe('locked');
    expect(await locked.textContent()).toContain('还差 2 位有效好友即可领取');
    expect(await locked.locator('button').isDisabled()).toBe(true);

    const record = section('我的邀请记录');
    await expect.poll(() => record.locator('li').count()).toBe(1);
    expect(await record.locator('li').textContent()).toContain('已生效');
    expect(await record.locator('li').textContent()).toContain(masked(invitee.mobile));

    // The referrer's own link, as a full link on this site.
    await page.getByRole('button', { name: '复制邀请链接' }).click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe('复制成功');
    expect(await page.evaluate(() => (window as unknown as { __copied?: string }).__copied)).toBe(
      `${server.url}/activity/detail/${ID}?referrer_id=${referrer.id}`,
    );

    await screenshot('referrer-before-claim');
    await first.click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('领取成功');
    await expect.poll(() => first.textContent()).toBe('已领取');
    expect(await first.isDisabled()).toBe(true);
    expect(await prize('cet-words-notes').textContent()).toContain('剩余 499 份');
    // The winners marquee now shows this real winner, masked.
    await expect.poll(() => page.getByTestId('activity-winners').textContent()).toContain(masked(referrer.mobile));
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot('logged-in');
  });

  it('a claim the server refuses shows its Chinese message and the prize list is reloaded', async () => {
    const referrer = await newUser(server);
    const invitee = await newUser(server);
    await request(server.url, activity.invite, { id: ID, referrer_id: referrer.id }, { token: invitee.token });
    await signIn(referrer);
    await page.goto(`${server.url}/activity/detail/${ID}`);
    const first = prize('cet-words-notes').locator('button');
    await expect.poll(() => first.textContent()).toBe('领取');
    // Claimed meanwhile elsewhere (another tab): this page still offers 领取, the server refuses with its reason.
    const elsewhere = await request(server.url, activity.finishGift, { id: ID, gift_id: 'cet-words-notes' }, { token: referrer.token });
    expect(elsewhere.body.status).toBe(0);
    const details: string[] = [];
    page.on('request', (r) => r.url().includes('/api/activity/detail') && details.push(r.url()));
    await first.click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('已领取过');
    await expect.poll(() => first.textContent()).toBe('已领取');
    expect(details.length).toBeGreaterThanOrEqual(1);
  });

  it('a new user opening a referral link records the invite once, silently; the referrer sees it', async () => {
    const referrer = await newUser(server);
    const invitee = await newUser(server);
    await signIn(invitee);
    const invites: string[] = [];
    page.on('request', (r) => r.url().includes('/api/activity/invite?') && r.method() === 'POST' && invites.push(r.url()));
    await page.goto(`${server.url}/activity/detail/${ID}?referrer_id=${referrer.id}`);
    await expect.poll(() => prizes().count()).toBe(3);
    await expect.poll(() => invites.length).toBe(1);
    const rows = await request(server.url, activity.inviteRecord, { id: ID }, { token: referrer.token });
    expect(rows.body.data).toHaveLength(1);
    expect(rows.body.data[0]).toMatchObject({ status: 'qualified', mobile: masked(invitee.mobile) });
    const row = await server.services.db.kysely
      .selectFrom('activity_invites')
      .select(['source', 'referrer_id'])
      .where('invitee_id', '=', invitee.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ source: 'link', referrer_id: referrer.id });
    // Silent: no toast; and still once after the page has settled.
    await page.waitForLoadState('networkidle');
    expect(invites).toHaveLength(1);
    expect(await page.getByTestId('toast').count()).toBe(0);
    // The invitee's own record is empty and says so.
    await expect.poll(() => section('我的邀请记录').textContent()).toContain('还没有邀请记录');
  });

  it('a visitor with a referral link logs in from the page, comes back to the link and is recorded as invited', async () => {
    const referrer = await newUser(server);
    await page.goto(`${server.url}/activity/detail/${ID}?referrer_id=${referrer.id}`);
    await page.getByRole('button', { name: '登录参与活动' }).click();
    await page.waitForURL(/\/user\/mobile_login\//);
    const mobile = freshMobile();
    await submitCodeForm(page, server, mobile);
    await page.waitForURL((u) => u.pathname === `/activity/detail/${ID}` && u.search === `?referrer_id=${referrer.id}`);
    await expect.poll(() => prize('cet-words-notes').getAttribute('data-state')).toBe('locked');
    const rows = async () => (await request(server.url, activity.inviteRecord, { id: ID }, { token: referrer.token })).body.data;
    await expect.poll(async () => (await rows()).map((r) => r.mobile)).toEqual([masked(mobile)]);
  });

  it('before the start: 未开始 with a count-down to the start; after the end: 已结束 and no invite area', async () => {
    await page.goto(`${server.url}/activity/detail/${UPCOMING}`);
    await expect.poll(() => prizes().count()).toBe(1);
    expect(await page.getByTestId('countdown').textContent()).toMatch(/^未开始 · 距开始还有\d+天/);
    expect(await prizes().locator('button').allTextContents()).toEqual(['未开始']);
    expect(await prizes().locator('button').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: '登录参与活动' }).count()).toBe(1);

    await page.goto(`${server.url}/activity/detail/${ENDED}`);
    await expect.poll(() => page.locator('h1', { hasText: '国庆刷题打卡' }).count()).toBe(1);
    expect(await page.getByTestId('countdown').textContent()).toContain('活动已结束');
    expect(await prizes().locator('button').allTextContents()).toEqual(['已结束']);
    expect(await page.getByRole('button', { name: '登录参与活动' }).count()).toBe(0);
  });

  it('a bad id in the route shows the one not-found screen (活动不存在) with a way back', async () => {
    await page.goto(`${server.url}/activity/detail/424242`);
    await expect.poll(() => page.getByTestId('not-found-screen').locator('h1').textContent()).toBe('活动不存在');
    expect(await page.getByTestId('not-found-home').count()).toBe(1);
    expect(await page.getByText('内容不存在或已下架').count()).toBe(0);
    expect(await prizes().count()).toBe(0);
  });
});
