import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { browserSuite } from '../support/browser';
import type { TestServer } from '../support/test-server';
import { newUser } from '../support/user-center-flows';

/** Issue 24, "what a new user ran into": a bad link gets one friendly screen, at once, with a way back. */
const suite = browserSuite({ subject: { genus_id: 1, category_id: 1, category_name: '英语四级' } });
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

const SHOTS = process.env.BAD_LINK_SHOTS;
const screen = () => page.getByTestId('not-found-screen');
const skeletons = () => page.locator('[data-testid=skeleton], .sk').count();

async function signedIn(): Promise<void> {
  const user = await newUser(server);
  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [STORAGE_KEYS.jwt, user.token] as const);
}

/** Opens a bad link and waits for the one screen; returns how long after the refusal (`answer`: its URL) it showed. */
async function open(path: string, answer?: RegExp, shows = screen): Promise<number> {
  const answered = answer ? page.waitForResponse((r) => answer.test(r.url()) && r.status() >= 400) : null;
  await page.goto(server.url + path);
  await answered;
  const at = Date.now();
  await shows().waitFor();
  const shown = Date.now() - at;
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${path.replace(/\W+/g, '_')}.png` });
  }
  return shown;
}

/** No internal id, field name or code on screen. */
async function expectPlainWords(id: string): Promise<void> {
  const text = (await page.locator('#root').textContent()) ?? '';
  expect(text).not.toContain(id);
  expect(text).not.toMatch(/\bid\b|_id|400\d|\{|\//);
}

describe('a bad link gets one friendly screen with a way back', () => {
  it('a missing good: one screen (商品不存在), no 错误 dialog, no internal id; 去商城看看 leads to the mall', async () => {
    await signedIn();
    await open('/mall/detail/999999', /detail\?.*id=999999/);
    expect(await screen().locator('h1').textContent()).toBe('商品不存在');
    // The subject lookup fails too, later: still no dialog on top of the screen.
    await page.waitForTimeout(1000);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await page.getByText('错误', { exact: true }).count()).toBe(0);
    expect(await page.getByText('内容不存在或已下架').count()).toBe(0);
    await expectPlainWords('999999');
    expect(await page.title()).toBe('商品不存在 - 备考');
    await page.getByTestId('not-found-link').click();
    await page.waitForURL(/\/mall\/index$/);
  });

  it('a missing e-book (detail and reader) offers 返回 / 返回首页 and other books, never only 重试', async () => {
    await signedIn();
    await open('/ebook/detail/999999', /detail\?.*id=999999/);
    expect(await screen().locator('h1').textContent()).toBe('这本电子书不存在');
    await expectPlainWords('999999');
    expect(await page.getByTestId('not-found-home').textContent()).toBe('返回首页');
    expect(await page.getByTestId('not-found-link').textContent()).toBe('看看其他电子书');

    await open('/ebook/read/999999');
    expect(await screen().locator('h1').textContent()).toBe('这本电子书不存在');
    await expectPlainWords('999999');
    expect(await page.getByRole('button', { name: '重试' }).count()).toBe(0);
    await page.getByTestId('not-found-home').click();
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('reached from another page of the app, the way back is 返回 (through the app’s history)', async () => {
    await signedIn();
    await page.goto(`${server.url}/mall/index`);
    await page.locator('.page').first().waitFor();
    await page.evaluate(() => {
      // An in-app link to a good that is gone (as a card of a stale list would be).
      history.pushState({ idx: 1, key: 'x', usr: null }, '', '/ebook/read/999999');
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    });
    await screen().waitFor();
    await page.getByTestId('not-found-back').click();
    await page.waitForURL(/\/mall\/index$/);
  });

  it('an unknown course list type says so (没有这类课程列表) instead of a broken list', async () => {
    await open('/course/list/zzz', /type=zzz/);
    expect(await screen().locator('h1').textContent()).toBe('没有这类课程列表');
    await expectPlainWords('zzz');
    expect(await page.getByText('点击加载更多').count()).toBe(0);
    await page.getByTestId('not-found-link').click();
    await page.waitForURL(/\/course\/list\/all$/);
    await page.locator('[data-page=course-list]').waitFor();
  });

  it('a 404 replaces the skeleton as soon as it arrives (no skeleton left waiting)', async () => {
    // Course detail: sources that read the missing course never load; nothing waits for them (it still shows its
    // own 内容不存在 box).
    await signedIn();
    const shown = await open('/course/detail/999999', /[?&]id=999999/, () => page.getByText('内容不存在或已下架'));
    expect(await skeletons()).toBe(0);
    expect(shown).toBeLessThan(1500);
  });

  it('an unknown route: the server sends the not-found screen itself (HTTP 404), no skeleton', async () => {
    const res = await fetch(`${server.url}/no/such/page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('页面不存在');
    expect(html).not.toContain('aria-busy');
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${server.url}/no/such/page`);
    // Even before (here: without) any script, the screen is there.
    expect(await page.locator('#root h1').textContent()).toBe('页面不存在');
    expect(await skeletons()).toBe(0);
    expect(await page.title()).toBe('页面不存在 - 备考');
    // The service worker's generic shell stays a neutral skeleton (its offline answer for any route).
    const shell = await fetch(`${server.url}/__app-shell`);
    expect(shell.status).toBe(200);
    expect(await shell.text()).not.toContain('页面不存在');
  });
});
