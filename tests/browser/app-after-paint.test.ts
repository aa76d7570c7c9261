import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { browserSuite } from '../support/browser';
import type { TestServer } from '../support/test-server';

// Issue 25: the first screen is painted before any of the app's script is fetched or run (src/app/first-paint.ts);
// the page's preloads wait in the HTML's after-paint template until then.
const suite = browserSuite();
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

interface Timings {
  fcp: number;
  /** When the first of the app's chunks (everything but the small entry) was asked for. */
  firstAppScript: number;
  lead: number | null;
  template: boolean;
  headPreloads: number;
}

async function timings(p: Page, leadPath = ''): Promise<Timings> {
  return p.evaluate((leadPath) => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scripts = resources.filter((r) => /\/assets\/.+\.js$/.test(r.name) && !/\/assets\/index-[^/]+\.js$/.test(r.name));
    const lead = leadPath && new URL(leadPath, location.href).href;
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      firstAppScript: Math.min(...scripts.map((r) => r.startTime)),
      lead: resources.find((r) => lead && r.name === lead)?.responseEnd ?? null,
      template: Boolean(document.getElementById('after-paint')),
      headPreloads: document.head.querySelectorAll('link[rel=modulepreload]').length,
    };
  }, leadPath);
}

describe('the first screen before the app', () => {
  it('a news article: painted from the HTML before the app is fetched; the preloads then join the document and the page works', async () => {
    const res = await page.goto(`${server.url}/news/detail/5`);
    const html = (await res?.text()) ?? '';
    const template = /<template id="after-paint">(.*?)<\/template>/.exec(html)?.[1] ?? '';
    // Every preload of the app and of the page's blocks waits in the template, none is live in the HTML.
    expect(template).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/boot-[^"]+\.js">/);
    expect(template).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/MarkdownBlock-[^"]+\.js">/);
    // The HTTP client (axios) is fetched with the app; the app runs it when it first needs it.
    expect(template).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/axios-client-[^"]+\.js">/);
    expect(html.replace(/<template id="after-paint">.*?<\/template>/, '')).not.toContain('rel="modulepreload"');
    await page.getByTestId('markdown').waitFor();
    await page.waitForLoadState('networkidle');
    const t = await timings(page);
    expect(t.fcp).toBeGreaterThan(0);
    expect(t.firstAppScript).toBeGreaterThanOrEqual(t.fcp);
    expect(t.template).toBe(false);
    expect(t.headPreloads).toBeGreaterThanOrEqual(template.match(/modulepreload/g)?.length ?? 0);
  });

  it('blocks load without the entry or its inlined stylesheet linked again, and no file linked or fetched twice (study home, article, mall)', async () => {
    // A returning visitor: the subject in the cookie (the server draws the study home) and in storage (the app shows it).
    await page.context().addCookies([{ name: 'bk_exam', value: '1.1', url: server.url }]);
    await page
      .context()
      .addInitScript(([key, value]) => localStorage.setItem(key, value), [
        STORAGE_KEYS.examContext,
        JSON.stringify({ genus_id: 1, category_id: 1, category_name: '英语四级' }),
      ] as const);
    for (const path of ['/', '/news/detail/5', '/mall/index']) {
      const res = await page.goto(`${server.url}${path}`);
      const html = (await res?.text()) ?? '';
      await page.locator('main[data-blocks]').first().waitFor();
      await page.waitForLoadState('networkidle');
      const seen = await page.evaluate(() => ({
        links: [...document.querySelectorAll('link[href]')].map(
          (l) => `${l.getAttribute('rel')} ${new URL(l.getAttribute('href') ?? '', location.href).pathname}`,
        ),
        requested: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => new URL(r.name).pathname),
        inlined: Boolean(document.getElementById('shell-css')),
        applied: [...document.styleSheets].flatMap((sheet) => (sheet.href ? [new URL(sheet.href).pathname] : [])),
      }));
      const css = (list: string[]) => list.filter((l) => /\/assets\/.+\.css$/.test(l));
      // The blocks' stylesheets (preloaded from the after-paint template) were fetched and applied, each once.
      const linked = [...html.matchAll(/<link rel="preload" as="style" crossorigin href="([^"]+)">/g)].map((m) => m[1] as string);
      if (path === '/') expect(linked.length, path).toBeGreaterThan(0);
      for (const f of linked) expect(css(seen.applied), `${path}: ${f}`).toContain(f);
      expect(css(seen.requested).length, path).toBe(new Set(css(seen.requested)).size);
      // The entry's stylesheet is the inlined <style id="shell-css">: never linked or fetched; the running entry never preloaded.
      expect(seen.inlined, path).toBe(true);
      expect(
        seen.links.filter((l) => /\/assets\/index-[^/]+\.(css|js)$/.test(l)),
        path,
      ).toEqual([]);
      // No file is linked twice with the same role (a stylesheet's preload and its link are two roles).
      expect(seen.links.length, path).toBe(new Set(seen.links).size);
    }
  });

  it('the study home: the lead picture has arrived before the app is fetched', async () => {
    const context = suite.context;
    await context.addCookies([{ name: 'bk_exam', value: '1.1', url: server.url }]);
    await page.addInitScript(() =>
      localStorage.setItem('beikao.exam_context', JSON.stringify({ genus_id: 1, category_id: 1, category_name: '英语四级' })),
    );
    const res = await page.goto(`${server.url}/`);
    // The lead picture the server put into the HTML (the page replaces that <img> once it renders).
    const lead = /<img class="sk-lead" src="([^"]+)"/.exec((await res?.text()) ?? '')?.[1] ?? '';
    expect(lead).not.toBe('');
    await page.locator('[data-testid=list-news] li').first().waitFor();
    const t = await timings(page, lead);
    expect(t.lead).not.toBeNull();
    expect(t.firstAppScript).toBeGreaterThanOrEqual(t.lead ?? Number.POSITIVE_INFINITY);
    expect(t.firstAppScript).toBeGreaterThanOrEqual(t.fcp);
  });
});

