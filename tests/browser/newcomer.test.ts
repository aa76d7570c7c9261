import type { Page, Request, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageConfig } from '../../src/contract/pages';
import { logout } from '../../src/contract/users';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import { freshMobile, loginAs } from '../support/flows';
import { pagesDirWithFixtures } from '../support/pages-dir';

/** A list whose items are pictures without a reserved size: each item is 0 px tall until its picture arrives. */
const GALLERY = {
  $schema: '../../schemas/page.schema.json',
  name: 'newcomer-gallery',
  path: '/test/newcomer-gallery',
  meta: { title: '图集', auth: false, needCategory: true },
  data: {
    news: {
      endpoint: 'genus.news',
      params: { genus_id: '${exam.genus_id}', category_id: '${exam.category_id}' },
      paged: { pageSize: 10 },
    },
  },
  blocks: [{ type: 'list', props: { source: 'news', item: [{ type: 'image', props: { src: '${item.cover}', alt: '${item.title}' } }] } }],
};
const pages = pagesDirWithFixtures();
pages.write('newcomer/gallery.json', GALLERY);

/** What a new visitor ran into: guards, list paging, the 4440 toast, the tab bar, placeholder pages. */
const suite = browserSuite({ server: { config: { pagesDir: pages.dir } }, cleanup: pages.remove });
const SUBJECT = { genus_id: 1, category_id: 1, category_name: '英语四级' };

/** Starts recording API replies and console errors of the page. */
function watch(page: Page) {
  const replies: Response[] = [];
  const requests: Request[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.includes('/api/')) requests.push(r);
  });
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.includes('/api/')) replies.push(r);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return { replies, requests, errors };
}

async function chooseSubject(page: Page, url: string) {
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [STORAGE_KEYS.examContext, JSON.stringify(SUBJECT)] as const,
  );
  return url;
}

