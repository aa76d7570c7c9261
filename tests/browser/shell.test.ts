import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSuite, phoneContext } from '../support/browser';
import type { TestServer } from '../support/test-server';

const suite = browserSuite({
  // A chosen subject, so that / shows the study home instead of sending the visitor to the subject page.
  subject: { genus_id: 1, category_id: 1, category_name: '四级' },
});
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
  feedbackRequests = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/user/feedback') feedbackRequests.push(req.method());
  });
});

let feedbackRequests: string[];

const VIEWPORT = { width: 390, height: 844 };
const button = () => page.locator('[data-testid=feedback-button]');
const popup = () => page.locator('[data-testid=feedback-popup]');
const toast = () => page.locator('[data-testid=toast]');

async function buttonBox(): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await button().boundingBox();
  if (!box) throw new Error('feedback button not on screen');
  return box;
}

/** Presses the mouse on the button's centre, moves by (dx, dy) in a few steps and releases. */
async function mouseDrag(dx: number, dy: number): Promise<void> {
  const b = await buttonBox();
  const x = b.x + b.width / 2;
  const y = b.y + b.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 6 });
  await page.mouse.up();
}

async function openHome(): Promise<void> {
  await page.goto(server.url);
  await button().waitFor({ state: 'visible' });
  expect(new URL(page.url()).pathname).toBe('/');
}

async function feedbackRows() {
  return server.services.db.kysely.selectFrom('feedback').selectAll().orderBy('id').execute();
}

describe('feedback button and popup', () => {
  it('shows the button on /, and a tap opens the popup', async () => {
    await openHome();
    expect(await popup().count()).toBe(0);
    await button().tap();
    await popup().waitFor({ state: 'visible' });
    expect(await page.locator('[data-testid=feedback-counter]').textContent()).toBe('0/300');
  });

  it('refuses empty feedback with 请填写反馈建议 and sends nothing', async () => {
    await openHome();
    await button().click();
    await page.fill('textarea.feedback-text', '    ');
    await page.click('.feedback-submit');
    await expect.poll(() => toast().textContent()).toBe('请填写反馈建议');
    expect(await popup().isVisible()).toBe(true);
    expect(feedbackRequests).toEqual([]);
  });

  it('cuts the text to 300 characters, submits it, thanks the user and closes', async () => {
    await openHome();
    const before = (await feedbackRows()).length;
    await button().click();
    await page.fill('textarea.feedback-text', '题'.repeat(350));
    await expect.poll(() => page.locator('[data-testid=feedback-counter]').textContent()).toBe('300/300');
    expect(await page.inputValue('textarea.feedback-text')).toBe('题'.repeat(300));
    await page.click('.feedback-submit');
    await expect.poll(() => toast().textContent()).toBe('感谢您的反馈，您的建议将帮助我们更好地了解您的需求');
    await popup().waitFor({ state: 'detached' });
    expect(feedbackRequests).toEqual(['POST']);
    const rows = await feedbackRows();
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1);
    expect(row?.content).toBe('题'.repeat(300));
    expect(row?.page_url).toBe(page.url());
    // The text was cleared: reopening shows an empty box.
    await button().click();
    expect(await page.inputValue('textarea.feedback-text')).toBe('');
  });

  it('closes from the × and the backdrop, keeping the draft', async () => {
    await openHome();
    await button().click();
    await page.fill('textarea.feedback-text', '草稿');
    await page.click('.shell-popup-close');
    await popup().waitFor({ state: 'detached' });
    await button().click();
    expect(await page.inputValue('textarea.feedback-text')).toBe('草稿');
    await page.mouse.click(10, 10);
    await popup().waitFor({ state: 'detached' });
  });
});