describe('the page after the first screen', () => {
  it('the study home: its first screen of blocks is committed on its own, the rest follow in later frames; the pictures are WebP', async () => {
    const context = suite.context;
    await context.addCookies([{ name: 'bk_exam', value: '1.1', url: server.url }]);
    await page.addInitScript(() => {
      localStorage.setItem('beikao.exam_context', JSON.stringify({ genus_id: 1, category_id: 1, category_name: '英语四级' }));
      // Each time the page's rendered blocks change (`data-blocks`, shown/all), as the page commits them.
      const counts: string[] = [];
      (window as unknown as { blockCounts: string[] }).blockCounts = counts;
      new MutationObserver(() => {
        const n = document.querySelector('main.page[data-blocks]')?.getAttribute('data-blocks');
        if (n && n !== counts[counts.length - 1]) counts.push(n);
      }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-blocks'] });
    });
    await page.goto(`${server.url}/`);
    await page.getByTestId('tabs').waitFor();
    const counts = await page.evaluate(() => (window as unknown as { blockCounts: string[] }).blockCounts);
    // study-index.json has 8 top-level blocks (top bar, banner, notice, grid, three sections, tabs): the first commit
    // holds the first six, the other two arrive in a later one.
    expect(counts).toEqual(['6/8', '8/8']);
    // Every block is there in the end, the tabs (the last) included.
    await page.getByTestId('tabs').waitFor();
    expect(await page.locator('main.page > *').count()).toBe(8);
    // The banner and the covers: drawn once on the server, decoded off the main thread (no SVG painted by the page).
    const types = await page.evaluate(async () => {
      const urls = [...document.querySelectorAll('main.page img')]
        .map((i) => (i as HTMLImageElement).currentSrc)
        .filter((u) => u.includes('/media/'));
      const replies = await Promise.all(urls.slice(0, 4).map((u) => fetch(u, { headers: { accept: 'image/webp,*/*' } })));
      return replies.map((r) => r.headers.get('content-type'));
    });
    expect(types.length).toBeGreaterThan(0);
    for (const t of types) expect(t).toBe('image/webp');
  });

  it("a card's link is a plain <a href> that moves inside the app (no page load); a ctrl-click is left to the browser", async () => {
    await suite.context.addCookies([{ name: 'bk_exam', value: '1.1', url: server.url }]);
    await page.addInitScript(() =>
      localStorage.setItem('beikao.exam_context', JSON.stringify({ genus_id: 1, category_id: 1, category_name: '英语四级' })),
    );
    await page.goto(`${server.url}/`);
    const card = page.locator('[data-testid=list-news] li a[href^="/news/detail/"]').first();
    await card.waitFor();
    const href = (await card.getAttribute('href')) ?? '';
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    // A click with a modifier: the app does not navigate (the browser would open a new tab).
    await card.click({ modifiers: ['Control'] });
    expect(new URL(page.url()).pathname).toBe('/');
    await card.click();
    await page.waitForURL(`${server.url}${href}`);
    await page.getByTestId('markdown').waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await page.goBack();
    await page.waitForURL(`${server.url}/`);
  });
});

describe('requests without cookie reads', () => {
  it("a news article's calls go out through axios without reading document.cookie (the API signs, it has no XSRF cookie)", async () => {
    await page.addInitScript(() => {
      const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
      const reads: string[] = [];
      (window as unknown as { cookieReads: string[] }).cookieReads = reads;
      Object.defineProperty(Document.prototype, 'cookie', {
        configurable: true,
        get() {
          reads.push(new Error().stack ?? '');
          return cookie?.get?.call(this);
        },
        set(value: string) {
          cookie?.set?.call(this, value);
        },
      });
    });
    // The view counter is asked by the app itself (never inlined by the server): a call through the axios client.
    const viewed = page.waitForResponse((r) => r.url().includes('/api/genus/news/view'));
    await page.goto(`${server.url}/news/detail/5`);
    expect((await viewed).status()).toBe(200);
    await page.getByTestId('markdown').waitFor();
    expect(await page.evaluate(() => (window as unknown as { cookieReads: string[] }).cookieReads)).toEqual([]);
  });
});

describe('a form painted from the HTML', () => {
  it('the login page: its largest text (the consent line) paints before the app is fetched, and the app draws the same form', async () => {
    const res = await page.goto(`${server.url}/user/mobile_login`);
    const html = (await res?.text()) ?? '';
    expect(html).toContain('我已阅读并同意<b>《用户协议》</b>和<b>《隐私政策》</b>');
    await page.getByTestId('mobile-login').waitFor();
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? Number.NaN)).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          }),
        ),
    );
    const t = await timings(page);
    expect(lcp).toBeGreaterThan(0);
    expect(lcp).toBeLessThanOrEqual(t.firstAppScript);
    // The app's form replaced the drawing: a real, empty mobile field and an unticked consent box.
    await expect.poll(() => page.locator('.sk .mobile-login').count()).toBe(0);
    expect(await page.locator('input[name=mobile]').inputValue()).toBe('');
    expect(await page.getByTestId('consent').locator('input').isChecked()).toBe(false);
  });

  it('the mall: its first cards paint from the HTML (covers, titles, prices) before the app is fetched, and the app draws the same cards', async () => {
    await suite.context.addCookies([{ name: 'bk_exam', value: '1.1', url: server.url }]);
    await page.addInitScript(() =>
      localStorage.setItem('beikao.exam_context', JSON.stringify({ genus_id: 1, category_id: 1, category_name: '英语四级' })),
    );
    const res = await page.goto(`${server.url}/mall/index`);
    const html = (await res?.text()) ?? '';
    const skeleton = /<div id="root">(.*)<\/div>/s.exec(html)?.[1] ?? '';
    // The cards' stylesheets come inlined with them (no round trip before the first paint).
    expect(html).toMatch(/<style data-drawn>[^<]*\.media-card\{/);
    const drawn = [...skeleton.matchAll(/<a class="media-card" data-testid="media-card" href="([^"]+)">.*?<img src="([^"]+)"/g)].map(
      (m) => ({
        to: m[1],
        cover: m[2],
      }),
    );
    expect(drawn.length).toBeGreaterThanOrEqual(3);
    await expect.poll(() => page.locator('.sk').count()).toBe(0);
    const appCards = await page
      .locator('main.page a.media-card')
      .evaluateAll((cards) => cards.map((a) => ({ to: a.getAttribute('href'), cover: a.querySelector('img')?.getAttribute('src') })));
    expect(appCards.slice(0, drawn.length)).toEqual(drawn);
    // The page's largest paint is a cover the HTML drew (the Element Timing mark only the HTML's covers carry), and the
    // app's identical card painted nothing larger after it.
    const paints = await page.evaluate(() => {
      const observed = <T>(type: string) =>
        new Promise<T[]>((resolve) =>
          new PerformanceObserver((list) => resolve(list.getEntries() as T[])).observe({ type, buffered: true }),
        );
      return Promise.all([
        observed<{ url: string; startTime: number }>('largest-contentful-paint'),
        observed<{ identifier: string; url: string; renderTime: number }>('element'),
      ]).then(([lcp, element]) => ({
        lcp: lcp.map((e) => ({ url: e.url, at: e.startTime })),
        html: element.filter((e) => e.identifier === 'html-card').map((e) => ({ url: e.url, at: e.renderTime })),
      }));
    });
    const last = paints.lcp.at(-1);
    expect(last?.url).toBeTruthy();
    // Two cards may show the same cover (a good listed in two sections): any HTML card with that cover, painted then.
    const sameCover = paints.html.filter((p) => p.url === last?.url);
    expect(sameCover.length).toBeGreaterThan(0);
    const at = last?.at ?? Number.NaN;
    expect(
      sameCover.some((p) => Math.abs(p.at - at) < 1),
      `LCP at ${at}, HTML cards with its cover at ${sameCover.map((p) => p.at).join(', ')}`,
    ).toBe(true);
  });
});
