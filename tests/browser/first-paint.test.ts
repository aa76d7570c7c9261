import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { browserSuite } from '../support/browser';
import { layoutShiftSum, recordLayoutShifts } from '../support/layout-shifts';
import type { TestServer } from '../support/test-server';

const suite = browserSuite();
let server: TestServer;
let browser: Browser;
beforeAll(() => {
  server = suite.server;
  browser = suite.browser;
});

const SUBJECT = { genus_id: 1, category_id: 1, category_name: '英语四级' };
const contexts: BrowserContext[] = [];
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

/** A phone-sized page, with or without JavaScript, optionally with a subject chosen before. */
async function phone(opts: { js: boolean; subject?: boolean }): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    javaScriptEnabled: opts.js,
  });
  contexts.push(context);
  if (opts.subject) {
    // A returning visitor: the subject in storage and in the cookie the app keeps next to it (the server reads that).
    await context.addCookies([{ name: 'bk_exam', value: `${SUBJECT.genus_id}.${SUBJECT.category_id}`, url: server.url }]);
    await context.addInitScript(
      ([k, v]) => {
        if (!localStorage.getItem(k)) localStorage.setItem(k, v);
      },
      [STORAGE_KEYS.examContext, JSON.stringify(SUBJECT)] as const,
    );
  }
  const page = await context.newPage();
  // Layout shifts from the start of the load, as Lighthouse counts them (no input happens here).
  await recordLayoutShifts(page);
  return page;
}

type Rect = { x: number; y: number; width: number; height: number };
async function rectOf(page: Page, selector: string): Promise<Rect> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  return box;
}

describe('first paint before the JavaScript', () => {
  it('the HTML of /study/category alone shows the back-home header and a skeleton of the subject picker', async () => {
    const page = await phone({ js: false });
    await page.goto(`${server.url}/study/category`);
    expect(await page.title()).toBe('选择考试科目 - 备考');
    const header = page.locator('#root .sk .back-home');
    expect(await header.textContent()).toBe('首页');
    const box = await rectOf(page, '#root .sk .back-home');
    expect(box.width).toBeGreaterThan(40);
    expect(box.height).toBeGreaterThan(16);
    // The picker's own heading says what to do, already in the HTML.
    expect(await page.locator('#root .sk h1').textContent()).toBe('选择你正在备考的考试');
    // A placeholder shaped like the picker: a white card with a menu column, most of the screen tall.
    const picker = await rectOf(page, '#root .sk-picker');
    expect(picker.width).toBeGreaterThan(350);
    expect(picker.height).toBeGreaterThan(400);
    expect(await page.locator('#root .sk-picker-menu .sk-line').count()).toBe(5);
    const background = await page.locator('#root .sk-picker').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(255, 255, 255)');
    // The inlined CSS styles it: no stylesheet request is needed for this paint.
    expect(await page.locator('link[rel=stylesheet]').count()).toBe(0);
    expect((await page.screenshot()).length).toBeGreaterThan(5000);
  });

  it('the study home skeleton shows its own top bar with the brand title and reserves the tab bar', async () => {
    const page = await phone({ js: false, subject: true });
    await page.goto(`${server.url}/study/index`);
    expect(await page.locator('#root .sk .top-bar h1').textContent()).toBe('备考');
    expect(await page.locator('#root .sk .back-home').count()).toBe(0);
    const banner = await rectOf(page, '#root .sk-banner');
    expect(banner.width / banner.height).toBeCloseTo(2.5, 1);
    const tabBar = await rectOf(page, '#root .sk-tab-bar');
    expect(tabBar.y + tabBar.height).toBe(844);
    expect(tabBar.height).toBe(56);
  });

  it('with JavaScript the skeleton of /study/category turns into the picker without anything moving', async () => {
    const noJs = await phone({ js: false });
    await noJs.goto(`${server.url}/study/category`);
    const skeleton = await rectOf(noJs, '#root .back-home');
    const skeletonHeading = await rectOf(noJs, '#root .subject-picker-head h1');
    const page = await phone({ js: true });
    await page.goto(`${server.url}/study/category`);
    await page.locator('.category-list button').first().waitFor();
    expect(await page.locator('[data-testid=skeleton]').count()).toBe(0);
    expect(await page.locator('.sk').count()).toBe(0);
    expect(await rectOf(page, '[data-testid=back-home]')).toEqual(skeleton);
    expect(await rectOf(page, '.subject-picker-head h1')).toEqual(skeletonHeading);
    expect(await layoutShiftSum(page)).toBeLessThan(0.01);
  });

  it('with JavaScript the study home keeps its top bar in place and shows its data at once (no layout shift)', async () => {
    const noJs = await phone({ js: false, subject: true });
    await noJs.goto(`${server.url}/`);
    const skeletonBar = await rectOf(noJs, '#root .top-bar h1');
    const page = await phone({ js: true, subject: true });
    await page.goto(`${server.url}/`);
    await page.locator('[data-testid=list-news] li').first().waitFor();
    expect(await page.locator('.sk').count()).toBe(0);
    expect(await page.locator('[data-testid=top-bar]').textContent()).toContain('英语四级');
    expect(await rectOf(page, '[data-testid=top-bar] h1')).toEqual(skeletonBar);
    expect(await layoutShiftSum(page)).toBeLessThan(0.01);
  });
});
