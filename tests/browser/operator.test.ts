import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSuite } from '../support/browser';
import { pagesDirWithFixtures } from '../support/pages-dir';
import type { TestServer } from '../support/test-server';

const pages = pagesDirWithFixtures();
const suite = browserSuite({
  server: { config: { pagesDir: pages.dir, watchPages: true } },
  cleanup: () => pages.remove(),
});
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

/** Saves like `sed -i` and most editors: a new file renamed over the old one. */
function renameSave(rel: string, value: unknown): void {
  const file = path.join(pages.dir, rel);
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.swap`);
  fs.writeFileSync(tmp, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  fs.renameSync(tmp, file);
}

const promo = (text: string, over: Record<string, unknown> = {}) => ({
  $schema: '../../schemas/page.schema.json',
  name: 'activity-operator-promo',
  path: '/activity/operator-promo',
  meta: { title: '运营推广', auth: false, needCategory: false },
  blocks: [{ type: 'text', props: { text, as: 'h1' } }],
  ...over,
});

const heading = () => page.locator('[data-page=activity-operator-promo] h1').first().textContent();
const served = () => server.services.pages.get('activity-operator-promo')?.blocks;

describe('an operator edits page files while the app runs', () => {
  it('each rename-save shows on the next load; a broken save keeps the last good version; a copy with the same path does not take the route', async () => {
    renameSave('activity/operator-promo.json', promo('第一版'));
    await expect.poll(served, { timeout: 5000 }).toEqual(promo('第一版').blocks);
    await page.goto(`${server.url}/activity/operator-promo`);
    await expect.poll(heading).toBe('第一版');

    // Several rename-saves of the same file in a row (the watcher used to lose the file after the first).
    for (const text of ['第二版', '第三版', '第四版']) {
      renameSave('activity/operator-promo.json', promo(text));
      await expect.poll(served, { timeout: 5000 }).toEqual(promo(text).blocks);
      await page.reload();
      await expect.poll(heading).toBe(text);
    }

    // A broken save: refused, and the browser keeps getting the last good version.
    renameSave('activity/operator-promo.json', promo('坏的', { blocks: [{ type: 'text', props: { text: '${data.' } }] }));
    const refused = (file: string, pointer: string) => () =>
      server.services.pages.refusals().some((p) => p.file.endsWith(file) && p.path === pointer);
    await expect.poll(refused('activity/operator-promo.json', '/blocks/0/props/text'), { timeout: 5000 }).toBe(true);
    await page.reload();
    await expect.poll(heading).toBe('第四版');

    // Fixed again, then copied to a new file that keeps the path: the copy is refused, the original keeps the route.
    renameSave('activity/operator-promo.json', promo('第五版'));
    await expect.poll(served, { timeout: 5000 }).toEqual(promo('第五版').blocks);
    renameSave('activity/a-operator-promo-copy.json', promo('副本', { name: 'activity-operator-promo-copy' }));
    await expect.poll(refused('activity/a-operator-promo-copy.json', '/path'), { timeout: 5000 }).toBe(true);
    expect(
      server.services.pages
        .manifest()
        .routes.filter((r) => r.path === '/activity/operator-promo')
        .map((r) => r.name),
    ).toEqual(['activity-operator-promo']);
    await page.goto(`${server.url}/activity/operator-promo`);
    await expect.poll(heading).toBe('第五版');
    expect(await page.locator('h1', { hasText: '副本' }).count()).toBe(0);
  });
});
