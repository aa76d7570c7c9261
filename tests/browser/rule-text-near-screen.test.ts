import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSuite } from '../support/browser';
import { pagesDirWithFixtures } from '../support/pages-dir';
import type { TestServer } from '../support/test-server';

/**
 * An operator's page with rules in the page config that depend on data (Markdown with an expression, so no server
 * HTML) far below the first screen: the Markdown renderer is left out of the page's start and fetched when the user
 * scrolls near the rules. Literal rules on another page come with the server's HTML and never fetch it.
 */
const pages = pagesDirWithFixtures();
pages.write('activity/rules-far-below.json', {
  $schema: '../../schemas/page.schema.json',
  name: 'activity-rules-far-below',
  path: '/activity/rules-far-below',
  meta: { title: '规则在下方', auth: false, needCategory: false },
  blocks: [
    { type: 'text', props: { text: '春季备考计划', as: 'h1' } },
    ...Array.from({ length: 120 }, (_, i) => ({ type: 'text', props: { text: `第 ${i + 1} 段：每天背 30 个单词，做一套听力。` } })),
    {
      type: 'rule-text',
      // An expression in the text: it is drawn on the client (a literal text comes with the server's HTML).
      props: { content: "1. 活动时间：${'3 月 1 日至 3 月 31 日'}\n2. 每个手机号限参加一次\n3. **奖品**在活动结束后 7 天内发放" },
    },
  ],
});
const suite = browserSuite({ server: { config: { pagesDir: pages.dir } }, cleanup: () => pages.remove() });
let server: TestServer;
let page: Page;
let requested: string[];
beforeEach(() => {
  server = suite.server;
  page = suite.page;
  requested = [];
  page.on('request', (r) => requested.push(r.url()));
});
const markdownFetched = () => requested.some((url) => /\/assets\/react-markdown-[^/]*\.js$/.test(url));
const rules = () => page.getByTestId('rule-text');

describe('rules written as Markdown in a page config', () => {
  it('keep their space and skip the Markdown renderer until the user scrolls near them; then show as a list', async () => {
    await page.goto(`${server.url}/activity/rules-far-below`);
    await rules().waitFor();
    await page.waitForLoadState('networkidle');
    const pending = rules().locator('[aria-busy=true]');
    expect(await pending.count()).toBe(1);
    // Three lines of rules keep three lines of space (no jump when they arrive).
    expect((await pending.boundingBox())?.height).toBeGreaterThan(60);
    expect(markdownFetched()).toBe(false);

    await rules().scrollIntoViewIfNeeded();
    await expect.poll(() => rules().locator('ol > li').count()).toBe(3);
    expect(await rules().locator('ol > li strong').textContent()).toBe('奖品');
    expect(await pending.count()).toBe(0);
    expect(markdownFetched()).toBe(true);
  });

  it('literal rules come with the server HTML: drawn at once, no Markdown renderer', async () => {
    await page.goto(`${server.url}/activity/promotion1`);
    const first = page.getByTestId('rule-text').first();
    await expect.poll(() => first.locator('ol > li').count()).toBe(3);
    await page.waitForLoadState('networkidle');
    expect(markdownFetched()).toBe(false);
  });
});
