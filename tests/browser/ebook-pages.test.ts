/**
 * The e-book pages around the reader: the list, the detail page (table of contents with 免费 and locks, 收藏, start /
 * continue reading, buy), /user/ebook after reading, and — with the app's service worker allowed — a book opened
 * once reopening after a reload with no network at all.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as ebook from '../../src/contract/ebooks';
import * as userCenter from '../../src/contract/users-center';
import { charCount } from '../../src/format/ebook';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { request } from '../support/api-client';
import { browserSuite, phoneContext } from '../support/browser';
import { signedInAs, submitCodeForm } from '../support/login-form';
import type { TestServer } from '../support/test-server';
import { newUser } from '../support/user-center-flows';

// 英语四级 (genus 1, category 1) is chosen, as a returning visitor would have it.
const SUBJECT = { genus_id: 1, category_id: 1, category_name: '英语四级' };
const suite = browserSuite({ subject: SUBJECT });
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
  page.setDefaultTimeout(10000);
});

const VIP = '13800000002'; // 四六级 VIP: reads every chapter
const NOBODY = '13800000003'; // owns nothing

/** The paid vocabulary book of 英语四级 (first chapter free) and its table of contents. */
async function vocabularyBook() {
  const list = await request(server.url, ebook.ebookList, { ...SUBJECT, count: 50 });
  const book = list.body.data.find((b) => b.name.includes('高频词汇') && b.is_free === 0);
  if (!book) throw new Error('the seed has no paid 高频词汇 book under 英语四级');
  const detail = await request(server.url, ebook.ebookDetailEndpoint, { id: book.id });
  return { ...book, chapters: detail.body.data.chapters };
}

const cards = () => page.getByTestId('media-card');
const rows = () => page.getByTestId('ebook-toc-row');
const toast = () => page.getByTestId('toast').textContent();
const bottomButton = () => page.locator('.button-bar-fixed-bottom .bb-button');
const collectButton = () => page.locator('.bb-button', { hasText: /收藏/ });

