import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as goods from '../../src/contract/catalog';
import * as course from '../../src/contract/courses';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import { freshMobile, loginAs } from '../support/flows';
import { submitCodeForm } from '../support/login-form';
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
});

const cards = () => page.locator('[data-testid=list-goods] [data-testid=media-card]');
const buttons = () => page.locator('.button-bar-fixed-bottom button');

/** A logged-in fresh user whose token the page finds in storage. */
async function signedIn(): Promise<void> {
  const user = await newUser(server);
  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [STORAGE_KEYS.jwt, user.token] as const);
}

/** The subject's goods as the list endpoint gives them (first 50). */
async function subjectGoods() {
  return (await request(server.url, goods.list, { ...SUBJECT, offset: 0, limit: 50 })).body.data;
}

describe('mall pages', () => {
  it('the mall lists the subject’s goods with prices, struck list prices and sales; a card opens its detail route', async () => {
    const all = await subjectGoods();
    expect(all.length).toBeGreaterThan(2);
    await page.goto(`${server.url}/mall/index`);
    await expect.poll(() => cards().count()).toBeGreaterThanOrEqual(Math.min(all.length, 10));
    const first = all[0];
    if (!first) throw new Error('the subject has no goods');
    const card = cards().first();
    expect(await card.locator('h3').textContent()).toContain(first.name);
    expect(await card.locator('.mc-accent').textContent()).toBe(
      first.price > 0 ? `¥${(first.price / 100).toFixed(2).replace(/\.00$/, '')}` : '免费',
    );
    expect(await card.locator('.mc-meta').textContent()).toMatch(/^已售 \d+/);
    // A good with a list price shows it struck through (the demo data has one among the first ten).
    const listed = all.slice(0, 10).findIndex((g) => g.display_price > 0);
    expect(listed).toBeGreaterThanOrEqual(0);
    const struck = cards().nth(listed).locator('.bk-text', { hasText: '¥' });
    expect(await struck.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
    // Tags: 热销 (true only from sales: the demo has sold nothing yet) before 推荐; 置顶 orders the list but is no tag.
    for (const [i, g] of all.slice(0, 10).entries()) {
      const tag = g.is_hot ? '热销' : g.is_recommend ? '推荐' : null;
      const shown = cards().nth(i).locator('.mc-tag');
      if (tag) expect(await shown.first().textContent()).toBe(tag);
      else expect(await shown.count()).toBe(0);
    }
    // The must-buy strip shows the subject's must-buy goods (the demo data has some).
    const must = (await request(server.url, goods.mustBuyList, SUBJECT)).body.data;
    expect(must.length).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-testid=list-mustBuy] [data-testid=media-card]').count()).toBe(must.length);
    expect(await card.getAttribute('href')).toBe(`/mall/detail/${first.id}`);
  });

  it('the detail needs login; after it: price, selling points, collect toggle, and 立即购买 reaches order determine with the referrer', async () => {
    const physical = (await subjectGoods()).find((g) => g.kind === 'physical' && g.selling_point.length > 0);
    if (!physical) throw new Error('the seed has no physical good for 英语四级');
    await page.goto(`${server.url}/mall/detail/${physical.id}?referrer=7`);
    await page.waitForURL(/\/user\/mobile_login\//);
    await submitCodeForm(page, server, freshMobile());
    await page.waitForURL((u) => u.pathname === `/mall/detail/${physical.id}`);
    await expect.poll(() => page.locator('h1', { hasText: physical.name }).count()).toBe(1);
    expect(await page.getByText(physical.selling_point[0] ?? '').count()).toBe(1);
    expect(await page.getByText(/^已售 \d+ · 库存 \d+$/).count()).toBe(1);

    const collect = buttons().first();
    expect(await collect.textContent()).toBe('收藏');
    await collect.click();
    await expect.poll(() => collect.getAttribute('aria-pressed')).toBe('true');
    expect(await collect.textContent()).toBe('已收藏');
    await page.reload();
    await expect.poll(() => buttons().first().getAttribute('aria-pressed')).toBe('true');
    await buttons().first().click();
    await expect.poll(() => buttons().first().textContent()).toBe('收藏');
    await page.reload();
    await expect.poll(() => buttons().first().textContent()).toBe('收藏');

    await buttons().last().click();
    await page.waitForURL((u) => u.pathname === `/order/determine/${physical.id}/7`);
  });

  it('a share link’s & suffix is cut off; 立即购买 without a referrer sends 0; /mall/order forwards to order determine', async () => {
    await signedIn();
    const vip =
      (await subjectGoods()).find((g) => g.kind === 'vip') ??
      (await request(server.url, goods.list, { offset: 0, limit: 50 })).body.data.find((g) => g.kind === 'vip');
    if (!vip) throw new Error('the seed has no VIP good');
    await page.goto(`${server.url}/mall/detail/${vip.id}&from=share`);
    await expect.poll(() => page.locator('h1', { hasText: vip.name }).count()).toBe(1);
    expect(await page.getByText(new RegExp(`会员 ${vip.vip_days} 天`)).count()).toBe(1);
    await buttons().last().click();
    await page.waitForURL((u) => u.pathname === `/order/determine/${vip.id}/0`);

    await page.goto(`${server.url}/mall/order/${vip.id}`);
    await page.waitForURL((u) => u.pathname === `/order/determine/${vip.id}/0`);
  });

  it('a course’s buy button opens the good that sells it', async () => {
    await signedIn();
    const course = (await subjectGoods()).find((g) => g.kind === 'course' && g.price > 0);
    if (!course) throw new Error('the seed has no course good');
    await page.goto(`${server.url}/course/detail/${course.ref_id}`);
    const buy = page.locator('.button-bar-fixed-bottom button', { hasText: '购买课程' });
    await expect.poll(() => buy.count()).toBe(1);
    await buy.click();
    await page.waitForURL((u) => u.pathname === `/mall/detail/${course.id}`);
    await expect.poll(() => page.locator('h1', { hasText: course.name }).count()).toBe(1);
    expect(await buttons().last().textContent()).toBe('立即购买');
  });

  it('an e-book’s and a question bank’s buy buttons open the goods that sell them', async () => {
    await signedIn();
    const all = await subjectGoods();
    // One good per book: 英语四级's e-book good is the seed's 0 元 promotion (no second, paid listing of it).
    const book = all.find((g) => g.kind === 'ebook');
    const bank = all.find((g) => g.kind === 'question_bank' && g.price > 0);
    if (!book || !bank) throw new Error('the seed has no e-book or question bank good for 英语四级');
    // The good on sale that sells the book is the one its button opens (here the 0 元 promotion: 免费领取).
    const seller = (await request(server.url, goods.mapping, { type: 'ebook', id: String(book.ref_id) })).body.data;
    await page.goto(`${server.url}/ebook/detail/${book.ref_id}`);
    await buttons()
      .filter({ hasText: seller.price > 0 ? '购买' : '免费领取' })
      .click();
    await page.waitForURL((u) => u.pathname === `/mall/detail/${seller.good_id}`);
    await page.goto(`${server.url}/question/child_list/${bank.ref_id}`);
    await buttons().filter({ hasText: '购买题库' }).click();
    await page.waitForURL((u) => u.pathname === `/mall/detail/${bank.id}`);
  });

  it('a bought bundle’s detail shows 已购买 · 去学习, which opens the bundle', async () => {
    const owner = await loginAs(server, '13800000001');
    await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [STORAGE_KEYS.jwt, owner.token] as const);
    const mine = (await request(server.url, goods.list, { ...SUBJECT, offset: 0, limit: 50 }, { token: owner.token })).body.data;
    const bought = mine.find((g) => g.kind === 'course' && g.has_pay === 1);
    if (!bought) throw new Error('13800000001 owns no course good of 英语四级');
    const c = (await request(server.url, course.courseDetail_, { id: bought.ref_id }, { token: owner.token })).body.data;
    await page.goto(`${server.url}/mall/detail/${bought.id}`);
    const study = page.locator('.button-bar-fixed-bottom button', { hasText: '已购买 · 去学习' });
    await expect.poll(() => study.count()).toBe(1);
    await expect.poll(() => page.getByText('已购买 · 可直接学习').count()).toBe(1);
    await study.click();
    const want = c.is_single === 1 ? `/course/detail/${c.id}` : `/course/bundle_detail/${c.id}`;
    await page.waitForURL((u) => u.pathname === want);
  });

  it('an unknown good: one not-found screen (商品不存在); the subject lookup’s not-found opens no 错误 dialog (issue 24)', async () => {
    await signedIn();
    await page.goto(`${server.url}/mall/detail/99999999`);
    await expect.poll(() => page.getByTestId('not-found-screen').locator('h1').textContent()).toBe('商品不存在');
    await page.waitForTimeout(500);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
  });
});
