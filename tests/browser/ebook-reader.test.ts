import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as ebook from '../../src/contract/ebooks';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import { signedInAs } from '../support/login-form';
import type { TestServer } from '../support/test-server';

// 英语四级 (genus 1, category 1) is chosen, as a returning visitor would have it.
const SUBJECT = { genus_id: 1, category_id: 1, category_name: '英语四级' };
const suite = browserSuite({ subject: SUBJECT });
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
  page.setDefaultTimeout(10000); // a stuck step fails by its name, well inside the test's time
});

const VIP = '13800000002'; // 四六级 VIP: reads every chapter
const NOBODY = '13800000003'; // owns nothing

/** The paid vocabulary book of 英语四级 (first chapter free). */
async function vocabularyBook() {
  const list = await request(server.url, ebook.ebookList, { ...SUBJECT, count: 50 });
  const book = list.body.data.find((b) => b.name.includes('高频词汇') && b.is_free === 0);
  if (!book) throw new Error('the seed has no paid 高频词汇 book under 英语四级');
  return book;
}

const reader = () => page.getByTestId('ebook-reader');
const attr = (name: string) => reader().getAttribute(`data-${name}`);
const toast = () => page.getByTestId('toast').textContent();

/** Waits until the chapter's text is laid out and the reader reports its place. */
async function readyAt(chapterId?: number): Promise<void> {
  await expect.poll(() => attr('chapter-phase'), { timeout: 15000 }).toBe('ready');
  if (chapterId) await expect.poll(() => attr('chapter-id')).toBe(String(chapterId));
  await expect.poll(() => attr('anchor')).toMatch(/^\d+:\d+$/);
}

/** The reader's place as [span, offset]. */
async function anchor(): Promise<[number, number]> {
  const a = (await attr('anchor')) ?? '';
  const [span, offset] = a.split(':').map(Number);
  return [span ?? -1, offset ?? -1];
}

/** Whether the character at span/offset is on screen (inside the text area). */
function placeVisible(span: number, offset: number): Promise<boolean> {
  return page.evaluate(
    ([s, o]) => {
      const el = document.querySelector(`[data-span="${s}"]`);
      const body = document.querySelector('.er-body');
      const text = el?.firstChild;
      if (!el || !body || !text) return false;
      const range = document.createRange();
      range.setStart(text, o);
      range.setEnd(text, o + 1);
      const r = range.getClientRects()[0];
      const b = body.getBoundingClientRect();
      return !!r && r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
    },
    [span, offset] as const,
  );
}

