import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSuite } from '../support/browser';
import type { TestServer } from '../support/test-server';

const suite = browserSuite();
let server: TestServer;
let page: Page;
let searches: string[];
beforeEach(() => {
  server = suite.server;
  page = suite.page;
  searches = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/genus/search') searches.push(req.postData() ?? '');
  });
});

interface Picked {
  genusId: number;
  categoryId: number;
  name: string;
}

/** On /study/category: taps the genus tab at `genusIndex`, then its first category. */
async function pickSubject(genusIndex: number): Promise<Picked> {
  await page.locator('.genus-tabs button').nth(genusIndex).click();
  const db = server.services.db.kysely;
  const genus = await db
    .selectFrom('genera')
    .select('id')
    .orderBy('sort')
    .orderBy('id')
    .offset(genusIndex)
    .limit(1)
    .executeTakeFirstOrThrow();
  const cat = await db
    .selectFrom('categories')
    .select(['id', 'name'])
    .where('genus_id', '=', genus.id)
    .orderBy('sort')
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  await page.locator(`.category-list button[data-category="${cat.id}"]`).click();
  return { genusId: genus.id, categoryId: cat.id, name: cat.name };
}

async function newsTitles(categoryId: number): Promise<string[]> {
  const rows = await server.services.db.kysely.selectFrom('news').select('title').where('category_id', '=', categoryId).execute();
  return rows.map((r) => r.title);
}

/** Scrolls until the paged list's footer says everything is loaded. */
async function scrollToEnd(): Promise<void> {
  const footer = page.locator('[data-testid=list-footer]');
  for (let i = 0; i < 15 && (await footer.getAttribute('data-state')) !== 'loaded'; i++) {
    await page.mouse.wheel(0, 6000);
    await page.waitForTimeout(250);
  }
  await expect.poll(() => footer.textContent()).toBe('已全部加载');
}

const texts = (selector: string) => page.locator(selector).allTextContents();

