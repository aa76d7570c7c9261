/**
 * The activity family's download pages (/activity/download, /activity/invite_download) take the app links from the
 * settings as /download/app does (framework.app_download): a store button for each system whose address is set
 * (ANDROID_DOWNLOAD_URL, IOS_DOWNLOAD_URL), none for one that is not, and 使用网页版 when this system has none (issue 24).
 * Phone-sized (390×844) screenshots go to SHOTS_DIR, or /tmp/shots-h24-activity-download.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, builtClientDir, phoneContext } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-h24-activity-download';
fs.mkdirSync(SHOTS, { recursive: true });
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; PJZ110) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const ANDROID_URL = 'https://dl.example.cn/app/beikao-2.3.0.apk';
const IOS_URL = 'https://apps.apple.com/cn/app/id1234567890';
/** The seeded register gift (pages-config/_activities/). */
const GIFT = 1002;
const PAGES = [
  { name: 'download', url: `/activity/download?activity_id=${GIFT}` },
  { name: 'invite-download', url: `/activity/invite_download?activity_id=${GIFT}&from=poster` },
] as const;

/** The default server: neither address set. */
const suite = browserSuite();
/** One with both addresses, and one with only the Android one. */
let both: TestServer;
let androidOnly: TestServer;
beforeAll(async () => {
  both = await startTestServer('sqlite', {
    clientDir: builtClientDir(),
    config: { androidDownloadUrl: ANDROID_URL, iosDownloadUrl: IOS_URL },
  });
  androidOnly = await startTestServer('sqlite', { clientDir: builtClientDir(), config: { androidDownloadUrl: ANDROID_URL } });
});
afterAll(async () => {
  await both?.close();
  await androidOnly?.close();
});

/** Opens `url` on a phone with `ua` and waits for the download block (its page's activity loaded too). */
async function open(server: TestServer, url: string, ua: string | undefined, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await phoneContext(suite.browser, ua);
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}${url}`);
    await page.getByTestId('download').waitFor();
    await expect.poll(() => page.locator('body').textContent()).toContain('新同学注册礼');
    await run(page);
  } finally {
    await context.close();
  }
}

/** A phone screen with the download block on it (and the whole page beside it). */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.getByTestId('download').scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  await page.screenshot({ path: path.join(SHOTS, `${name}-full.png`), fullPage: true });
}

describe('activity download pages without the app addresses', () => {
  for (const p of PAGES) {
    it(`${p.url}: no store button, 使用网页版 instead, and no link to a host that does not exist`, async () => {
      await open(suite.server, p.url, ANDROID_UA, async (page) => {
        const download = page.getByTestId('download');
        expect(await download.locator('.download-android, .download-ios').count()).toBe(0);
        const web = download.locator('a.download-web');
        expect(await web.textContent()).toBe('使用网页版');
        expect(await web.getAttribute('href')).toBe('/');
        expect(await download.textContent()).toContain('App 即将上架应用商店');
        expect(await download.locator('a[href^="http"]').count()).toBe(0);
        // The web app is offered once: the landing page's own 先在网页上学 gives way to the block's 使用网页版.
        expect(await page.getByRole('button', { name: '先在网页上学' }).count()).toBe(0);
        await shot(page, `${p.name}-unset`);
      });
    });
  }
});

describe('activity download pages with the app addresses set', () => {
  for (const p of PAGES) {
    it(`${p.url}: Android gets ANDROID_DOWNLOAD_URL, an iPhone IOS_DOWNLOAD_URL`, async () => {
      await open(both, p.url, ANDROID_UA, async (page) => {
        const button = page.locator('[data-testid=download] a.download-android');
        expect(await button.getAttribute('href')).toBe(ANDROID_URL);
        expect(await button.textContent()).toBe('安卓版下载');
        expect(await page.locator('[data-testid=download] .download-ios, [data-testid=download] .download-web').count()).toBe(0);
        if (p.name === 'invite-download') expect(await page.getByRole('button', { name: '先在网页上学' }).count()).toBe(1);
        await shot(page, `${p.name}-set-android`);
      });
      await open(both, p.url, undefined, async (page) => {
        const button = page.locator('[data-testid=download] a.download-ios');
        expect(await button.getAttribute('href')).toBe(IOS_URL);
        expect(await button.textContent()).toBe('App Store 下载');
        expect(await page.locator('[data-testid=download] .download-android').count()).toBe(0);
        await shot(page, `${p.name}-set-ios`);
      });
    });
  }

  it('only ANDROID_DOWNLOAD_URL set: an iPhone sees no App Store button but 使用网页版', async () => {
    await open(androidOnly, PAGES[0].url, undefined, async (page) => {
      const download = page.getByTestId('download');
      expect(await download.locator('.download-ios, .download-android').count()).toBe(0);
      expect(await download.locator('a.download-web').textContent()).toBe('使用网页版');
    });
  });
});
