/**
 * Article bodies come as the server's HTML (`content_html`): the news detail shows its body without loading the
 * Markdown renderer, and a site link in the body is a router navigation (no reload). A body that comes only as
 * Markdown (a literal text in a page config) still loads the renderer and shows the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../support/activity-pages';
import { browserSuite, builtClientDir } from '../support/browser';
import type { TestServer } from '../support/test-server';
import { newUser } from '../support/user-center-flows';

const suite = browserSuite({ subject: { genus_id: 1, category_id: 1, category_name: '英语四级' } });
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

interface ManifestEntry {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** The script files only the Markdown text path loads (react-markdown, remark-gfm and the shared options): lazy, never with the block. */
function markdownRendererFiles(): string[] {
  const dir = builtClientDir();
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
  const block = manifest['src/blocks/markdown/MarkdownBlock.tsx'];
  if (!block) throw new Error('the build has no markdown block chunk');
  const eager = new Set<string>();
  const walk = (key: string) => {
    const c = manifest[key];
    if (!c || eager.has(key)) return;
    eager.add(key);
    for (const i of c.imports ?? []) walk(i);
  };
  walk('src/blocks/markdown/MarkdownBlock.tsx');
  const lazyFiles = new Set<string>();
  const walkLazy = (key: string) => {
    const c = manifest[key];
    if (!c || eager.has(key) || lazyFiles.has(c.file)) return;
    lazyFiles.add(c.file);
    for (const i of c.imports ?? []) walkLazy(i);
  };
  // The text path's lazy imports (src/runtime/markdown-text.tsx, shared through the block API): the renderer and the options.
  const lazyRoots = Object.keys(manifest).filter(
    (k) => k === 'src/protocol/markdown/options.ts' || /^node_modules\/react-markdown\/index\.js$/.test(k),
  );
  if (lazyRoots.length !== 2) throw new Error(`the build has no lazy Markdown renderer chunks: ${lazyRoots.join(', ')}`);
  for (const d of lazyRoots) walkLazy(d);
  const files = [...lazyFiles];
  // react-markdown is among them, and not in anything the block loads at once.
  const has = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8').includes('skipHtml');
  expect(files.some(has), 'a chunk of the text path holds react-markdown').toBe(true);
  expect([...eager].map((k) => manifest[k]?.file ?? '').filter((f) => f.endsWith('.js') && has(f))).toEqual([]);
  return files.map((f) => `/${f}`);
}

let rendererFiles: string[] = [];
beforeAll(() => {
  rendererFiles = markdownRendererFiles();
});

function recordScripts(p: Page): string[] {
  const seen: string[] = [];
  p.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/assets/')) seen.push(url.pathname);
  });
  return seen;
}

describe('article body as server HTML', () => {
  it('the news detail shows the body from content_html, never fetches the Markdown renderer, and a site link navigates in the app', async () => {
    await server.services.db.kysely
      .updateTable('news')
      .set({
        content:
          '## 报名时间\n\n| 阶段 | 时间 |\n|---|---|\n| 报名 | 3 月 |\n\n更多内容见 [其他资讯](/news/list)。\n\n<script>window.__pwned = 1</script>',
      })
      .where('id', '=', 2)
      .execute();
    const scripts = recordScripts(page);
    await page.goto(`${server.url}/news/detail/2`);
    const body = page.locator('[data-testid=markdown] .bk-md-body');
    await expect.poll(() => body.locator('h2').textContent()).toBe('报名时间');
    expect(await body.locator('table td').allTextContents()).toEqual(['报名', '3 月']);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await body.locator('script').count()).toBe(0);
    // The block's chunk was loaded; the renderer's were not.
    expect(scripts.some((s) => /\/assets\/MarkdownBlock-/.test(s))).toBe(true);
    expect(scripts.filter((s) => rendererFiles.includes(s))).toEqual([]);

    // A site link in the body is a router navigation: the document stays the same (a marker survives).
    await page.evaluate(() => {
      (window as unknown as { __samePage?: number }).__samePage = 1;
    });
    await body.getByRole('link', { name: '其他资讯' }).click();
    await page.waitForURL(`${server.url}/news/list`);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: number }).__samePage)).toBe(1);
    await page.goBack();
    await expect.poll(() => body.locator('h2').textContent()).toBe('报名时间');
    expect(scripts.filter((s) => rendererFiles.includes(s))).toEqual([]);
  });

  it('an agreement with a table shows it from the server HTML, without the renderer', async () => {
    const scripts = recordScripts(page);
    await page.goto(`${server.url}/user/agreement/personal-info`);
    const body = page.locator('[data-testid=markdown] .bk-md-body');
    await expect.poll(() => body.locator('table').count()).toBeGreaterThan(0);
    expect(scripts.filter((s) => rendererFiles.includes(s))).toEqual([]);
  });

  it("a literal Markdown text in a page config comes with the server's HTML: shown without the renderer", async () => {
    const scripts = recordScripts(page);
    await page.goto(`${server.url}/activity/common-problem`);
    const body = page.locator('[data-testid=markdown] .bk-md-body');
    await expect.poll(() => body.locator('h3').count()).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => rendererFiles.includes(s))).toEqual([]);
  });

  it('a body that comes only as Markdown (a goods description) loads the renderer and shows the same way', async () => {
    const good = await server.services.db.kysely
      .selectFrom('goods')
      .select('id')
      .where('name', '=', '英语四级历年真题试卷（纸质版 10 套）')
      .executeTakeFirstOrThrow();
    // The goods page asks for a login.
    await signedIn(page, (await newUser(server)).token);
    const scripts = recordScripts(page);
    await page.goto(`${server.url}/mall/detail/${good.id}`);
    const body = page.locator('[data-testid=markdown] .bk-md-body');
    await expect.poll(() => body.locator('h2').allTextContents()).toContain('适合谁');
    expect(await body.locator('ol > li').count()).toBeGreaterThan(0);
    expect(scripts.filter((s) => rendererFiles.includes(s)).length).toBeGreaterThan(0);
  });
});
