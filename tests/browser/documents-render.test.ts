import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as ebook from '../../src/contract/ebooks';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import { signedInAs } from '../support/login-form';
import type { TestServer } from '../support/test-server';

/** Issue 24, "Documents that render": GitHub-flavoured Markdown in the agreements, list items in e-book chapters. */
const suite = browserSuite();
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

const VIP = '13800000002'; // 四六级 VIP: reads every chapter

describe('documents that render', () => {
  it('the 个人信息收集清单 shows its table as a table, with no raw | --- | pipes', async () => {
    await page.goto(`${server.url}/user/agreement/personal-info`);
    const body = page.getByTestId('markdown');
    await expect.poll(() => body.locator('table').count()).toBeGreaterThan(0);
    expect(await body.locator('table th').count()).toBeGreaterThan(1);
    expect(await body.locator('table td').count()).toBeGreaterThan(3);
    expect(await body.textContent()).not.toContain('| ---');
    expect(await body.textContent()).not.toMatch(/\|\s*-{3}/);
    await page.screenshot({ path: '/tmp/documents-personal-info.png', fullPage: true, style: '.feedback-button { visibility: hidden; }' });
  });

  it('an e-book chapter draws its bullet lists as list items, never a literal "- "', async () => {
    await signedInAs(page, server, VIP);
    const list = await request(server.url, ebook.ebookList, { genus_id: 1, category_id: 1, count: 50 });
    const book = list.body.data.find((b) => b.name.includes('高频词汇'));
    if (!book) throw new Error('the seed has no 高频词汇 book under 英语四级');
    await page.goto(`${server.url}/ebook/read/${book.id}`);
    const reader = page.getByTestId('ebook-reader');
    await expect.poll(() => reader.getAttribute('data-chapter-phase'), { timeout: 15000 }).toBe('ready');
    await expect.poll(() => reader.locator('p.er-li').count()).toBeGreaterThan(0);
    const texts = await reader.locator('[data-span]').allTextContents();
    expect(texts.filter((t) => /^\s*[-*]\s/.test(t))).toEqual([]);
    // The bullet is drawn (a ::before), not part of the text a bookmark or a highlight anchors to.
    const bullet = await reader
      .locator('p.er-li')
      .first()
      .evaluate((el) => getComputedStyle(el, '::before').content);
    expect(bullet).toBe('"•"');
  });
});