/** Two animation frames: whatever a render just scheduled (effects, layout, observers) has run. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

describe('guards run before a page loads anything', () => {
  it('a first visit to / goes to the subject picker without one refused call or console error', async () => {
    const { page, server } = suite;
    const seen = watch(page);
    // The picker's own data (the categories of the first genus) is the last thing the visit asks for.
    const pickerData = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/genus/category');
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/study\/category\?redirect=%2F$/);
    await pickerData;
    await settle(page);
    const refused = seen.replies.filter((r) => r.status() >= 400).map((r) => `${r.status()} ${r.url()}`);
    expect(refused).toEqual([]);
    expect(seen.errors).toEqual([]);
    // Nothing of the study home was asked for: neither its config nor any of its sources.
    const paths = seen.requests.map((r) => new URL(r.url()).pathname);
    expect(paths.filter((p) => /\/api\/genus\/(banner|notice|going|column|home_page|news)/.test(p))).toEqual([]);
    expect(seen.requests.some((r) => r.url().includes('name=study-index'))).toBe(false);
  });
});

describe('a paged list loads one page on entry', () => {
  it('/news/list asks for one page until the user scrolls, even when the item blocks arrive late', async () => {
    const { page, server } = suite;
    // The item blocks (lazy chunks) arrive 400 ms after the page's data, as on a slow phone network:
    // the footer must not be measured while the items have no height.
    await page.route('**/assets/*.js', async (route) => {
      if (/CardItem/i.test(route.request().url())) await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const seen = watch(page);
    const newsPages = () => seen.requests.filter((r) => new URL(r.url()).pathname === '/api/genus/news');
    await page.goto(await chooseSubject(page, `${server.url}/news/list`));
    const first = await page.waitForResponse((r) => new URL(r.url()).pathname === '/api/genus/news');
    const body = (await first.json()) as { data: unknown[] };
    expect(body.data).toHaveLength(10); // a full page: the list is not complete, so a wrong check would load more
    await page.locator('.list-block li').nth(9).locator('h3, .card-title, a, div').first().waitFor();
    await settle(page);
    await settle(page);
    expect(newsPages()).toHaveLength(1);
    expect(new URL(newsPages()[0]?.url() ?? '').searchParams.get('offset')).toBe('0');
    expect(await page.getByTestId('list-footer').getAttribute('data-state')).toBe('pull-up');

    // Scrolling to the bottom loads the next page.
    const next = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/genus/news' && new URL(r.url()).searchParams.get('offset') === '10',
    );
    await page.mouse.wheel(0, 4000);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await next;
    expect(newsPages()).toHaveLength(2);
  });

  it('a list of pictures waits for its items to have a height before it measures the footer', async () => {
    const { page, server } = suite;
    // The pictures arrive one by one, as on a phone network: the first at once, the others 800 ms later. Until a
    // picture arrives its item is 0 px tall, so one item with a height is not yet the list's real height.
    let pictures = 0;
    await page.route('**/media/news/*', async (route) => {
      if (pictures++ > 0) await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    const seen = watch(page);
    const newsPages = () => seen.requests.filter((r) => new URL(r.url()).pathname === '/api/genus/news');
    await page.goto(await chooseSubject(page, `${server.url}/test/newcomer-gallery`));
    await page.waitForResponse((r) => new URL(r.url()).pathname === '/api/genus/news');
    // Every picture of the first page has arrived and been laid out.
    await page.waitForFunction(() => {
      const imgs = [...document.querySelectorAll<HTMLImageElement>('.list-block li img')];
      return imgs.length >= 10 && imgs.slice(0, 10).every((i) => i.complete && i.getBoundingClientRect().height > 0);
    });
    await settle(page);
    await settle(page);
    expect(newsPages().map((r) => new URL(r.url()).searchParams.get('offset'))).toEqual(['0']);
  });

  it('/stratege/list asks for one page on entry', async () => {
    const { page, server } = suite;
    const seen = watch(page);
    await page.goto(await chooseSubject(page, `${server.url}/stratege/list`));
    const first = await page.waitForResponse((r) => new URL(r.url()).pathname === '/api/genus/strategy');
    const full = ((await first.json()) as { data: unknown[] }).data.length === 10;
    await page.getByTestId('list-footer').waitFor();
    await page.locator('.list-block li').first().waitFor();
    await settle(page);
    await settle(page);
    const asked = seen.requests.filter((r) => new URL(r.url()).pathname === '/api/genus/strategy');
    // A short list (fewer than 10 strategies) is complete after one page; a full one waits for a scroll.
    expect(asked).toHaveLength(1);
    if (full) expect(await page.getByTestId('list-footer').getAttribute('data-state')).toBe('pull-up');
  });
});

describe('an ended session says why', () => {
  it('code 4440 shows the server message as a toast, then goes to login', async () => {
    const { page, server } = suite;
    const { token } = await loginAs(server, freshMobile());
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.jwt, token] as const);
    // The session ends elsewhere (logout on another device): the next call of this page draws code 4440.
    expect((await request(server.url, logout, {}, { token })).body.status).toBe(0);
    await page.goto(`${server.url}/user/home`);
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.textContent()).toBe('登录已失效，请重新登录');
    await page.waitForURL(/\/user\/mobile_login\/%2Fuser%2Fhome$/);
    // The toast is still there on the login page: the user reads why they are there.
    expect(await page.getByTestId('toast').textContent()).toBe('登录已失效，请重新登录');
  });
});

describe('bottom tab bar', () => {
  it('shows on the study home with five tabs, the current one marked, and moves between the main pages', async () => {
    const { page, server } = suite;
    const seen = watch(page);
    await page.goto(await chooseSubject(page, `${server.url}/`));
    const bar = page.getByTestId('tab-bar');
    await bar.waitFor();
    expect(await bar.getAttribute('aria-label')).toBe('主导航');
    const tabs = bar.locator('a');
    expect(await tabs.allTextContents()).toEqual(['首页', '课程', '题库', '商城', '我的']);
    expect(await bar.locator('a svg').count()).toBe(5); // each tab has an inline SVG icon
    expect(await bar.locator('[aria-current="page"]').textContent()).toBe('首页');
    const box = await bar.boundingBox();
    expect(box?.height).toBe(56); // no safe area in this browser: 56 px + env(safe-area-inset-bottom)
    expect(box && box.y + box.height).toBe(844);

    await bar.getByText('商城').click();
    await page.waitForURL(`${server.url}/mall/index`);
    // The bar marks the tab once the page it leads to shows (a navigation keeps the old page until the new one is ready).
    await bar.locator('[aria-current="page"]').filter({ hasText: '商城' }).waitFor();
    await bar.getByText('题库').click();
    await page.waitForURL(`${server.url}/study/list/question`);
    await bar.locator('[aria-current="page"]').filter({ hasText: '题库' }).waitFor();
    await bar.getByText('首页').click();
    await page.waitForURL(`${server.url}/`);
    await bar.locator('[aria-current="page"]').filter({ hasText: '首页' }).waitFor();
    expect(seen.errors).toEqual([]);
  });

  it('keeps the page content clear of the bar and pads by the safe area', async () => {
    const { page, server } = suite;
    await page.goto(await chooseSubject(page, `${server.url}/`));
    await page.getByTestId('tab-bar').waitFor();
    await page.getByTestId('list-footer').first().waitFor();
    const { contentBottom, barTop, padding, rules } = await page.evaluate(() => {
      // Scrolled to the very end (measured at once, before the feed can grow): the page's end is above the bar.
      window.scrollTo(0, document.documentElement.scrollHeight);
      const main = document.querySelector('main.page') as HTMLElement;
      const bar = document.querySelector('.tab-bar') as HTMLElement;
      const css = [...document.styleSheets].flatMap((s) => [...s.cssRules].map((r) => r.cssText)).join('\n');
      return {
        contentBottom: main.getBoundingClientRect().bottom,
        barTop: bar.getBoundingClientRect().top,
        padding: getComputedStyle(document.body).paddingBottom,
        rules: css,
      };
    });
    expect(contentBottom).toBeLessThanOrEqual(barTop + 0.5); // the end of the page is above the bar (sub-pixel rounding aside)
    expect(padding).toBe('56px');
    expect(rules).toMatch(/\.tab-bar \{[^}]*padding-bottom: env\(safe-area-inset-bottom/);
    expect(rules).toMatch(/body\.has-tab-bar \{[^}]*env\(safe-area-inset-bottom/);
    const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
    expect(viewport).toContain('viewport-fit=cover');
  });

  it('is absent on pages whose meta does not ask for it', async () => {
    const { page, server } = suite;
    await page.goto(await chooseSubject(page, `${server.url}/news/list`));
    await page.getByTestId('list-footer').waitFor();
    expect(await page.getByTestId('tab-bar').count()).toBe(0);
    expect(await page.evaluate(() => document.body.classList.contains('has-tab-bar'))).toBe(false);
  });
});

describe('not-found and coming-soon pages', () => {
  const EMOJI = /\p{Extended_Pictographic}/u;

  it('a path no page serves shows an illustrated not-found page with a button home', async () => {
    const { page, server } = suite;
    const seen = watch(page);
    await page.goto(`${server.url}/no/such/page`);
    const box = page.getByTestId('not-found');
    await box.waitFor();
    expect(await box.locator('svg').count()).toBe(1);
    expect(await box.locator('h1').textContent()).toBe('页面不存在');
    expect(EMOJI.test((await box.textContent()) ?? '')).toBe(false);
    expect(await page.title()).toContain('页面不存在');
    await page.getByTestId('not-found-home').click();
    await page.waitForURL(/\/study\/category\?redirect=%2F$/); // home, then its subject gate
    expect(seen.errors.filter((e) => !e.includes('404'))).toEqual([]);
  });

  it('a coming-soon page is illustrated, says 即将上线 and leads home; no internal note reaches the visitor', async () => {
    const { page, server } = suite;
    await page.goto(`${server.url}/about`);
    const box = page.getByTestId('coming-soon');
    await box.waitFor();
    expect(await box.locator('svg').count()).toBe(1);
    const text = (await box.textContent()) ?? '';
    expect(text).toContain('即将上线');
    expect(EMOJI.test(text)).toBe(false);
    await page.getByTestId('coming-soon-home').click();
    await page.waitForURL(/\/study\/category\?redirect=%2F$/);

    // What every visitor gets: the HTML with the route table, and the page configs, carry no issue notes.
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).not.toMatch(/issue \d|later issue|\$comment/);
    const about = await request(server.url, pageConfig, { name: 'about' });
    expect(about.body.status).toBe(0);
    expect(JSON.stringify(about.body.data)).not.toMatch(/issue|\$comment/);
    expect((about.body.data as { meta: { comingSoon?: unknown } }).meta.comingSoon).toBe(true);
  });
});