describe('dragging the feedback button', () => {
  it('a drag moves the button without opening the popup; dropped, it rests at the nearer edge, and the place is remembered', async () => {
    await openHome();
    const start = await buttonBox();
    // Dropped on the right half: back to the right edge, at the height it was dropped.
    await mouseDrag(-120, -40);
    await expect.poll(async () => (await buttonBox()).x).toBeCloseTo(start.x, 0);
    expect((await buttonBox()).y).toBeCloseTo(start.y - 40, 0);
    expect(await popup().count()).toBe(0);
    // Dropped on the left half: it rests at the left edge (8 px from it).
    await mouseDrag(-260, 0);
    await expect.poll(async () => (await buttonBox()).x).toBeCloseTo(8, 0);
    const end = await buttonBox();
    await page.reload();
    await button().waitFor({ state: 'visible' });
    const restored = await buttonBox();
    expect(restored.x).toBeCloseTo(end.x, 0);
    expect(restored.y).toBeCloseTo(end.y, 0);
  });

  it('after a rotation it is back at its edge, inside the new screen', async () => {
    await openHome();
    await mouseDrag(0, 300);
    await page.setViewportSize({ width: VIEWPORT.height, height: VIEWPORT.width });
    await expect.poll(async () => (await buttonBox()).x).toBeCloseTo(VIEWPORT.height - 52 - 8, 0);
    const b = await buttonBox();
    expect(b.y + b.height).toBeLessThanOrEqual(VIEWPORT.width);
    await page.setViewportSize(VIEWPORT);
    await expect.poll(async () => (await buttonBox()).x).toBeCloseTo(VIEWPORT.width - 52 - 8, 0);
  });

  it('never covers a bottom action bar: on a page with one it rests above the bar', async () => {
    await openHome();
    // Dropped low on the home page (the tab bar at the bottom): it is drawn above the tab bar.
    await mouseDrag(0, 3000);
    const tabBar = await page.locator('[data-testid=tab-bar]').boundingBox();
    if (!tabBar) throw new Error('no tab bar on the home page');
    await expect
      .poll(async () => {
        const b = await buttonBox();
        return b.y + b.height;
      })
      .toBeLessThanOrEqual(tabBar.y);
    // A page with an action bar fixed to the bottom (the gift relay's 登录后选礼物): above the bar too.
    await page.goto(`${server.url}/activity/reciprocity/receive/1003`);
    const bar = page.locator('.button-bar-fixed-bottom').first();
    await bar.waitFor({ state: 'visible' });
    const barBox = await bar.boundingBox();
    if (!barBox) throw new Error('no bottom bar on the goods page');
    await expect
      .poll(async () => {
        const b = await buttonBox();
        return b.y + b.height;
      })
      .toBeLessThanOrEqual(barBox.y);
  });

  it('a 10 px move is a tap: the popup opens and the button stays', async () => {
    await openHome();
    const start = await buttonBox();
    await mouseDrag(-10, 0);
    await popup().waitFor({ state: 'visible' });
    expect((await buttonBox()).x).toBeCloseTo(start.x, 0);
  });

  it('stays inside the viewport (52 px / 50 px margins, resting 8 px from its edge) when dragged far off-screen', async () => {
    await openHome();
    await mouseDrag(2000, 3000);
    await expect.poll(async () => (await buttonBox()).x).toBeCloseTo(VIEWPORT.width - 52 - 8, 0);
    let b = await buttonBox();
    expect(b.x + b.width).toBeLessThanOrEqual(VIEWPORT.width);
    expect(b.y + b.height).toBeLessThanOrEqual(VIEWPORT.height);
    await mouseDrag(-3000, -3000);
    await expect.poll(async () => (await buttonBox()).x).toBeCloseTo(8, 0);
    b = await buttonBox();
    expect(b.y).toBe(0);
    expect(await popup().count()).toBe(0);
  });

  it('follows a finger (touch events)', async () => {
    await openHome();
    const start = await buttonBox();
    const cdp = await suite.context.newCDPSession(page);
    const x = start.x + start.width / 2;
    const y = start.y + start.height / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 6; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x - 20 * i, y: y - 15 * i }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // Dropped on the right half: it rests at the right edge again, 90 px higher.
    await expect.poll(async () => (await buttonBox()).x).toBeCloseTo(start.x, 0);
    expect((await buttonBox()).y).toBeCloseTo(start.y - 90, 0);
    expect(await popup().count()).toBe(0);
  });

  it('is hidden on routes whose meta hides it', async () => {
    await page.goto(`${server.url}/activity/cet/assistance`);
    await page.waitForFunction(() => document.title.includes('四六级助力'));
    expect(await button().count()).toBe(0);
  });
});