describe('e-book pages', () => {
  it('list → detail: the card, the table of contents with 免费 and locks, a locked chapter, 购买, and the free chapter opens in the reader', async () => {
    const book = await vocabularyBook();
    await signedInAs(page, server, NOBODY);
    await page.goto(`${server.url}/ebook/list/all`);
    const card = cards().filter({ hasText: book.name }).first();
    await card.waitFor();
    expect(await card.locator('.mc-meta').textContent()).toBe(book.author);
    expect(await card.locator('.mc-accent').textContent()).toBe('免费'); // its good sells it for 0 yuan (the seed's promotion)
    expect(await card.textContent()).toContain(`共 ${book.chapter_count} 章 · ${charCount(book.char_count)}`);
    expect(await card.locator('.mc-tag').count()).toBe(0); // only free books carry the 免费 label

    // The 免费 tab lists free books only.
    await page.getByRole('tab', { name: '免费', exact: true }).click();
    await page.waitForURL(/\/ebook\/list\/free$/);
    // The tab shows exactly the subject's free books (the server's free filter), each labelled 免费; none of them the paid book.
    const freeBooks = (await request(server.url, ebook.ebookList, { ...SUBJECT, type: 'free', count: 50 })).body.data;
    expect(freeBooks.every((b) => b.is_free === 1)).toBe(true);
    await expect
      .poll(() => page.locator('[data-testid="list-ebooks"] [data-state]').getAttribute('data-state'))
      .toBe(freeBooks.length > 0 ? 'loaded' : 'no-data');
    expect(await cards().count()).toBe(freeBooks.length);
    expect(await page.locator('.mc-tag', { hasText: '免费' }).count()).toBe(freeBooks.length);
    expect(await cards().filter({ hasText: book.name }).count()).toBe(0);
    await page.getByRole('tab', { name: '全部', exact: true }).click();
    await page.waitForURL(/\/ebook\/list\/all$/);

    await cards().filter({ hasText: book.name }).first().click();
    await page.waitForURL(`${server.url}/ebook/detail/${book.id}`);
    await expect.poll(() => rows().count()).toBe(book.chapters.length);
    expect(await page.getByTestId('ebook-toc').locator('header').textContent()).toContain(`共 ${book.chapters.length} 章`);
    const free = book.chapters.filter((c) => c.is_free === 1);
    const locked = book.chapters.filter((c) => c.locked === 1);
    expect(free.length).toBe(book.free_chapters);
    expect(locked.length).toBe(book.chapters.length - book.free_chapters);
    expect(await page.locator('[data-testid=ebook-toc-row][data-free]').count()).toBe(free.length);
    expect(await page.locator('[data-testid=ebook-toc-row][data-locked]').count()).toBe(locked.length);
    expect(await page.locator('[data-testid=ebook-toc-row][data-locked] [aria-label="未解锁"]').count()).toBe(locked.length);
    expect(await page.locator('body').textContent()).toContain(`前 ${book.free_chapters} 章免费试读`);

    // A locked chapter stays on the page and says how to open it. The bottom bar offers the cheapest good
    // on sale for the book: the seed runs a 0-yuan promotion for it (限时 0 元领), so it reads 免费领取.
    await page.locator(`[data-testid=ebook-toc-row][data-id="${locked[0]?.id}"]`).click();
    await expect.poll(toast).toContain('购买后即可阅读全部章节');
    expect(page.url()).toBe(`${server.url}/ebook/detail/${book.id}`);
    expect(await bottomButton().textContent()).toBe('免费领取');
    expect(await page.getByText('开始阅读').count()).toBe(0);

    // The free chapter opens the reader at that chapter.
    await page.locator(`[data-testid=ebook-toc-row][data-id="${free[0]?.id}"]`).click();
    await page.waitForURL(`${server.url}/ebook/read/${book.id}?chapter=${free[0]?.id}`);
    await expect.poll(() => page.getByTestId('ebook-reader').getAttribute('data-chapter-id')).toBe(String(free[0]?.id));
  });

  it('a VIP: no locks, 收藏 toggles and stays, 开始阅读 opens the reader, /user/ebook then lists the book and the detail continues it', async () => {
    const book = await vocabularyBook();
    const token = await signedInAs(page, server, VIP);
    await page.goto(`${server.url}/ebook/detail/${book.id}`);
    await expect.poll(() => rows().count()).toBe(book.chapters.length);
    expect(await page.locator('[data-testid=ebook-toc-row][data-locked]').count()).toBe(0);
    expect(await page.locator('[data-testid=ebook-toc-row][data-free]').count()).toBe(0);
    expect(await page.locator('body').textContent()).toContain(`会员专享 · 可阅读全部 ${book.chapter_count} 章`);
    expect(await page.getByRole('button', { name: '下载离线阅读' }).count()).toBe(1);

    // 收藏 is a toggle kept by the server.
    expect(await collectButton().getAttribute('aria-pressed')).not.toBe('true');
    await collectButton().click();
    await expect.poll(toast).toBe('已加入收藏');
    await expect.poll(() => collectButton().getAttribute('aria-pressed')).toBe('true');
    const mine = await request(server.url, userCenter.collections, { type: 'ebook', offset: 0, count: 20 }, { token });
    expect(mine.body.data.map((c) => c.ref_id)).toContain(book.id);
    await page.reload();
    await expect.poll(() => collectButton().textContent()).toBe('已收藏');
    await collectButton().click();
    await expect.poll(() => collectButton().getAttribute('aria-pressed')).not.toBe('true');
    const after = await request(server.url, userCenter.collections, { type: 'ebook', offset: 0, count: 20 }, { token });
    expect(after.body.data.map((c) => c.ref_id)).not.toContain(book.id);

    // Nothing read yet: 开始阅读, and the book is not on the shelf.
    expect(await bottomButton().textContent()).toBe('开始阅读');
    await bottomButton().click();
    await page.waitForURL(`${server.url}/ebook/read/${book.id}`);
    await expect.poll(() => page.getByTestId('ebook-reader').getAttribute('data-chapter-phase'), { timeout: 15000 }).toBe('ready');
    await page.waitForTimeout(1500); // some reading time

    // Leaving the reader reports the place; the shelf then has the book with its progress.
    await page.goto(`${server.url}/user/ebook`);
    const shelf = () => cards().filter({ hasText: book.name });
    await expect
      .poll(
        async () => {
          if ((await shelf().count()) === 0) await page.reload();
          return shelf().count();
        },
        { timeout: 15000 },
      )
      .toBe(1);
    expect(await shelf().locator('.mc-action').textContent()).toMatch(/^已读 \d+%$/);
    expect(await shelf().locator('.mc-meta').textContent()).toContain('会员畅读');
    expect(await shelf().getAttribute('href')).toBe(`/ebook/read/${book.id}`);
    expect(await shelf().locator('[role=progressbar]').count()).toBe(1);

    await page.goto(`${server.url}/ebook/detail/${book.id}`);
    await expect.poll(() => bottomButton().textContent()).toMatch(/^继续阅读 · 已读 \d+%$/);
    expect(await page.locator('[data-testid=ebook-toc-row] .etoc-reading').count()).toBe(1);
  });

  it('/user/ebook without books shows the empty state with a way to the e-books', async () => {
    // A brand-new user (13800000003 has read a free chapter in the first test: that book is on its shelf now).
    const user = await newUser(server);
    await page.addInitScript(([key, t]) => localStorage.setItem(key, t), [STORAGE_KEYS.jwt, user.token] as const);
    await page.goto(`${server.url}/user/ebook`);
    await page.getByText('还没有电子书').waitFor();
    await page.getByRole('button', { name: '去看看电子书' }).click();
    await page.waitForURL(`${server.url}/study/list/ebook`);
    await cards().first().waitFor();
  });
});

