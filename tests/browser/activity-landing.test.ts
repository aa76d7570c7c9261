import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as activity from '../../src/contract/activities';
import { ENDED_WINDOW, SHOT, signedIn, smallPhone, TEST_ACTIVITY_TEXT, UPCOMING_WINDOW } from '../support/activity-pages';
import { request } from '../support/api-client';
import { wechatOnlyUser } from '../support/binding-flows';
import { browserSuite } from '../support/browser';
import { freshMobile } from '../support/flows';
import { submitCodeForm } from '../support/login-form';
import { pagesDirWithFixtures } from '../support/pages-dir';
import type { TestServer } from '../support/test-server';
import { newUser } from '../support/user-center-flows';

/** The seeded activities (pages-config/_activities/): the referral, the register gift (72 h) and the VIP share. */
const REFERRAL = 1001;
const GIFT = 1002;
const VIP = 1004;
const SHOTS = '/tmp/shots-h3';
fs.mkdirSync(`${SHOTS}/parts`, { recursive: true });

/** Beside the real pages and activities: register gifts before the start, after the end, and one with a single unit. */
const pages = pagesDirWithFixtures();
const gift = {
  type: 'register_gift',
  subtitle: '注册就送刷题礼包',
  rules: { newUserWithinHours: 72 },
  prizes: [{ id: 'words', name: '电子书《高频词汇笔记》', kind: 'ebook', refId: 1, quantity: 1 }],
  ...TEST_ACTIVITY_TEXT,
};
const UPCOMING = 9201;
const ENDED = 9202;
const SCARCE = 9203;
pages.write('_activities/test-gift-upcoming.json', {
  ...gift,
  id: UPCOMING,
  title: '寒假新人礼',
  ...UPCOMING_WINDOW,
});
pages.write('_activities/test-gift-ended.json', {
  ...gift,
  id: ENDED,
  title: '国庆新人礼',
  ...ENDED_WINDOW,
});
pages.write('_activities/test-gift-scarce.json', {
  ...gift,
  id: SCARCE,
  title: '限量新人礼',
  startsAt: '2026-11-01T00:00:00+08:00',
  endsAt: '2099-01-01T00:00:00+08:00',
});
const suite = browserSuite({ server: { config: { pagesDir: pages.dir } } });
afterAll(() => pages.remove());
let server: TestServer;
let page: Page;
let own: BrowserContext | undefined;
beforeEach(async () => {
  server = suite.server;
  // Every test on the 375×667 phone of the screenshots, with the suite phone's device traits.
  own = await smallPhone(suite.browser);
  page = await own.newPage();
});
afterEach(async () => {
  await own?.close();
  own = undefined;
});

const prizes = () => page.locator('[data-testid=activity-prizes] li');
const prize = (id: string) => page.locator(`[data-testid=activity-prizes] li[data-prize="${id}"]`);
const section = (title: string) => page.locator('[data-testid=container]', { has: page.locator('h2', { hasText: title }) });
const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

const signIn = (token: string) => signedIn(page, token);

async function screenshot(name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.getByTestId('toast').waitFor({ state: 'detached' });
  await page.evaluate(() => window.scrollTo(0, 0));
  const style = '.feedback-button { visibility: hidden; }';
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, style });
  // The same page in screen-high parts, for a closer look at a long page.
  if (process.env.SHOT_PARTS) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0, i = 1; y < height; y += SHOT.height, i += 1) {
      const clip = { x: 0, y, width: SHOT.width, height: Math.min(SHOT.height, height - y) };
      await page.screenshot({ path: `${SHOTS}/parts/${name}-${i}.png`, fullPage: true, clip, style });
    }
  }
}

async function inviteRecord(id: number, token: string) {
  return (await request(server.url, activity.inviteRecord, { id }, { token })).body.data;
}

