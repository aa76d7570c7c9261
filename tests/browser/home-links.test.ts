/**
 * The study home leads somewhere (issue 24): a tapped notice opens its own announcement, the banners carry their
 * titles, the entry grid draws line icons; the download page shows the Android button only when ANDROID_DOWNLOAD_URL
 * is set. With SHOTS_DIR set, phone-sized screenshots of these pages are written there.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { browserSuite, builtClientDir, phoneContext } from '../support/browser';
import { startTestServer } from '../support/test-server';
import { newUser } from '../support/user-center-flows';

const suite = browserSuite({ subject: { genus_id: 1, category_id: 1, category_name: '英语四级' } });
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; PJZ110) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

describe('study home', () => {
  it('tapping a notice opens its announcement', async () => {
    const { page } = suite;
    await page.goto(`${suite.server.url}/`);
    // A platform-wide notice opens its own announcement (the subject's ones open the subject's news).
    const notice = page.locator('[data-testid=notice-bar] a[href^="/adverts/detail"]').first();
    await notice.waitFor();
    await shot(page, 'study-home');
    const title = (await notice.textContent()) ?? '';
    expect(title.length).toBeGreaterThan(4);
    await notice.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/adverts/detail');
    // The page it opens is about that notice: its title is the page's heading, with the announcement below.
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(title);
    expect(((await page.locator('body').textContent()) ?? '').length).toBeGreaterThan(title.length + 60);
    await shot(page, 'notice-detail');
  });

  it('draws line icons in the entry grid and titles the banners', async () => {
    const { page } = suite;
    await page.goto(`${suite.server.url}/`);
    await page.locator('[data-testid=grid]').waitFor();
    expect(await page.locator('[data-testid=grid] .bk-grid-line-icon svg').count()).toBe(8);
    expect(await page.locator('[data-testid=grid] .bk-grid-text-icon').count()).toBe(0);
    const alts = await page
      .locator('[data-testid=banner-carousel] img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt') ?? ''));
    expect(alts.length).toBeGreaterThan(0);
    for (const alt of alts) expect(alt.length).toBeGreaterThan(1);
    // Every banner slide links to a page (none to the search as a stand-in).
    const hrefs = await page.locator('[data-testid=banner-carousel] a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBe(alts.length);
    for (const h of hrefs) expect(h).not.toMatch(/^\/study\/search|^$/);
  });

  it('phone screenshots of the course list and detail and the mall', async () => {
    const { page } = suite;
    await page.goto(`${suite.server.url}/course/list/all`);
    await page.locator('img').first().waitFor();
    await shot(page, 'course-list');
    const user = await newUser(suite.server);
    await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [STORAGE_KEYS.jwt, user.token] as const);
    await page.goto(`${suite.server.url}/course/detail/1`);
    await page.waitForLoadState('networkidle');
    await shot(page, 'course-detail');
    await page.goto(`${suite.server.url}/mall/index`);
    await page.locator('img').first().waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, 'mall');
    await page.mouse.wheel(0, 900);
    await shot(page, 'mall-2');
  });
});

describe('download page', () => {
  it('shows no Android button while ANDROID_DOWNLOAD_URL is unset', async () => {
    const context = await phoneContext(suite.browser, ANDROID_UA);
    try {
      const page = await context.newPage();
      await page.goto(`${suite.server.url}/download/app`);
      await page.locator('[data-testid=download]').waitFor();
      await expect.poll(() => page.locator('.download-web').count()).toBe(1);
      expect(await page.locator('.download-android').count()).toBe(0);
      expect(await page.locator('a[href*="beikao.example"]').count()).toBe(0);
      await shot(page, 'download-unset');
    } finally {
      await context.close();
    }
  });

  it('links the Android button to ANDROID_DOWNLOAD_URL when set', async () => {
    const url = 'https://dl.example.cn/app/beikao-2.3.0.apk';
    const server = await startTestServer('sqlite', { clientDir: builtClientDir(), config: { androidDownloadUrl: url } });
    const context = await phoneContext(suite.browser, ANDROID_UA);
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/download/app`);
      const button = page.locator('a.download-android');
      await button.waitFor();
      expect(await button.getAttribute('href')).toBe(url);
      expect(await button.textContent()).toBe('安卓版下载');
      await shot(page, 'download-set');
    } finally {
      await context.close();
      await server.close();
    }
  });
});