describe('reading offline (service worker)', () => {
  let context: BrowserContext | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  it('a book opened once reopens after a reload with no network: the shell and page from the worker, the chapter from the device', async () => {
    const book = await vocabularyBook();
    // Service workers need a secure context: localhost (not 127.0.0.1 by name) on plain http.
    const base = server.url.replace('127.0.0.1', 'localhost');
    context = await phoneContext(suite.browser, undefined, { serviceWorkers: 'allow' });
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      STORAGE_KEYS.examContext,
      JSON.stringify(SUBJECT),
    ] as const);
    const p = await context.newPage();
    p.setDefaultTimeout(15000);

    // Online: open the reader, log in through the form on the way (the reader route needs a session).
    server.advance(61);
    await p.goto(`${base}/ebook/read/${book.id}`);
    await p.waitForURL(/\/user\/mobile_login\//);
    await submitCodeForm(p, server, VIP);
    await p.waitForURL(`${base}/ebook/read/${book.id}`);
    const reader = p.getByTestId('ebook-reader');
    await expect.poll(() => reader.getAttribute('data-chapter-phase'), { timeout: 15000 }).toBe('ready');
    const chapterId = await reader.getAttribute('data-chapter-id');
    const firstSpan = await p.locator('[data-span="0"]').textContent();
    expect(firstSpan).toBeTruthy();

    // The worker takes control and keeps this route's page (its HTML came before the worker: the app tells it).
    await expect.poll(() => p.evaluate(() => Boolean(navigator.serviceWorker?.controller)), { timeout: 20000 }).toBe(true);
    const readerPageKept = () =>
      p.evaluate(async () => {
        for (const name of await caches.keys()) {
          if (name.startsWith('beikao-html-') && (await (await caches.open(name)).match('/__sw/route/ebook-read'))) return true;
        }
        return false;
      });
    await expect.poll(readerPageKept, { timeout: 20000 }).toBe(true);

    // No network at all: the reload still shows the chapter.
    await context.setOffline(true);
    await p.reload();
    await expect.poll(() => reader.getAttribute('data-chapter-phase'), { timeout: 15000 }).toBe('ready');
    expect(await reader.getAttribute('data-chapter-id')).toBe(chapterId);
    expect(await p.locator('[data-span="0"]').textContent()).toBe(firstSpan);
    await expect.poll(() => p.getByTestId('er-offline').isVisible()).toBe(true);

    // Another address of the same route (the chapter in the query) opens too: the route's page answers any of them.
    await p.goto(`${base}/ebook/read/${book.id}?chapter=${chapterId}`);
    await expect.poll(() => reader.getAttribute('data-chapter-phase'), { timeout: 15000 }).toBe('ready');
    expect(await p.locator('[data-span="0"]').textContent()).toBe(firstSpan);

    // What the worker cached: the shell, scripts, page configs and pages — never an API reply or a video segment.
    const cached = await p.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    expect(cached).toContain('/__app-shell');
    expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((u) => u.startsWith('/api/') && !u.startsWith('/api/pages/'))).toEqual([]);
    expect(cached.filter((u) => u.startsWith('/vod/') || u.startsWith('/member/'))).toEqual([]);
    await context.setOffline(false);
  });
});