describe('invitee landing (/activity/invite_download)', () => {
  it('a visitor with a referral: who invites, the three gifts say 登录后领取, the download section; login comes back here', async () => {
    const referrer = await newUser(server);
    const self = `/activity/invite_download?activity_id=${GIFT}&referrer_id=${referrer.id}&from=poster`;
    await page.goto(`${server.url}${self}`);
    await expect.poll(() => prizes().count()).toBe(3);
    expect(await page.locator('h1', { hasText: '新同学注册礼' }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('activity-referrer').textContent()).toContain('邀请你参加「新同学注册礼」');
    expect(await prizes().locator('button').allTextContents()).toEqual(['登录后领取', '登录后领取', '登录后领取']);
    expect(await page.getByTestId('countdown').first().textContent()).toContain('进行中');
    // The download section: the app, and no store button pointing anywhere while no store link is configured
    // (ANDROID_DOWNLOAD_URL / IOS_DOWNLOAD_URL unset): the web app instead (activity-download-links.test.ts).
    const download = page.getByTestId('download');
    expect(await download.count()).toBe(1);
    expect(await download.locator('.download-ios, .download-android, a[href^="http"]').count()).toBe(0);
    expect(await download.locator('a.download-web').getAttribute('href')).toBe('/');
    await section('活动规则').scrollIntoViewIfNeeded();
    await expect.poll(() => section('活动规则').locator('ol > li').count()).toBe(6);
    await screenshot('invite-download-visitor');

    await page.getByRole('button', { name: '登录领取礼包' }).click();
    await page.waitForURL((u) => u.pathname === `/user/mobile_login/${encodeURIComponent(self)}`);
    const mobile = freshMobile();
    await submitCodeForm(page, server, mobile);
    await page.waitForURL((u) => u.pathname === '/activity/invite_download' && u.search === self.slice(self.indexOf('?')));
    // Back on the landing page as a brand-new user: the gifts can be claimed, and the invite went to the referrer.
    await expect.poll(() => prize('cet-reading-bank').locator('button').textContent()).toBe('领取');
    await expect.poll(async () => (await inviteRecord(GIFT, referrer.token)).map((r) => r.mobile)).toEqual([masked(mobile)]);
  });

  it('a new user claims a register gift: 已领取, one less in stock; all three claimed says so', async () => {
    const user = await newUser(server);
    await signIn(user.token);
    await page.goto(`${server.url}/activity/invite_download`);
    const first = prize('cet-reading-bank').locator('button');
    await expect.poll(() => first.textContent()).toBe('领取');
    expect(await page.getByTestId('activity-referrer').count()).toBe(0);
    expect(await page.getByRole('button', { name: '登录领取礼包' }).count()).toBe(0);
    await screenshot('invite-download-new-user');
    await first.click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('领取成功');
    await expect.poll(() => first.textContent()).toBe('已领取');
    expect(await first.isDisabled()).toBe(true);
    expect(await prize('cet-reading-bank').textContent()).toContain('剩余 1999 份');
    await screenshot('invite-download-claimed-one');

    for (const id of ['cet-listening-course', 'cet-vip-3']) {
      const button = prize(id).locator('button');
      await expect.poll(() => button.textContent()).toBe('领取');
      await button.click();
      await expect.poll(() => button.textContent()).toBe('已领取');
    }
    await expect.poll(() => page.getByText('礼包已全部领取').count()).toBe(1);
    await screenshot('invite-download-all-claimed');
  });

  it('a WeChat-only user is asked to bind a mobile first, with a way back here', async () => {
    const user = await wechatOnlyUser(server);
    await signIn(user.token);
    await page.goto(`${server.url}/activity/invite_download?activity_id=${GIFT}`);
    await expect.poll(() => page.getByRole('button', { name: '去绑定手机号' }).count()).toBe(1);
    await page.getByRole('button', { name: '去绑定手机号' }).click();
    await page.waitForURL((u) => u.pathname === '/activity/bind_mobile');
    const url = new URL(page.url());
    expect(url.searchParams.get('activity_id')).toBe(String(GIFT));
    expect(url.searchParams.get('back')).toBe(`/activity/invite_download?activity_id=${GIFT}`);
  });
});

describe('the states of a register gift on the landing page', () => {
  it('before the start: a count-down and 未开始; after the end: 已结束 and no login box', async () => {
    await page.goto(`${server.url}/activity/invite_download?activity_id=${UPCOMING}`);
    await expect.poll(() => prizes().count()).toBe(1);
    expect(await page.getByTestId('countdown').textContent()).toMatch(/^未开始 · 距开始还有\d+天/);
    expect(await prizes().locator('button').allTextContents()).toEqual(['未开始']);
    expect(await page.getByRole('button', { name: '登录领取礼包' }).count()).toBe(1);
    await screenshot('invite-download-upcoming');

    await page.goto(`${server.url}/activity/invite_download?activity_id=${ENDED}`);
    await expect.poll(() => page.locator('h1', { hasText: '国庆新人礼' }).count()).toBe(1);
    expect(await page.getByTestId('countdown').textContent()).toContain('本期礼包已停止领取');
    expect(await prizes().locator('button').allTextContents()).toEqual(['已结束']);
    expect(await page.getByRole('button', { name: '登录领取礼包' }).count()).toBe(0);
    await screenshot('invite-download-ended');
  });

  it('the last unit taken by someone else: 已领完 for the next new user', async () => {
    const first = await newUser(server);
    const took = await request(server.url, activity.receiveRegisterGift, { activity_id: SCARCE, gift_id: 'words' }, { token: first.token });
    expect(took.body.msg).toBe('ok');
    const next = await newUser(server);
    await signIn(next.token);
    await page.goto(`${server.url}/activity/invite_download?activity_id=${SCARCE}`);
    const button = prize('words').locator('button');
    await expect.poll(() => button.textContent()).toBe('已领完');
    expect(await button.isDisabled()).toBe(true);
    expect(await prize('words').textContent()).toContain('剩余 0 份');
    await screenshot('invite-download-sold-out');
  });
});

describe('common problems (/activity/common-problem)', () => {
  it('answers as the engine works: rewards after qualifying, daily caps, one per mobile, refunds revoke, the address', async () => {
    await page.goto(`${server.url}/activity/common-problem`);
    const text = page.getByTestId('markdown');
    await expect.poll(() => text.count()).toBe(1);
    const all = (await text.textContent()) ?? '';
    for (const words of ['有效好友', '每日上限', '每个手机号也限领 1 份', '退款', '默认收货地址', 'service@beikao.example'])
      expect(all).toContain(words);
    expect(all).not.toContain('5 分钟');
    await screenshot('common-problem');
  });
});

describe('download page (/activity/download)', () => {
  it('shows the app, what it offers and where the prizes are; no link to a host that does not exist', async () => {
    await page.goto(`${server.url}/activity/download?activity_id=${GIFT}`);
    await expect.poll(() => page.getByTestId('download').count()).toBe(1);
    expect(await page.getByTestId('download').textContent()).toContain('备考 App');
    await expect.poll(() => section('活动奖品去哪里看').textContent()).toContain('新同学注册礼');
    expect(await page.locator('a[href*="beikao.example"]').count()).toBe(0);
    expect(await page.locator('img[src="/icons/icon.svg"]').count()).toBe(1);
    await screenshot('download');
    await page.getByRole('button', { name: '返回活动' }).click();
    await page.waitForURL((u) => u.pathname === `/activity/detail/${GIFT}`);
  });
});

describe('bind mobile for an activity (/activity/bind_mobile)', () => {
  it('a WeChat-only invitee binds a fresh mobile: the invite counts at once and the page goes back', async () => {
    const referrer = await newUser(server);
    const invitee = await wechatOnlyUser(server);
    const invited = await request(server.url, activity.invite, { id: REFERRAL, referrer_id: referrer.id }, { token: invitee.token });
    expect(invited.body.data?.status).toBe('pending');
    await signIn(invitee.token);
    const back = `/activity/task-invite/${referrer.id}/${REFERRAL}`;
    await page.goto(`${server.url}/activity/bind_mobile?activity_id=${REFERRAL}&back=${encodeURIComponent(back)}`);
    await expect.poll(() => page.getByTestId('bind-mobile').count()).toBe(1);
    expect(await page.locator('h1', { hasText: '绑定手机号后参加活动' }).count()).toBe(1);
    await expect.poll(() => page.getByText('约上好友一起备考四六级').count()).toBeGreaterThan(0);
    await screenshot('bind-mobile-form');
    const mobile = freshMobile();
    await submitCodeForm(page, server, mobile);
    await page.waitForURL((u) => u.pathname === back);
    const rows = await inviteRecord(REFERRAL, referrer.token);
    expect(rows.map((r) => [r.mobile, r.status])).toEqual([[masked(mobile), 'qualified']]);
  });

  it('without back it returns to the activity; an account with a mobile sees 已绑定手机号 138****1234', async () => {
    const user = await newUser(server);
    await signIn(user.token);
    await page.goto(`${server.url}/activity/bind_mobile?activity_id=${VIP}&back=${encodeURIComponent('https://evil.example.com/')}`);
    await expect.poll(() => page.getByText(`已绑定手机号 ${masked(user.mobile)}`).count()).toBe(1);
    expect(await page.getByTestId('bind-mobile').count()).toBe(0);
    await screenshot('bind-mobile-already-bound');
    await page.getByRole('button', { name: '返回活动' }).click();
    await page.waitForURL((u) => u.pathname === `/activity/detail/${VIP}`);
  });

  it('a visitor is asked to log in and comes back to the page', async () => {
    await page.goto(`${server.url}/activity/bind_mobile?activity_id=${REFERRAL}`);
    await expect.poll(() => page.getByText('请先登录').count()).toBe(1);
    await screenshot('bind-mobile-visitor');
    await page.getByRole('button', { name: '手机号登录' }).click();
    await page.waitForURL(
      (u) => u.pathname === `/user/mobile_login/${encodeURIComponent(`/activity/bind_mobile?activity_id=${REFERRAL}`)}`,
    );
  });
});

describe('invitee task page (/activity/task-invite/:referrer_id/:type)', () => {
  it('a visitor sees who invites, the three steps, the prizes and a login button; a new user logged in is recorded', async () => {
    const referrer = await newUser(server);
    const path = `/activity/task-invite/${referrer.id}/${REFERRAL}`;
    await page.goto(`${server.url}${path}`);
    await expect.poll(() => page.getByTestId('activity-referrer').textContent()).toContain('邀请你参加「约上好友一起备考四六级」');
    const steps = section('你的任务');
    expect(await steps.locator('.card-item').allTextContents()).toEqual([
      expect.stringContaining('注册备考'),
      expect.stringContaining('绑定手机号'),
      expect.stringContaining('完成首次学习'),
    ]);
    expect(await prizes().count()).toBe(3);
    expect(await page.getByRole('button', { name: '登录接受邀请' }).count()).toBe(1);
    await screenshot('task-invite-visitor');
    await page.getByRole('button', { name: '登录接受邀请' }).click();
    await page.waitForURL((u) => u.pathname === `/user/mobile_login/${encodeURIComponent(path)}`);

    const invitee = await newUser(server);
    await own?.close();
    own = await suite.browser.newContext({ serviceWorkers: 'block', viewport: SHOT, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    page = await own.newPage();
    await signIn(invitee.token);
    await page.goto(`${server.url}${path}`);
    await expect.poll(() => page.getByRole('button', { name: '去学习' }).count()).toBe(1);
    await expect.poll(async () => (await inviteRecord(REFERRAL, referrer.token)).map((r) => r.mobile)).toEqual([masked(invitee.mobile)]);
    await screenshot('task-invite-invitee');
    await page.getByRole('button', { name: '去学习' }).click();
    await page.waitForURL((u) => u.pathname === '/' || u.pathname.startsWith('/study'));
  });
});

describe('VIP rewards (/activity/vip/receive) and the VIP landing (/activity/vip/:referrerId)', () => {
  it('a visitor sees the VIP prizes and a login button back here', async () => {
    await page.goto(`${server.url}/activity/vip/receive`);
    await expect.poll(() => prizes().count()).toBe(2);
    expect(await prizes().locator('button').allTextContents()).toEqual(['登录后领取', '登录后领取']);
    // Blocks below the first screen render a frame after it (src/runtime/BlockTree.tsx useStepCount).
    await expect.poll(() => page.getByRole('button', { name: '登录领会员' }).count()).toBe(1);
    await screenshot('vip-receive-visitor');
    await page.getByRole('button', { name: '登录领会员' }).click();
    await page.waitForURL((u) => u.pathname === `/user/mobile_login/${encodeURIComponent(`/activity/vip/receive?activity_id=${VIP}`)}`);
  });

  it('a referrer with one qualified friend: progress, claims 7 days, 30 days still locked, the record and the poster button', async () => {
    const referrer = await newUser(server);
    const invitee = await newUser(server);
    const invited = await request(
      server.url,
      activity.invite,
      { id: VIP, referrer_id: referrer.id, fromActivity: 'poster' },
      { token: invitee.token },
    );
    expect(invited.body.data?.status).toBe('qualified');
    await signIn(referrer.token);
    await page.goto(`${server.url}/activity/vip/receive`);
    const seven = prize('cet-vip-7').locator('button');
    await expect.poll(() => seven.textContent()).toBe('领取');
    await expect.poll(() => section('我的邀请进度').textContent()).toContain('已邀请 1 位好友 · 1 位有效 · 0 位待完成');
    expect(await page.getByTestId('activity-progress').textContent()).toContain('已邀请 1 位有效好友');
    expect(await prize('cet-vip-30').textContent()).toContain('还差 2 位有效好友即可领取');
    await expect.poll(() => section('我的邀请记录').locator('li').count()).toBe(1);
    expect(await section('我的邀请记录').textContent()).toContain(masked(invitee.mobile));
    await screenshot('vip-receive-referrer');
    await seven.click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('领取成功');
    await expect.poll(() => seven.textContent()).toBe('已领取');
    await screenshot('vip-receive-claimed');
    await page.getByRole('button', { name: '生成邀请海报' }).click();
    await page.waitForURL((u) => u.pathname === `/activity/vip-share/${referrer.id}`);
  });

  it('the VIP landing shows the referrer above the plans and records a new user', async () => {
    const referrer = await newUser(server);
    await page.goto(`${server.url}/activity/vip/${referrer.id}?activity_id=${VIP}&from=poster`);
    await expect.poll(() => page.getByTestId('activity-referrer').textContent()).toContain('邀请你参加「邀好友，领四六级会员」');
    expect(await page.getByRole('button', { name: '登录为好友助力' }).count()).toBe(1);
    await screenshot('vip-referrer-visitor');
    await page.getByRole('button', { name: '登录为好友助力' }).click();
    await page.waitForURL(/\/user\/mobile_login\//);
    const mobile = freshMobile();
    await submitCodeForm(page, server, mobile);
    await page.waitForURL((u) => u.pathname === `/activity/vip/${referrer.id}`);
    await expect
      .poll(async () => (await inviteRecord(VIP, referrer.token)).map((r) => [r.mobile, r.status]))
      .toEqual([[masked(mobile), 'qualified']]);
  });
});

describe('an old user on the register gift (last: it moves the server clock)', () => {
  it('registered more than 72 h ago: each gift says why it cannot be claimed', async () => {
    const old = await newUser(server);
    server.advance(73 * 3600);
    await signIn(old.token);
    await page.goto(`${server.url}/activity/invite_download?activity_id=${GIFT}`);
    await expect.poll(() => prize('cet-reading-bank').getAttribute('data-state')).toBe('locked');
    for (const id of ['cet-reading-bank', 'cet-listening-course', 'cet-vip-3']) {
      expect(await prize(id).textContent()).toContain('仅限注册 72 小时内的新用户领取');
      expect(await prize(id).locator('button').isDisabled()).toBe(true);
    }
    expect(await page.getByText('礼包已全部领取').count()).toBe(0);
    await screenshot('invite-download-old-user');
  });
});