describe('home and back-to-home buttons', () => {
  it('the floating home button shows only with the stored flag, goes to study news and hides itself', async () => {
    await openHome();
    expect(await page.locator('[data-testid=home-button]').count()).toBe(0);
    await page.evaluate(() => localStorage.setItem('beikao.show_home_button', '1'));
    await page.reload();
    await page.locator('[data-testid=home-button]').click();
    await page.waitForURL(`${server.url}/study/list/news`);
    expect(await page.locator('[data-testid=home-button]').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('beikao.show_home_button'))).toBeNull();
  });

  it('shows 首页 where meta allows it and leads to /', async () => {
    await page.goto(`${server.url}/study/category`);
    await page.evaluate(() =>
      localStorage.setItem('beikao.exam_context', JSON.stringify({ genus_id: 1, category_id: 1, category_name: '英语四级' })),
    );
    await page.goto(`${server.url}/mall/index`);
    const link = page.locator('[data-testid=back-home]');
    await link.waitFor({ state: 'visible' });
    expect(await link.textContent()).toBe('首页');
    await link.click();
    await page.waitForURL(`${server.url}/`);
    // The study home hides it (meta hideHome).
    await link.waitFor({ state: 'detached' });
  });

  it('goes back where the user came from in the app (返回); on a first visit to the subject picker there is nothing to go to', async () => {
    // A first visit (no subject chosen): 首页 would only come back here, so the control shows nothing.
    const fresh = await phoneContext(suite.browser);
    const first = await fresh.newPage();
    await first.goto(`${server.url}/study/category`);
    await first.locator('.category-list button').first().waitFor();
    expect(await first.locator('[data-testid=back-home]').isVisible()).toBe(false);
    await fresh.close();
    await page.goto(`${server.url}/mall/index`);
    await page.locator('[data-testid=back-home]', { hasText: '首页' }).waitFor();
    // Into a goods page from the mall: the control goes back to the mall.
    await page.locator('a[href^="/mall/detail/"]').first().click();
    await page.waitForURL(/\/mall\/detail\//);
    const back = page.locator('[data-testid=back-home]');
    await expect.poll(() => back.textContent()).toBe('返回');
    await back.click();
    await page.waitForURL(`${server.url}/mall/index`);
  });
});

describe('native host', () => {
  type Transport = 'injected' | 'ios';
  /** A fake native app: records each message and answers through window.__beikaoNativeCallback. */
  async function fakeNativeHost(transport: Transport): Promise<void> {
    await page.addInitScript((kind: Transport) => {
      type Msg = { action: string; data: unknown; callbackId: string };
      const w = window as unknown as {
        __nativeMessages: Msg[];
        __beikaoNativeCallback?: (id: string, payload: string) => void;
        beikaoNative?: { postMessage(json: string): void };
        webkit?: { messageHandlers: Record<string, { postMessage(json: string): void }> };
      };
      w.__nativeMessages = [];
      const host = {
        postMessage(json: string) {
          const msg = JSON.parse(json) as Msg;
          w.__nativeMessages.push(msg);
          const reply =
            msg.action === 'getUserInfo'
              ? { genus_id: 1, category_id: 1, category_name: '四级', user_jwt: '', interface_style: 'dark' }
              : { version: '1.0.0' };
          setTimeout(() => w.__beikaoNativeCallback?.(msg.callbackId, JSON.stringify(reply)), 20);
        },
      };
      if (kind === 'ios') w.webkit = { messageHandlers: { beikaoNative: host } };
      else w.beikaoNative = host;
    }, transport);
  }

  // Needs the app to call initNativeHost() at startup (src/main.tsx).
  for (const transport of ['injected', 'ios'] as const) {
    it(`asks the host (${transport}) for the user info and applies its dark theme`, async () => {
      await fakeNativeHost(transport);
      await page.goto(server.url);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      const messages = await page.evaluate(
        () => (window as unknown as { __nativeMessages: { action: string; callbackId: string }[] }).__nativeMessages,
      );
      expect(messages.map((m) => m.action)).toContain('getUserInfo');
      expect(messages.every((m) => typeof m.callbackId === 'string' && m.callbackId.length > 0)).toBe(true);
      const bg = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim());
      expect(bg).toBe('#121212');
    });
  }

  it('leaves the theme alone in a plain browser', async () => {
    await openHome();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
  });
});
