import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { browserSuite } from '../support/browser';

// Issue 24, "readable by everyone": the app follows the system's dark theme (and the native host's, which wins), every
// control has a name a screen reader can say, and headings do not skip levels. Lighthouse's accessibility category
// runs in `npm run bench:lighthouse`; this is the part of it that needs no extra package.
const SUBJECT = { genus_id: 1, category_id: 1, category_name: '英语四级' };
const suite = browserSuite();

/** The main pages of each kind: [label, path, subject chosen first]. */
const PAGES: Array<[string, string, boolean]> = [
  ['subject picker', '/', false],
  ['study home', '/', true],
  ['news detail', '/news/detail/5', true],
  ['mall', '/mall/index', true],
  ['activity detail', '/activity/detail/1001', true],
  ['promotion', '/activity/promotion1', true],
  ['login', '/user/mobile_login', true],
];

async function open(page: Page, path: string, subject: boolean): Promise<void> {
  if (subject) {
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [STORAGE_KEYS.examContext, JSON.stringify(SUBJECT)] as const);
  }
  await page.goto(suite.server.url + path);
  await page.waitForLoadState('networkidle');
  // The page's blocks are in: the skeleton (the server's, then the runtime's) is gone and its data arrived.
  await expect.poll(() => page.locator('[data-testid=skeleton], .sk-host, .sk-line, .sk-box, .page-loading').count()).toBe(0);
  await page.waitForLoadState('networkidle');
}

const colours = (page: Page) =>
  page.evaluate(() => {
    const body = getComputedStyle(document.body);
    const root = getComputedStyle(document.documentElement);
    return { background: root.backgroundColor, text: body.color, card: root.getPropertyValue('--card').trim() };
  });

/** The interactive and image nodes of the accessibility tree that have no name ("- button" with no quoted text). */
function unnamed(snapshot: string): string[] {
  return snapshot
    .split('\n')
    .filter((line) => /^\s*- (button|link|textbox|checkbox|radio|combobox|switch|tab|img|slider|spinbutton)\b(?!\s+")/.test(line))
    .map((line) => line.trim());
}

/** The levels of the visible headings in document order (h1–h6 and role=heading with aria-level). */
const headingLevels = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6, [role=heading]')]
      .filter((el) => el.checkVisibility() && (el.textContent ?? '').trim() !== '')
      .map((el) => ({
        level: Number(el.getAttribute('aria-level') ?? el.tagName.slice(1)),
        text: (el.textContent ?? '').trim().slice(0, 30),
      })),
  );

describe('dark theme', () => {
  it('follows the system (prefers-color-scheme): page, text and cards switch to the dark palette and back', async () => {
    const page = suite.page;
    await page.emulateMedia({ colorScheme: 'light' });
    await open(page, '/', true);
    const light = await colours(page);
    expect(light).toEqual({ background: 'rgb(245, 246, 248)', text: 'rgb(34, 34, 34)', card: '#fff' });

    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await colours(page);
    expect(dark).toEqual({ background: 'rgb(18, 18, 18)', text: 'rgb(230, 230, 230)', card: '#1e1e1e' });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
    // The tab bar, the feedback button and a card follow too (no white left on the dark page).
    const tabBar = await page.locator('.tab-bar').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(tabBar).toBe('rgba(28, 28, 30, 0.96)');
    const card = await page
      .locator('.bk-container')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(card).toBe('rgb(30, 30, 30)');

    // The native host's interface style wins over the system's: light inside a light app.
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
    });
    expect(await colours(page)).toEqual(light);
  });

  it('the native host’s dark style applies in a light system too', async () => {
    const page = suite.page;
    await page.emulateMedia({ colorScheme: 'light' });
    await open(page, '/user/mobile_login', true);
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    expect((await colours(page)).background).toBe('rgb(18, 18, 18)');
  });
});

describe('every page kind for a screen reader', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`every control and image has a name; one h1 and no skipped heading level (${scheme})`, async () => {
      const problems: string[] = [];
      for (const [label, path, subject] of PAGES) {
        // A fresh page per route: the subject's init script is per page.
        const page = await suite.context.newPage();
        await page.emulateMedia({ colorScheme: scheme });
        await open(page, path, subject);
        for (const line of unnamed(await page.locator('body').ariaSnapshot())) problems.push(`${label}: unnamed ${line}`);
        const inputs = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLInputElement>('input:not([type=hidden]), textarea, select')]
            .filter(
              (el) => el.checkVisibility() && !el.labels?.length && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby'),
            )
            .map((el) => el.outerHTML.slice(0, 80)),
        );
        for (const i of inputs) problems.push(`${label}: input without a label ${i}`);
        const images = await page.evaluate(() =>
          [...document.querySelectorAll('img:not([alt])')].filter((el) => el.checkVisibility()).map((el) => el.outerHTML.slice(0, 80)),
        );
        for (const i of images) problems.push(`${label}: img without alt ${i}`);
        const headings = await headingLevels(page);
        const h1 = headings.filter((h) => h.level === 1);
        if (h1.length !== 1) problems.push(`${label}: ${h1.length} h1 (${h1.map((h) => h.text).join(', ')})`);
        headings.forEach((h, i) => {
          const prev = headings[i - 1];
          if (prev && h.level > prev.level + 1) problems.push(`${label}: h${prev.level} "${prev.text}" → h${h.level} "${h.text}"`);
        });
        await page.close();
      }
      expect(problems).toEqual([]);
    });
  }
});