describe('study content in a phone-sized browser', () => {
  it('gates a new visitor, then shows the home feed, the full news list and an article for the chosen subject', async () => {
    await page.goto(server.url);
    await page.waitForURL(/\/study\/category\?redirect=%2F$/);
    const subject = await pickSubject(0);
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.locator('[data-testid=top-bar]').textContent()).toContain(subject.name);

    // Going list with progress to two decimals, recommended news, columns and the news list of the subject.
    await expect.poll(() => page.locator('[data-testid=list-going] li').count()).toBeGreaterThanOrEqual(2);
    for (const meta of await texts('[data-testid=list-going] .card-item-meta')) expect(meta).toMatch(/^已进行 \d{1,3}\.\d{2}%$/);
    await expect.poll(() => page.locator('[data-testid=list-columns] li').count()).toBeGreaterThanOrEqual(2);
    const own = await newsTitles(subject.categoryId);
    await expect.poll(() => page.locator('[data-testid=list-news] li').count()).toBeGreaterThanOrEqual(10);
    for (const t of await texts('[data-testid=list-news] li h3')) expect(own).toContain(t);
    for (const t of await texts('[data-testid=list-recommend] li h3')) expect(own).toContain(t);

    // The recommended feed tab mixes news and strategies.
    await page.getByRole('tab', { name: '为你推荐' }).click();
    await expect.poll(() => page.locator('[data-testid=list-feed] li').count()).toBeGreaterThanOrEqual(10);
    await scrollToEnd();
    expect(await page.locator('[data-testid=list-feed] .card-item-badge', { hasText: '攻略' }).count()).toBeGreaterThanOrEqual(12);

    // The 资讯 tab of /study/list: scroll to the end, every article of the subject is there once.
    await page.goto(`${server.url}/`);
    await page.locator('[data-testid=grid] a', { hasText: '资讯' }).click();
    await page.waitForURL(`${server.url}/study/list/news`);
    await expect.poll(() => page.locator('[role=tab][aria-selected=true]').textContent()).toBe('资讯');
    await scrollToEnd();
    const listed = await texts('[data-testid=list-news] li h3');
    expect([...listed].sort()).toEqual([...own].sort());

    const first = page.locator('[data-testid=list-news] li a').first();
    const title = (await first.locator('h3').textContent())?.trim() ?? '';
    await first.click();
    await expect.poll(() => page.locator('article h1').first().textContent()).toBe(title);
    expect(await page.locator('article p').count()).toBeGreaterThan(1);
  });

  it('refuses an empty word, searches, keeps the word in the history and opens a strategy (counting a view)', async () => {
    await page.goto(`${server.url}/study/search`);
    await pickSubject(0);
    await page.waitForURL(`${server.url}/study/search`);
    await expect.poll(() => page.locator('[data-testid=search-hot] .chip').count()).toBe(10);

    await page.fill('input[name=word]', '   ');
    await page.press('input[name=word]', 'Enter');
    await expect.poll(() => page.locator('[data-testid=search-message]').textContent()).toBe('请输入搜索词');
    expect(searches).toEqual([]);

    await page.fill('input[name=word]', '听力');
    await page.press('input[name=word]', 'Enter');
    await page.waitForURL(/\/study\/search\?word=%E5%90%AC%E5%8A%9B$/);
    await expect.poll(() => page.locator('[data-testid=search-results] .search-group').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('[data-testid=search-message]').count()).toBe(0);
    for (const t of await texts('.search-hit mark')) expect(t).toBe('听力');

    // Clearing the input shows the history with the word first.
    await page.getByRole('button', { name: '清除' }).click();
    await expect.poll(() => texts('[data-testid=search-history] .chip')).toEqual(['听力']);
    // A hot word searches at once and goes to the front of the history.
    const hot = page.locator('[data-testid=search-hot] .chip').first();
    const hotWord = (await hot.textContent()) ?? '';
    await hot.click();
    await expect.poll(() => page.inputValue('input[name=word]')).toBe(hotWord);
    await page.locator('[data-testid=search-results], [data-testid=search-empty]').first().waitFor();
    await page.getByRole('button', { name: '清除' }).click();
    await expect.poll(() => texts('[data-testid=search-history] .chip')).toEqual([hotWord, '听力']);

    // A strategy hit opens its page, which counts one view.
    await page.fill('input[name=word]', '专项攻略');
    await page.click('button.search-submit');
    const hit = page.locator('[data-kind=strategy] a').first();
    await hit.waitFor();
    const id = Number((await hit.getAttribute('href'))?.split('/').pop());
    const views = async () =>
      (await server.services.db.kysely.selectFrom('strategies').select('view_count').where('id', '=', id).executeTakeFirstOrThrow())
        .view_count;
    const before = await views();
    await hit.click();
    await page.waitForURL(`${server.url}/stratege/detail/${id}`);
    await expect.poll(views).toBe(before + 1);
    await expect.poll(() => page.locator('article .bk-md-meta').textContent()).toContain(`阅读 ${before + 1}`);

    // Back: the results come again from the word in the URL.
    await page.goBack();
    await expect.poll(() => page.locator('[data-kind=strategy] a').count()).toBeGreaterThan(0);
    expect(await page.inputValue('input[name=word]')).toBe('专项攻略');
  });

  it('switching the subject resets the lists to the new subject’s content', async () => {
    await page.goto(server.url);
    const a = await pickSubject(0);
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.locator('[data-testid=list-news] li').count()).toBeGreaterThanOrEqual(10);
    await page.goto(`${server.url}/study/search?word=${encodeURIComponent('备考')}`);
    await expect.poll(() => page.locator('.search-hit').count()).toBeGreaterThan(0);

    await page.goto(`${server.url}/study/category`);
    const b = await pickSubject(1);
    await page.waitForURL(`${server.url}/`);
    expect(b.categoryId).not.toBe(a.categoryId);
    await expect.poll(() => page.locator('[data-testid=top-bar]').textContent()).toContain(b.name);
    const own = await newsTitles(b.categoryId);
    await expect.poll(() => page.locator('[data-testid=list-news] li').count()).toBeGreaterThanOrEqual(10);
    for (const t of await texts('[data-testid=list-news] li h3')) expect(own).toContain(t);
    await expect.poll(() => page.locator('[data-testid=list-going] li').count()).toBeGreaterThanOrEqual(2);
    for (const t of await texts('[data-testid=list-going] li h3')) expect(t).toContain(b.name);

    await page.goto(`${server.url}/study/list/news`);
    await scrollToEnd();
    expect((await texts('[data-testid=list-news] li h3')).sort()).toEqual([...own].sort());

    await page.goto(`${server.url}/stratege/list`);
    const strategies = await server.services.db.kysely
      .selectFrom('strategies')
      .select('title')
      .where('category_id', '=', b.categoryId)
      .execute();
    await expect.poll(() => page.locator('[data-testid=list-strategies] li').count()).toBeGreaterThanOrEqual(10);
    for (const t of await texts('[data-testid=list-strategies] li h3'))
      expect(strategies.map((x) => x.title)).toContain(t.replace(/^置顶/, ''));

    await page.goto(`${server.url}/study/search?word=${encodeURIComponent('备考')}`);
    await expect.poll(() => page.locator('.search-hit').count()).toBeGreaterThan(0);
    expect(searches.at(-1)).toContain(`"category_id":${b.categoryId}`);
  });
});