// Tap zones are thirds of the width; taps go above the middle, where toasts show.
const tapRight = () => page.mouse.click(370, 300);
/** A horizontal swipe on the touch screen (Chromium's touch events through CDP). */
async function swipe(fromX: number, toX: number, y = 300): Promise<void> {
  const cdp = await suite.context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
  for (let i = 1; i <= 5; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: fromX + ((toX - fromX) * i) / 5, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
/** Taps the backdrop beside a drawer (left, 86 % wide) or above the settings sheet. */
const closePanel = () => page.mouse.click(380, 150);
const tapMiddle = () => page.mouse.click(195, 300);

async function openToolbar(): Promise<void> {
  await tapMiddle();
  await page.getByTestId('er-open-toc').waitFor();
}

describe('e-book reader', () => {
  it('reads a chapter, keeps font size and theme, jumps to a bookmark by its preview and resumes at the recorded place', async () => {
    const token = await signedInAs(page, server, VIP);
    const book = await vocabularyBook();
    const detail = (await request(server.url, ebook.ebookDetailEndpoint, { id: book.id }, { token })).body.data;
    const first = detail.chapters[0];
    if (!first) throw new Error('no chapter');
    const content = (await request(server.url, ebook.content, { id: book.id, chapter: first.id }, { token })).body.data;

    await page.goto(`${server.url}/ebook/read/${book.id}`);
    await readyAt(first.id);
    await expect.poll(() => page.locator('[data-span="0"]').textContent()).toBe(content.spans[0]?.text);
    await expect.poll(() => page.title()).toBe(`${book.name} - 备考`);
    expect(await attr('font-size')).toBe(String(ebook.DEFAULT_FONT_SIZE));
    expect(await attr('theme')).toBe('1');

    // Turn two pages with the right tap zone: the place follows.
    await tapRight();
    await tapRight();
    await expect.poll(() => attr('page')).toBe('2');
    const before = await anchor();
    expect(before[0]).toBeGreaterThan(0);

    // Bigger font and the sepia theme: the same text stays in view.
    await openToolbar();
    await page.getByTestId('er-open-settings').click();
    await page.getByTestId('er-font-inc').click();
    await page.getByTestId('er-font-inc').click();
    await page.getByTestId('er-theme-2').click();
    await expect.poll(() => attr('font-size')).toBe('22');
    expect(await anchor()).toEqual(before);
    expect(await placeVisible(...before)).toBe(true);
    expect(Number(await attr('page'))).toBeGreaterThan(2); // the same text is further into the chapter now
    await closePanel();

    // A wider window (a phone turned sideways): still the same text; back to the same page after.
    const pageAt22 = await attr('page');
    await page.setViewportSize({ width: 700, height: 844 });
    await expect.poll(() => attr('page')).not.toBe(pageAt22);
    await expect.poll(() => placeVisible(...before)).toBe(true);
    expect(await anchor()).toEqual(before);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => attr('page')).toBe(pageAt22);
    expect(await placeVisible(...before)).toBe(true);

    // Swipes of 50 px and more turn pages; not while text is selected.
    const at = Number(await attr('page'));
    await swipe(300, 180);
    await expect.poll(() => attr('page')).toBe(String(at + 1));
    await swipe(120, 300);
    await expect.poll(() => attr('page')).toBe(String(at));
    await swipe(300, 270); // 30 px: not a page turn
    await page.evaluate(() => {
      const text = document.querySelector('[data-span] ')?.firstChild;
      const sel = getSelection();
      if (text && sel) sel.setBaseAndExtent(text, 0, text, 4);
    });
    await swipe(300, 180);
    expect(await attr('page')).toBe(String(at));
    // A swipe turns the page while its touchend is handled: with the selection gone, a swipe back lands on the page
    // before only if neither swipe above turned.
    await page.evaluate(() => getSelection()?.removeAllRanges());
    await swipe(120, 300);
    await expect.poll(() => attr('page')).toBe(String(at - 1));
    await swipe(300, 180);
    await expect.poll(() => attr('page')).toBe(String(at));

    // Kept after a reload (env.storage), at the same place.
    await page.reload();
    await readyAt(first.id);
    expect(await attr('font-size')).toBe('22');
    expect(await attr('theme')).toBe('2');
    expect(await anchor()).toEqual(before);
    expect(await placeVisible(...before)).toBe(true);

    // A bookmark here.
    await tapRight();
    await expect.poll(() => attr('page')).not.toBe(null);
    const marked = await anchor();
    await openToolbar();
    await page.getByTestId('er-mark-toggle').click();
    await expect.poll(toast).toBe('已添加书签');
    await expect.poll(() => attr('marked')).toBe('1');
    const marks = (await request(server.url, ebook.bookmarkList, { id: book.id }, { token })).body.data;
    expect(marks.map((m) => [m.ebook_chapter_id, m.anchor_point.span, m.anchor_point.offset])).toEqual([[first.id, ...marked]]);
    const preview = marks[0]?.anchor_point.preview ?? '';

    // Reload, go back to the chapter's start, then jump to the bookmark by its preview.
    await page.reload();
    await readyAt(first.id);
    await openToolbar();
    await page.getByTestId('er-open-toc').click();
    await page.locator(`[data-testid=er-toc-item][data-chapter-id="${first.id}"]`).click();
    await expect.poll(() => anchor()).toEqual([0, 0]);
    await openToolbar();
    await page.getByTestId('er-open-marks').click();
    await page.getByTestId('er-mark-open').filter({ hasText: preview }).click();
    await expect.poll(() => anchor()).toEqual(marked);
    expect(await placeVisible(...marked)).toBe(true);
    await expect.poll(() => attr('marked')).toBe('1');

    // Leaving (a reload) reports the place: the server's record has it, and the reader resumes there from it.
    await page.reload();
    await readyAt(first.id);
    await expect
      .poll(
        async () => {
          const rec = (await request(server.url, ebook.recordGet, { ebook_id: book.id }, { token })).body.data;
          return rec?.anchor_point ? [rec.anchor_point.chapter_id, rec.anchor_point.span, rec.anchor_point.offset] : null;
        },
        { timeout: 5000 },
      )
      .toEqual([first.id, ...marked]);
    expect(await anchor()).toEqual(marked);
    // Without the device's own place, the server's record alone brings the reader back there.
    await page.evaluate((id) => localStorage.removeItem(`ebookReader.place.${id}`), book.id);
    await page.reload();
    await readyAt(first.id);
    expect(await anchor()).toEqual(marked);
    expect(await placeVisible(...marked)).toBe(true);
  });

  it('offline: opened and downloaded chapters still open from the device, and a bookmark made offline reaches the server once', async () => {
    const token = await signedInAs(page, server, VIP);
    const book = await vocabularyBook();
    const detail = (await request(server.url, ebook.ebookDetailEndpoint, { id: book.id }, { token })).body.data;
    const [c1, c2, c3] = detail.chapters;
    if (!c1 || !c2 || !c3) throw new Error('the book needs three chapters');

    // Online: open chapter 2, then 下载离线阅读 saves every chapter the VIP may read.
    await page.goto(`${server.url}/ebook/read/${book.id}?chapter=${c2.id}`);
    await readyAt(c2.id);
    const c2Text = await page.locator('[data-span="0"]').textContent();
    await openToolbar();
    await page.getByTestId('er-open-toc').click();
    await page.getByTestId('er-download').click();
    await expect.poll(toast, { timeout: 15000 }).toBe(`已下载 ${detail.chapters.length} 章，可离线阅读`);
    await expect.poll(() => page.locator('.er-kept').count()).toBe(detail.chapters.length);
    await closePanel();

    const marksBefore = (await request(server.url, ebook.bookmarkList, { id: book.id }, { token })).body.data.map((m) => m.id);
    await suite.context.setOffline(true);
    // A chapter opened before and one only downloaded: both open with no network.
    await openToolbar();
    await page.getByTestId('er-open-toc').click();
    await page.locator(`[data-testid=er-toc-item][data-chapter-id="${c3.id}"]`).click();
    await readyAt(c3.id);
    await expect.poll(() => page.getByTestId('er-offline').isVisible()).toBe(true);
    expect(await page.locator('[data-span="0"]').textContent()).toBeTruthy();
    await openToolbar();
    await page.getByTestId('er-open-toc').click();
    await page.locator(`[data-testid=er-toc-item][data-chapter-id="${c2.id}"]`).click();
    await readyAt(c2.id);
    await expect.poll(() => page.locator('[data-span="0"]').textContent()).toBe(c2Text);

    // A bookmark made offline shows at once, pending.
    await tapRight();
    await expect.poll(() => attr('page')).toBe('1');
    const place = await anchor();
    await openToolbar();
    await page.getByTestId('er-mark-toggle').click();
    await expect.poll(toast).toBe('已添加书签，联网后自动同步');
    await expect.poll(() => attr('marked')).toBe('1');
    await page.getByTestId('er-open-marks').click();
    await expect.poll(() => page.locator('[data-testid=er-mark-item][data-pending="1"]').count()).toBe(1);
    await closePanel();

    // Back online: it reaches the server, exactly once, at that place.
    await suite.context.setOffline(false);
    await expect
      .poll(
        async () => {
          const list = (await request(server.url, ebook.bookmarkList, { id: book.id }, { token })).body.data;
          return list
            .filter((m) => !marksBefore.includes(m.id))
            .map((m) => [m.ebook_chapter_id, m.anchor_point.span, m.anchor_point.offset]);
        },
        { timeout: 30000, interval: 500 },
      )
      .toEqual([[c2.id, ...place]]);
    await openToolbar();
    await page.getByTestId('er-open-marks').click();
    await expect.poll(() => page.locator('[data-testid=er-mark-item]').count()).toBe(marksBefore.length + 1);
    // Nothing pending is left in the outbox to send again: the server still has it once.
    await expect.poll(() => page.locator('[data-testid=er-mark-item][data-pending]').count()).toBe(0);
    expect((await request(server.url, ebook.bookmarkList, { id: book.id }, { token })).body.data).toHaveLength(marksBefore.length + 1);
  });

  it('a user who owns nothing sees the refusal for a locked chapter and never its text', async () => {
    const token = await signedInAs(page, server, NOBODY);
    const book = await vocabularyBook();
    const detail = (await request(server.url, ebook.ebookDetailEndpoint, { id: book.id }, { token })).body.data;
    const locked = detail.chapters.find((c) => c.locked === 1);
    const free = detail.chapters.find((c) => c.locked === 0);
    if (!locked || !free) throw new Error('the book needs a free and a locked chapter for this user');

    await page.goto(`${server.url}/ebook/read/${book.id}?chapter=${locked.id}`);
    await expect.poll(() => attr('chapter-phase'), { timeout: 15000 }).toBe('locked');
    // The seed offers this book at 0 yuan (a promotion): the lock screen says so and offers 免费领取, no price.
    await expect.poll(() => page.getByTestId('er-locked').textContent()).toContain('本书限时免费，领取后即可阅读全部章节');
    expect(await page.getByTestId('er-buy').textContent()).toBe('免费领取');
    expect(await page.locator('[data-span]').count()).toBe(0);

    // The table of contents marks locked chapters; the free one opens.
    await page.getByTestId('er-locked').getByRole('button', { name: '查看目录' }).click();
    await expect.poll(() => page.locator('[data-testid=er-toc-item].er-locked').count()).toBeGreaterThan(0);
    await page.locator(`[data-testid=er-toc-item][data-chapter-id="${free.id}"]`).click();
    await readyAt(free.id);
    expect(await page.locator('[data-span]').count()).toBeGreaterThan(5);

    // 免费领取 from the refusal goes to the good that sells the book.
    await page.goto(`${server.url}/ebook/read/${book.id}?chapter=${locked.id}`);
    await page.getByTestId('er-buy').click();
    await page.waitForURL((u) => /^\/mall\/detail\/\d+$/.test(u.pathname)); // the good that sells the book
  });
});
