import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSuite } from '../support/browser';
import { pagesDirWithFixtures } from '../support/pages-dir';
import type { TestServer } from '../support/test-server';

const pages = pagesDirWithFixtures();
const suite = browserSuite({
  server: { config: { pagesDir: pages.dir, watchPages: true } },
  prepare: (context, s) => context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.url }),
  cleanup: () => pages.remove(),
});
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

const toast = () => page.locator('[data-testid=toast]').textContent();

describe('page-config runtime in the browser', () => {
  it('renders a page from config: title from route params, dependent sources, refetch on a bound value', async () => {
    await page.goto(`${server.url}/test/runtime/7`);
    await expect.poll(() => page.title()).toBe('运行时测试 7 - 备考');
    await expect.poll(() => page.locator('[data-page=test-runtime-actions]').textContent()).toContain('当前大类：英语四六级');
    await expect.poll(() => page.locator('[data-testid=list-categories] li').allTextContents()).toEqual(['英语四级', '英语六级']);
    await page.getByRole('button', { name: '下一个大类' }).click();
    await expect.poll(() => page.locator('[data-page=test-runtime-actions]').textContent()).toContain('当前大类：计算机等级');
    await expect.poll(() => page.locator('[data-testid=list-categories] li').count()).toBe(3);
  });

  it('shows a failed source as the server message, without the internal id', async () => {
    await page.goto(`${server.url}/test/runtime/1`);
    await expect.poll(() => page.locator('[data-page=test-runtime-actions]').textContent()).toContain('错误：资讯不存在');
  });

  it('runs actions: copy with its toast, a failing call toasts the envelope msg, popups and navigation', async () => {
    await page.goto(`${server.url}/test/runtime/3`);
    await page.getByRole('button', { name: '复制口令' }).click();
    await expect.poll(toast).toBe('复制成功');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('BEIKAO-3');
    await page.getByRole('button', { name: '调用失败' }).click();
    await expect.poll(toast).toBe('资讯不存在');
    await page.getByRole('button', { name: '打开客服' }).click();
    await expect.poll(() => page.locator('[data-testid=customer-service-popup] img').getAttribute('src')).toContain('/media/qr/');
    await page.locator('[data-testid=customer-service-backdrop]').click({ position: { x: 5, y: 5 } });
    await expect.poll(() => page.locator('[data-testid=customer-service-popup]').count()).toBe(0);
    await page.getByRole('button', { name: '去首页' }).click();
    await page.waitForURL(`${server.url}/study/category`);
  });

  it('an operator adds a promotion page by adding a file: it is live without a rebuild; a broken edit keeps the last good version', async () => {
    const promo = {
      $schema: '../../schemas/page.schema.json',
      name: 'activity-promotion-test',
      path: '/activity/promotion-test',
      meta: { title: '限时推广', auth: false, needCategory: false },
      blocks: [{ type: 'text', props: { text: '扫码进群领资料', as: 'h1' } }],
    };
    pages.write('activity/activity-promotion-test.json', promo);
    await expect.poll(() => server.services.pages.get('activity-promotion-test')?.meta.title, { timeout: 5000 }).toBe('限时推广');
    await page.goto(`${server.url}/activity/promotion-test`);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('扫码进群领资料');

    pages.write('activity/activity-promotion-test.json', { ...promo, blocks: [{ type: 'text', props: { text: '${data.' } }] });
    // Wait until the store has read the broken edit and refused it, then check the old version still serves.
    const refusedEdit = () =>
      server.services.pages
        .refusals()
        .some((p) => p.file.endsWith('activity/activity-promotion-test.json') && p.path === '/blocks/0/props/text');
    await expect.poll(refusedEdit, { timeout: 5000 }).toBe(true);
    expect(server.services.pages.get('activity-promotion-test')?.blocks).toEqual(promo.blocks);
    await page.reload();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('扫码进群领资料');
  });

  it('a block whose chunk cannot be loaded offers a retry instead of a blank page', async () => {
    await page.route(/\/assets\/TextBlock-[^/]+\.js$/, (route) => route.abort());
    await page.goto(`${server.url}/test/runtime/2`);
    await expect.poll(() => page.locator('.block-retry').first().textContent()).toContain('重试');
    await expect.poll(() => page.locator('[data-testid=list-categories] li').count()).toBeGreaterThan(0);
  });

  it('the dev-only page gallery lists every page config and opens one', async () => {
    await page.goto(`${server.url}/dev/pages`);
    await expect.poll(() => page.locator('[data-testid="list-manifest.routes"] li').count()).toBeGreaterThan(150);
    await page.locator('[data-testid="list-manifest.routes"] li', { hasText: '/activity/sprint' }).first().click();
    await page.waitForURL(`${server.url}/activity/sprint`);
  });

  it('the title of /news/detail/special/:type depends on the type', async () => {
    await page.goto(`${server.url}/news/detail/special/signup`);
    await expect.poll(() => page.title()).toBe('报名入口 - 备考');
    await page.goto(`${server.url}/news/detail/special/outline`);
    await expect.poll(() => page.title()).toBe('考试大纲 - 备考');
  });
});
