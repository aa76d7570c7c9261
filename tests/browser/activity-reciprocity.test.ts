import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as activity from '../../src/contract/activities';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { ENDED_WINDOW, signedIn, smallPhone, TEST_ACTIVITY_TEXT, UPCOMING_WINDOW } from '../support/activity-pages';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import { freshMobile } from '../support/flows';
import { submitCodeForm } from '../support/login-form';
import { pagesDirWithFixtures } from '../support/pages-dir';
import type { TestServer } from '../support/test-server';
import { createAddress, newUser, type TestUser } from '../support/user-center-flows';

/**
 * The pass-on-gift pages (issue 23) on the seeded reciprocity activity (pages-config/_activities/pass-on-gift.json,
 * id 1003, running, picks 1): two e-books and one physical good. Pages: receive (the friend's landing), pick,
 * own_gift, gift_content, poster.
 */
const ID = 1003;
const EBOOK = 'kaoyan-politics-ebook';
const EBOOK_REF = 4;
const PHYSICAL = 'answer-card-kit';
const SHOTS = '/tmp/shots-h2';
fs.mkdirSync(SHOTS, { recursive: true });

/** Beside the real pages and activities: a reciprocity activity that has not started yet and one that has ended. */
const pages = pagesDirWithFixtures();
const other = {
  type: 'reciprocity',
  subtitle: '选一份礼物，再把好运传给同学',
  rules: { picks: 1 },
  prizes: [
    { id: 'politics', name: '电子书《考研政治马原核心考点精讲》', kind: 'ebook', refId: EBOOK_REF, value: 2990, quantity: 20 },
    { id: 'python', name: '电子书《计算机二级 Python 编程要点》', kind: 'ebook', refId: 6, value: 1690, quantity: 20 },
  ],
  ...TEST_ACTIVITY_TEXT,
};
const UPCOMING = 9201;
const ENDED = 9202;
pages.write('_activities/test-gift-upcoming.json', {
  ...other,
  id: UPCOMING,
  title: '寒假礼物接力',
  ...UPCOMING_WINDOW,
});
pages.write('_activities/test-gift-ended.json', {
  ...other,
  id: ENDED,
  title: '国庆礼物接力',
  ...ENDED_WINDOW,
});
const suite = browserSuite({ server: { config: { pagesDir: pages.dir } } });
afterAll(() => pages.remove());
let server: TestServer;
let page: Page;
/** The 375×667 phone of the screenshots, closed after its test. */
let own: BrowserContext | undefined;
beforeEach(async () => {
  server = suite.server;
  own = await smallPhone(suite.browser);
  page = await own.newPage();
});
afterEach(async () => {
  await own?.close();
  own = undefined;
});

const toast = () => page.getByTestId('toast');
const previewItems = () => page.getByTestId('list-detail.prizes').first().locator('li');
const prize = (id: string) => page.locator(`[data-testid=activity-prizes] li[data-prize="${id}"]`);
const button = (name: string) => page.getByRole('button', { name, exact: true });
const section = (title: string) => page.locator('[data-testid=container]', { has: page.locator('h2', { hasText: title }) });

const signIn = (user: TestUser) => signedIn(page, user.token);

/** What the page copies goes to `window.__copied` (a headless browser's clipboard is not readable). */
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

/** The whole page at 375 px; `keepToast` keeps a toast on the picture (else it waits for it to go). */
async function screenshot(name: string, opts: { keepToast?: boolean; firstScreen?: boolean } = {}): Promise<void> {
  await page.waitForLoadState('networkidle');
  if (!opts.keepToast) await toast().waitFor({ state: 'detached' });
  // The draggable feedback button jumps to a corner while a full-page capture resizes the viewport: left out; a bar
  // fixed to the bottom would be drawn where the first screen ends, so the whole page shows it at the end instead.
  await page.screenshot({
    path: `${SHOTS}/${name}.png`,
    fullPage: true,
    style: '.feedback-button { visibility: hidden; } .button-bar-fixed-bottom { position: static; transform: none; }',
  });
  // The first screen too, as the phone shows it (the bar fixed to the bottom).
  if (opts.firstScreen) await page.screenshot({ path: `${SHOTS}/${name}-first-screen.png` });
}

