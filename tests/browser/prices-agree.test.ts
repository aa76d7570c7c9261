/**
 * Issue 24, "prices and buttons that agree": the seed offers the 四六级 vocabulary e-book at 0 yuan (a promotion). Its
 * list card, detail page, reader lock screen, mall card and mall detail all say 免费 / 免费领取 and never show its list
 * price beside 免费领取; the mall lists the book once; no 置顶 badge; 热销 only where sales make it true.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as goods from '../../src/contract/catalog';
import * as ebook from '../../src/contract/ebooks';
import { HOT_SALES } from '../../src/server/areas/catalog/goods-badges';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import { signedInAs } from '../support/login-form';
import type { TestServer } from '../support/test-server';

// 英语四级 (genus 1, category 1) is chosen, as a returning visitor would have it.
const SUBJECT = { genus_id: 1, category_id: 1, category_name: '英语四级' };
const suite = browserSuite({ subject: SUBJECT });
let server: TestServer;
let page: Page;
beforeEach(async () => {
  server = suite.server;
  page = suite.page;
  page.setDefaultTimeout(10000);
  await page.setViewportSize({ width: 375, height: 667 });
});

const SHOTS = '/tmp/shots-h24b';
const NOBODY = '13800000003'; // owns nothing
const BOOK = '四六级高频词汇精讲笔记';
const shot = async (name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};
const mallCards = () => page.locator('[data-testid=list-goods] [data-testid=media-card]');
const bottomButton = () => page.locator('.button-bar-fixed-bottom button').last();
const body = async () => (await page.locator('body').textContent()) ?? '';

async function freeBook() {
  const list = (await request(server.url, ebook.ebookList, { ...SUBJECT, count: 50 })).body.data;
  const book = list.find((b) => b.name === BOOK && b.is_free === 0);
  if (!book) throw new Error(`the seed has no ${BOOK} under 英语四级`);
  const detail = (await request(server.url, ebook.ebookDetailEndpoint, { id: book.id })).body.data;
  const locked = detail.chapters.find((c) => c.locked === 1);
  if (!locked) throw new Error('the book needs a locked chapter');
  return { book, locked };
}

describe('prices and buttons that agree', () => {
  it('the free e-book says 免费 / 免费领取 on its card, detail, lock screen, the mall card and the mall detail; never its list price', async () => {
    const { book, locked } = await freeBook();
    await signedInAs(page, server, NOBODY);

    // The e-book list card and the detail page.
    await page.goto(`${server.url}/ebook/list/all`);
    const card = page.getByTestId('media-card').filter({ hasText: BOOK });
    await card.first().waitFor();
    expect(await card.locator('.mc-accent').textContent()).toBe('免费');
    await page.goto(`${server.url}/ebook/detail/${book.id}`);
    await expect.poll(() => bottomButton().textContent()).toBe('免费领取');
    expect(await page.locator('.mc-accent').first().textContent()).toBe('免费');
    expect(await body()).toContain('免费领取后可阅读全部');
    expect(await body()).not.toContain('¥');
    await shot('ebook-detail-free');

    // The reader's lock screen.
    await page.goto(`${server.url}/ebook/read/${book.id}?chapter=${locked.id}`);
    await expect.poll(() => page.getByTestId('er-locked').textContent(), { timeout: 15000 }).toContain('限时免费');
    expect(await page.getByTestId('er-buy').textContent()).toBe('免费领取');
    expect(await page.getByTestId('er-locked').textContent()).not.toContain('¥');
    await shot('ebook-reader-locked-free');

    // The mall lists the book once, free, with no struck price beside it.
    await page.goto(`${server.url}/mall/index`);
    await expect.poll(() => mallCards().count()).toBeGreaterThanOrEqual(10);
    const all = (await request(server.url, goods.list, { ...SUBJECT, offset: 0, limit: 50 })).body.data;
    expect(all.filter((g) => g.name.includes(BOOK))).toHaveLength(1);
    const bookCard = page.locator('[data-testid=list-goods] [data-testid=media-card]', { hasText: BOOK });
    await bookCard.first().waitFor();
    expect(await bookCard.count()).toBe(1);
    expect(await bookCard.locator('.mc-accent').textContent()).toBe('免费');
    expect(await bookCard.textContent()).not.toContain('¥');
    await bookCard.scrollIntoViewIfNeeded();
    await shot('mall-index-free-book');

    // Its mall detail: 免费, and a 0-yuan good's button says 免费领取, not 立即购买.
    await bookCard.click();
    await page.waitForURL(/\/mall\/detail\/\d+$/);
    await expect.poll(() => bottomButton().textContent()).toBe('免费领取');
    expect(await body()).not.toContain('¥');
    expect(await body()).not.toContain('立即购买');
    await shot('mall-detail-free-book');
  });

  it('no 置顶 badge; 热销 only on a good whose sales make it true', async () => {
    await signedInAs(page, server, NOBODY);
    await page.goto(`${server.url}/mall/index`);
    await expect.poll(() => mallCards().count()).toBeGreaterThanOrEqual(10);
    // The demo has sold nothing: top goods come first but carry no 置顶, and nothing says 热销 beside 已售 0.
    expect(await page.locator('.mc-tag', { hasText: '置顶' }).count()).toBe(0);
    expect(await page.locator('.mc-tag', { hasText: '热销' }).count()).toBe(0);
    await shot('mall-index-badges');

    // A good that sold HOT_SALES is 热销 (and says how many it sold); its detail has no 置顶 either.
    const all = (await request(server.url, goods.list, { ...SUBJECT, offset: 0, limit: 10 })).body.data;
    const top = all.find((g) => g.is_top === 1);
    if (!top) throw new Error('the seed has no top good among the first ten');
    await server.services.db.kysely.updateTable('goods').set({ sales_volume: HOT_SALES }).where('id', '=', top.id).execute();
    await page.reload();
    const hotCard = mallCards().filter({ hasText: top.name }).first();
    await hotCard.waitFor();
    await expect.poll(() => hotCard.locator('.mc-tag').first().textContent()).toBe('热销');
    expect(await hotCard.locator('.mc-meta').textContent()).toContain(`已售 ${HOT_SALES}`);
    expect(await page.locator('.mc-tag', { hasText: '热销' }).count()).toBe(1);
    await hotCard.click();
    await page.waitForURL(`${server.url}/mall/detail/${top.id}`);
    await expect.poll(() => page.locator('h1', { hasText: top.name }).count()).toBe(1);
    expect(await body()).not.toContain('置顶');
    expect(await body()).toContain('热销');
    await shot('mall-detail-hot');
  });
});
