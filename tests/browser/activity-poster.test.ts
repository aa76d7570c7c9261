import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as activity from '../../src/contract/activities';
import { SAFARI_UA, signedIn, smallPhone } from '../support/activity-pages';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import type { TestServer } from '../support/test-server';
import { newUser, type TestUser } from '../support/user-center-flows';

/** The seeded VIP invite (pages-config/_activities/vip-invite.json) and its poster page. */
const VIP = 1004;
const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

const suite = browserSuite();
let server: TestServer;
let page: Page;
let own: BrowserContext | undefined;
beforeEach(() => {
  server = suite.server;
});
afterEach(async () => {
  await own?.close();
  own = undefined;
});

/** A 375×667 phone (the screenshots' size) that may write the clipboard. */
async function phone(userAgent = SAFARI_UA): Promise<void> {
  own = await smallPhone(suite.browser, userAgent);
  await own.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await own.newPage();
}

const signIn = (user: TestUser) => signedIn(page, user.token);

/** The whole page, or only the screen (`fullPage` false: an overlay fixed to the screen). */
async function screenshot(name: string, fullPage = true): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.getByTestId('toast').waitFor({ state: 'detached' });
  await page.screenshot({ path: `/tmp/shots-h1/vip-share-${name}.png`, fullPage, style: '.feedback-button { visibility: hidden; }' });
}

const posterPng = () => page.locator('[data-testid=poster-vip-share-poster] img.poster-png');

describe('VIP invite poster page (/activity/vip-share/:referrerId)', () => {
  it('logged in: the poster is one PNG picture with the caller’s link; save and share (copy outside WeChat) work', async () => {
    const user = await newUser(server);
    const reply = await request(server.url, activity.poster, { id: VIP }, { token: user.token });
    expect(reply.body.status).toBe(0);
    const shareUrl = reply.body.data.share_url;
    // The VIP invite's referral link: the invitee's landing page of this activity, with the caller as referrer.
    expect(shareUrl).toContain(`/activity/vip/${user.id}`);
    expect(reply.body.data.background).toBe('/activity/vip-invite-poster.svg');

    await phone();
    await signIn(user);
    await page.goto(`${server.url}/activity/vip-share/${user.id}`);
    await posterPng().waitFor();
    const src = await posterPng().getAttribute('src');
    expect(src?.startsWith('data:image/png;base64,')).toBe(true);
    expect(await posterPng().getAttribute('alt')).toBe('分享海报');
    // The whole 750×1334 design, drawn (the background loaded and was exportable: same origin).
    const size = await posterPng().evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight }));
    expect(size).toEqual({ w: 750, h: 1334 });
    // The headline and the background's colours are in the picture: sample the headline area and the QR square.
    const samples = await posterPng().evaluate((img: HTMLImageElement) => {
      const c = document.createElement('canvas');
      c.width = 750;
      c.height = 1334;
      const ctx = c.getContext('2d') as CanvasRenderingContext2D;
      ctx.drawImage(img, 0, 0);
      const at = (x: number, y: number) => [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
      return { corner: at(5, 5), qrCorner: at(240, 805) };
    });
    expect(samples.corner[2] ?? 0).toBeGreaterThan(samples.corner[0] ?? 255); // the navy background, not the white fill
    expect(samples.qrCorner).toEqual([255, 255, 255]); // the QR code's quiet zone on the white square
    expect(await page.getByText('已邀请 0 位有效好友（注册并绑定手机号）').count()).toBe(1);
    await screenshot('logged-in');

    // 保存海报: the same PNG, downloaded.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '保存海报' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('beikao-vip.png');
    const bytes = readFileSync(await saved.path());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.length).toBeGreaterThan(5000);

    // Share outside WeChat and the app (no share sheet in this browser): the caller's link is copied.
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await page.getByRole('button', { name: '分享邀请链接' }).click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe('复制成功');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);

    // 领取会员 leads to the receive page.
    await page.getByRole('button', { name: '领取会员' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/activity/vip/receive');
  });

  it('inside WeChat: the share card is set for WeChat’s menu, and the button points at the ··· menu', async () => {
    const user = await newUser(server);
    await phone(WECHAT);
    await signIn(user);
    // Stand-in for the official JS-SDK object: records what the page asks of it.
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { __wxCalls: unknown[] }).__wxCalls = calls;
      (window as unknown as { wx: unknown }).wx = {
        config: (c: unknown) => calls.push(['config', c]),
        ready: (cb: () => void) => setTimeout(cb, 0),
        error: () => {},
        updateAppMessageShareData: (a: unknown) => calls.push(['appMessage', a]),
        updateTimelineShareData: (a: unknown) => calls.push(['timeline', a]),
      };
    });
    await page.goto(`${server.url}/activity/vip-share/${user.id}`);
    await posterPng().waitFor();
    const calls = () => page.evaluate(() => (window as unknown as { __wxCalls: [string, Record<string, unknown>][] }).__wxCalls);
    // The card is set (again whenever it changes while the data arrives): the last one is the activity's.
    const last = async (kind: string) => (await calls()).filter((c) => c[0] === kind).at(-1)?.[1];
    await expect.poll(() => last('timeline')).toMatchObject({ title: '我在用备考会员刷四六级，邀你一起' });
    const config = await last('config');
    const card = await last('appMessage');
    expect(config?.jsApiList).toEqual(expect.arrayContaining(['updateAppMessageShareData', 'updateTimelineShareData']));
    expect(card).toMatchObject({ title: '我在用备考会员刷四六级，邀你一起', desc: '用我的链接注册并绑定手机号，一起备考四六级' });
    expect(String(card?.link)).toContain(`${server.url}/activity/vip/${user.id}`);
    expect(String(card?.imgUrl)).toBe(`${server.url}/activity/vip-invite.svg`);

    await page.getByRole('button', { name: '分享邀请链接' }).click();
    await page.getByTestId('activity-share-hint').waitFor();
    expect(await page.getByTestId('activity-share-hint').textContent()).toContain('点击右上角 ··· 发送给朋友');
    await screenshot('wechat-hint', false);
    await page.getByRole('button', { name: '我知道了' }).click();
    await page.getByTestId('activity-share-hint').waitFor({ state: 'detached' });
  });

  it('not logged in: the activity and a 登录后生成专属海报 button that returns here after login', async () => {
    await phone();
    await page.goto(`${server.url}/activity/vip-share/42`);
    const login = page.getByRole('button', { name: '登录后生成专属海报' });
    await login.waitFor();
    expect(await page.locator('[data-testid^=poster-]').count()).toBe(0);
    expect(await page.locator('h1', { hasText: '邀好友，领四六级会员' }).count()).toBe(1);
    await screenshot('logged-out');
    await login.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/mobile_login/%2Factivity%2Fvip-share%2F42');
  });
});