async function tokenInPage(): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.jwt);
  if (!token) throw new Error('no token in the page');
  return token;
}

describe('gift relay pages (reciprocity, activity 1003)', () => {
  it('a friend opens the sharer link, logs in, hits the address refusal, picks an e-book, reads it; a second pick is refused', async () => {
    const sharer = await newUser(server);
    const receive = `/activity/reciprocity/receive/${ID}/${sharer.id}`;
    // As the sharer's poster QR code opens it.
    await page.goto(`${server.url}${receive}?from=poster`);

    // Not logged in: the activity, its phase, the three prizes read-only with their stock, 登录后选礼物.
    await expect.poll(() => previewItems().count()).toBe(3);
    expect(await page.locator('h1', { hasText: '备考礼物接力' }).count()).toBe(1);
    expect(await page.getByTestId('countdown').textContent()).toContain('进行中 · 距结束还有');
    const preview = await previewItems().allTextContents();
    expect(preview[0]).toContain('电子书《考研政治马原核心考点精讲》');
    expect(preview[0]).toContain('剩余 300 份');
    expect(preview[2]).toContain('四六级标准答题卡与 2B 铅笔套装');
    expect(preview[2]).toContain('剩余 50 份');
    // Read-only: no claim button on this page.
    expect(await page.getByTestId('activity-prizes').count()).toBe(0);
    await section('活动规则').scrollIntoViewIfNeeded();
    await expect.poll(() => section('活动规则').locator('ol > li').count()).toBe(6);
    expect(await section('活动公示').textContent()).toContain('备考团队');
    // Who sent the gift (the lead's activity-referrer block), named by the server.
    await expect.poll(() => page.getByTestId('activity-referrer').textContent()).toContain('选好了备考礼物，也给你留了一份');
    await screenshot('receive-visitor', { firstScreen: true });

    // 登录后选礼物 opens the login page with this page as the way back; the code form brings the friend here again.
    await button('登录后选礼物').click();
    await page.waitForURL((u) => u.pathname === `/user/mobile_login/${encodeURIComponent(`${receive}?from=poster`)}`);
    await submitCodeForm(page, server, freshMobile());
    await page.waitForURL((u) => u.pathname === receive && u.search === '?from=poster');
    await expect.poll(() => button('去选礼物').count()).toBe(1);
    expect(await button('登录后选礼物').count()).toBe(0);
    await screenshot('receive-logged-in', { firstScreen: true });
    // The friend is recorded as the sharer's invitee, from the poster.
    const invited = () =>
      server.services.db.kysely
        .selectFrom('activity_invites')
        .select(['referrer_id', 'source'])
        .where('activity_id', '=', ID)
        .where('referrer_id', '=', sharer.id)
        .execute();
    await expect.poll(invited).toEqual([{ referrer_id: sharer.id, source: 'poster' }]);

    await button('去选礼物').click();
    await page.waitForURL((u) => u.pathname === `/activity/reciprocity/pick/${ID}/${sharer.id}`);
    await expect.poll(() => prize(EBOOK).locator('button').textContent()).toBe('选这份');
    expect(await page.getByText('每人限选 1 份').count()).toBe(1);
    // No default address yet: the page offers the address list beside the physical prize.
    await expect.poll(() => button('去添加收货地址').count()).toBe(1);
    await screenshot('pick');

    // The physical prize without an address: the server refuses, the page toasts why.
    await prize(PHYSICAL).locator('button').click();
    await expect.poll(() => toast().textContent()).toContain('收货地址');
    expect(page.url()).toContain('/activity/reciprocity/pick/');
    await screenshot('pick-physical-refused', { keepToast: true });
    expect(await prize(PHYSICAL).getAttribute('data-state')).toBe('claimable');

    // The e-book: claimed, then the own-gift page with this claim on top.
    await toast().waitFor({ state: 'detached' });
    await prize(EBOOK).locator('button').click();
    await page.waitForURL((u) => /^\/activity\/own_gift\/1003\/[1-9]\d*$/.test(u.pathname));
    const claimId = Number(page.url().split('/').pop());
    await expect.poll(() => page.getByText('领取成功', { exact: true }).count()).toBeGreaterThanOrEqual(1);
    const mine = page.getByTestId('list-mine').last().locator('li');
    await expect.poll(() => mine.count()).toBe(1);
    expect(await mine.textContent()).toContain('电子书《考研政治马原核心考点精讲》');
    expect(await mine.textContent()).toContain('已发放');
    expect(await button('把礼物接力给好友').count()).toBe(1);
    await screenshot('own-gift-success');

    // The claim as the server has it.
    const token = await tokenInPage();
    const claims = (await request(server.url, activity.ownGift, { id: ID }, { token })).body.data;
    expect(claims.map((c) => [c.id, c.prize_id, c.status])).toEqual([[claimId, EBOOK, 'granted']]);

    // A second pick is refused, by the server and on the pick page.
    const second = await request(server.url, activity.finishGift, { id: ID, gift_id: 'python-ebook' }, { token });
    expect(second.body.status).not.toBe(0);
    expect(second.body.msg).toContain('每人最多选 1 份礼物');

    // 去学习 opens the e-book.
    await button('去学习').click();
    await page.waitForURL((u) => u.pathname === `/ebook/read/${EBOOK_REF}`);

    await page.goto(`${server.url}/activity/reciprocity/pick/${ID}/${sharer.id}`);
    await expect.poll(() => prize(EBOOK).getAttribute('data-state')).toBe('claimed');
    expect(await prize(EBOOK).locator('button').textContent()).toBe('已选');
    for (const other of ['python-ebook', PHYSICAL]) {
      expect(await prize(other).getAttribute('data-state')).toBe('locked');
      expect(await prize(other).textContent()).toContain('每人最多选 1 份礼物');
      expect(await prize(other).locator('button').isDisabled()).toBe(true);
    }
    expect(await page.getByText('你已经选好礼物了').count()).toBe(1);
    expect(await button('去添加收货地址').count()).toBe(0);
    await screenshot('pick-already-picked');

    // The landing now says 查看我的礼物 and leads to this claim.
    await page.goto(`${server.url}${receive}`);
    await expect.poll(() => button('查看我的礼物').count()).toBe(1);
    expect(await button('去选礼物').count()).toBe(0);
    expect(await previewItems().first().textContent()).toContain('你已选这份');
    await screenshot('receive-picked', { firstScreen: true });
    await button('查看我的礼物').click();
    await page.waitForURL((u) => u.pathname === `/activity/own_gift/${ID}/${claimId}`);

    // The gift content page of the claim.
    await page.goto(`${server.url}/activity/gift_content/${ID}/${claimId}`);
    await expect.poll(() => page.locator('h1', { hasText: '电子书《考研政治马原核心考点精讲》' }).count()).toBe(1);
    expect(await page.getByText('电子书 · 已发放').count()).toBe(1);
    await screenshot('gift-content-ebook');
    await button('去学习').click();
    await page.waitForURL((u) => u.pathname === `/ebook/read/${EBOOK_REF}`);
  });

  it('the poster page: the poster with the QR of the share link, 保存海报, 复制链接', async () => {
    const user = await newUser(server);
    await signIn(user);
    await recordClipboard();
    await page.goto(`${server.url}/activity/reciprocity/poster/${ID}`);
    const poster = page.getByTestId('poster-reciprocity-poster');
    await expect.poll(() => poster.count()).toBe(1);
    await expect.poll(() => poster.locator('canvas').count()).toBe(1);
    expect(await poster.textContent()).toContain('送你一份备考礼物');
    expect(await page.getByText('好友扫码后也能任选一份礼物').count()).toBe(1);
    // The finished poster is one PNG picture (long press saves it); 保存海报 downloads that PNG.
    await expect.poll(() => poster.locator('img.poster-png').count()).toBe(1);
    await screenshot('poster');
    const download = page.waitForEvent('download');
    await button('保存海报').click();
    expect((await download).suggestedFilename()).toBe('beikao-gift.png');

    const shared = (await request(server.url, activity.poster, { id: ID }, { token: user.token })).body.data;
    await button('复制链接').click();
    await expect.poll(() => toast().textContent()).toBe('复制成功');
    expect(await page.evaluate(() => (window as unknown as { __copied?: string }).__copied)).toBe(shared.share_url);
    expect(shared.share_url).toBe(`${new URL(shared.share_url).origin}/activity/reciprocity/receive/${ID}/${user.id}?from=poster`);
  });

  it('a physical prize with a default address becomes a 0-yuan order; its gift page links to the orders', async () => {
    const user = await newUser(server);
    await createAddress(server, user, { is_default: 1 });
    await signIn(user);
    await page.goto(`${server.url}/activity/reciprocity/pick/${ID}`);
    await expect.poll(() => prize(PHYSICAL).locator('button').textContent()).toBe('选这份');
    expect(await button('去添加收货地址').count()).toBe(0);
    await prize(PHYSICAL).locator('button').click();
    await page.waitForURL((u) => /^\/activity\/own_gift\/1003\/[1-9]\d*$/.test(u.pathname));
    const claimId = Number(page.url().split('/').pop());
    await expect.poll(() => page.getByText('已生成 0 元订单，将寄往你的默认收货地址。', { exact: false }).count()).toBe(1);
    await screenshot('own-gift-physical');
    await button('查看礼物').click();
    await page.waitForURL((u) => u.pathname === `/activity/gift_content/${ID}/${claimId}`);
    await expect.poll(() => page.getByText('已生成 0 元订单，发货后可查看物流').count()).toBe(1);
    await screenshot('gift-content-physical');
    await button('查看我的订单').click();
    await page.waitForURL((u) => u.pathname === '/user/order');
  });

  it('a revoked gift says 已收回; nothing claimed yet shows the empty state with the way back', async () => {
    const user = await newUser(server);
    await signIn(user);
    await page.goto(`${server.url}/activity/own_gift/${ID}/0`);
    await expect.poll(() => page.getByText('还没有领到礼物').count()).toBe(1);
    await screenshot('own-gift-empty');
    await button('返回活动').click();
    await page.waitForURL((u) => u.pathname === `/activity/reciprocity/receive/${ID}`);

    const claimed = await request(server.url, activity.finishGift, { id: ID, gift_id: 'python-ebook' }, { token: user.token });
    expect(claimed.body.status).toBe(0);
    const claimId = claimed.body.data.claim.id;
    await server.services.db.kysely.updateTable('activity_claims').set({ status: 'revoked' }).where('id', '=', claimId).execute();
    await page.goto(`${server.url}/activity/gift_content/${ID}/${claimId}`);
    await expect.poll(() => page.getByText('电子书 · 已收回').count()).toBe(1);
    expect(await page.getByText(/这份礼物已收回/).count()).toBe(1);
    expect(await button('去学习').count()).toBe(0);
    await screenshot('gift-content-revoked');
  });

  it('before the start: 未开始 with a count-down; after the end: 活动已结束, no way to pick', async () => {
    await page.goto(`${server.url}/activity/reciprocity/receive/${UPCOMING}`);
    await expect.poll(() => previewItems().count()).toBe(2);
    expect(await page.getByTestId('countdown').textContent()).toMatch(/^未开始 · 距开始还有\d+天/);
    expect(await button('活动尚未开始').isDisabled()).toBe(true);
    expect(await button('登录后选礼物').count()).toBe(0);
    await screenshot('receive-upcoming');

    await page.goto(`${server.url}/activity/reciprocity/receive/${ENDED}/12`);
    await expect.poll(() => page.locator('h1', { hasText: '国庆礼物接力' }).count()).toBe(1);
    expect(await page.getByTestId('countdown').textContent()).toContain('活动已结束');
    expect(await button('活动已结束').isDisabled()).toBe(true);
    expect(await button('登录后选礼物').count()).toBe(0);
    expect(await button('去选礼物').count()).toBe(0);
    await screenshot('receive-ended', { firstScreen: true });
  });

  it('a bad activity id shows the one not-found screen (活动不存在) with a way back', async () => {
    await page.goto(`${server.url}/activity/reciprocity/receive/424242/3`);
    await expect.poll(() => page.getByTestId('not-found-screen').locator('h1').textContent()).toBe('活动不存在');
    expect(await page.getByTestId('not-found-home').count()).toBe(1);
    expect(await page.getByText('内容不存在或已下架').count()).toBe(0);
    expect(await previewItems().count()).toBe(0);
  });
});
