import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as ebook from '../../src/contract/ebooks';
import * as question from '../../src/contract/questions';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import { freshMobile, loginAs } from '../support/flows';
import type { TestServer } from '../support/test-server';

// 英语四级 (genus 1, category 1) is chosen, as a returning visitor would have it.
const suite = browserSuite({ subject: { genus_id: 1, category_id: 1, category_name: '英语四级' } });
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
  page.setDefaultTimeout(10000);
});

/** A fresh login over the API (past the SMS resend interval of the one before). */
async function tokenOf(mobile: string): Promise<string> {
  server.advance(61);
  return (await loginAs(server, mobile)).token;
}

/** Leaves `token` where the app finds it on its next start, as a login on this device would. */
async function useToken(p: Page, token: string): Promise<void> {
  await p.goto(`${server.url}/user/agreement/privacy`);
  await p.evaluate(([key, t]) => localStorage.setItem(key, t), [STORAGE_KEYS.jwt, token] as const);
}

/** The first free child bank of the CET-4 vocabulary bank and the right answer to its first question. */
async function firstQuestion(): Promise<{ bankId: number; answer: string }> {
  for (let id = 1; id < 200; id++) {
    const res = await request(server.url, question.bankDetailEndpoint, { bank_id: id });
    if (res.body.status !== 0 || res.body.data.name !== '英语四级词汇与语法专项') continue;
    const child = res.body.data.children.find((c) => c.name === '专项三：核心语法');
    if (!child) break;
    const bank = JSON.parse(fs.readFileSync('content/demo/questions/cet-vocab-grammar.json', 'utf8')) as {
      children: { name: string; questions: { answer: unknown }[] }[];
    };
    const answer = bank.children.find((c) => c.name === child.name)?.questions[0]?.answer;
    return { bankId: child.id, answer: String(answer) };
  }
  throw new Error('no bank');
}

/** A logs out the way a user does: 退出登录 in the user centre, confirmed. */
async function logOut(p: Page): Promise<void> {
  await p.goto(`${server.url}/user/home`);
  await p.getByTestId('logout').click();
  await p.getByTestId('confirm-ok').click();
  await p.waitForURL(`${server.url}/`);
  await expect.poll(() => p.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.jwt)).toBeNull();
}

/** Closes the page while offline (what it wrote waits in IndexedDB) and opens another one, back online. */
async function closeOfflineAndReopen(): Promise<Page> {
  await page.close();
  await suite.context.setOffline(false);
  const next = await suite.context.newPage();
  next.setDefaultTimeout(10000);
  return next;
}

/** The bearer token of every `method path` request `p` sends from now on (sent, whether or not it is answered). */
function tokensSent(p: Page, method: string, path: string): string[] {
  const seen: string[] = [];
  p.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname === path) seen.push(r.headers().authorization ?? '');
  });
  return seen;
}

const recordsOf = async (bankId: number, token: string) =>
  (await request(server.url, question.record, { bank_id: bankId }, { token })).body.data;

describe('the outbox belongs to the user who wrote it', () => {
  it("A answers offline and logs out; B logs in and goes online: nothing of A's is recorded under B; A's answer goes out when A is back", async () => {
    const A = freshMobile();
    const B = freshMobile();
    const { bankId, answer } = await firstQuestion();
    const header = (p: Page) => p.locator('.qc-pos').textContent();

    // A answers while offline: kept on the device (已保存，联网后提交).
    await useToken(page, await tokenOf(A));
    await page.goto(`${server.url}/question/answer/${bankId}`);
    await expect.poll(() => header(page)).toMatch(/^第 1 \//);
    await suite.context.setOffline(true);
    await page.locator(`.qa-card .qc-option[data-letter="${answer}"]`).click();
    await expect.poll(() => page.locator('.qa-note.is-offline').textContent()).toBe('已保存，联网后提交');
    // The page goes away still offline (the answer waits in IndexedDB); back online, A logs out.
    const home = await closeOfflineAndReopen();
    await logOut(home);

    // B logs in on the same device and opens the same bank online: the answerer flushes the outbox under B's token.
    const tokenB = await tokenOf(B);
    const answers = tokensSent(home, 'POST', question.answer.path);
    await useToken(home, tokenB);
    await home.goto(`${server.url}/question/answer/${bankId}`);
    await expect.poll(() => header(home)).toMatch(/^第 1 \//);
    expect(await home.locator('.qa-count').textContent()).toMatch(/^已答 0\//);
    expect(await home.locator('.qa-note.is-offline').count()).toBe(0);
    expect(await recordsOf(bankId, tokenB)).toEqual([]);
    // Nor under anyone else: A has no record yet either.
    const tokenA = await tokenOf(A);
    expect(await recordsOf(bankId, tokenA)).toEqual([]);

    // A logs in again on the device: A's answer goes out under A's token, once.
    await useToken(home, tokenA);
    await home.goto(`${server.url}/question/answer/${bankId}`);
    await expect.poll(async () => (await recordsOf(bankId, tokenA)).length, { timeout: 15000 }).toBe(1);
    expect((await recordsOf(bankId, tokenA))[0]?.is_right).toBe(1);
    // The page shows A's answer as right, or (answered questions are passed over on opening) has moved on to the next.
    await expect
      .poll(async () => (await home.locator('.qc-result.is-right').count()) > 0 || /^第 2 \//.test((await header(home)) ?? ''))
      .toBe(true);
    expect(await recordsOf(bankId, tokenB)).toEqual([]);
    // Since B opened the bank the device sent one answer, A's, under A's token (a send under B's would be listed first).
    expect(answers).toEqual([`Bearer ${tokenA}`]);
  });

  it("A bookmarks a page of a book offline and logs out; B opens the book: no pending bookmark of A's, none recorded under B", async () => {
    const A = '13800000002'; // 四六级 VIP: reads every chapter
    const B = freshMobile();
    const list = await request(server.url, ebook.ebookList, { genus_id: 1, category_id: 1, count: 50 });
    const book = list.body.data.find((b) => b.name.includes('高频词汇') && b.is_free === 0);
    if (!book) throw new Error('the seed has no paid 高频词汇 book under 英语四级');
    const marksOf = async (token: string) => (await request(server.url, ebook.bookmarkList, { id: book.id }, { token })).body.data;
    const attr = (p: Page, name: string) => p.getByTestId('ebook-reader').getAttribute(`data-${name}`);
    const ready = async (p: Page) => {
      await expect.poll(() => attr(p, 'chapter-phase'), { timeout: 15000 }).toBe('ready');
      await expect.poll(() => attr(p, 'anchor')).toMatch(/^\d+:\d+$/);
    };

    let tokenA = await tokenOf(A);
    const before = (await marksOf(tokenA)).length;
    await useToken(page, tokenA);
    await page.goto(`${server.url}/ebook/read/${book.id}`);
    await ready(page);
    await suite.context.setOffline(true);
    await page.mouse.click(195, 300); // the middle third: the toolbar
    await page.getByTestId('er-mark-toggle').click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe('已添加书签，联网后自动同步');
    const home = await closeOfflineAndReopen();
    await logOut(home);

    // B opens the same book online: the reader flushes the outbox under B's token, and lists B's bookmarks only.
    // B has one bookmark of its own: the list B sees is loaded once it shows, with what waits in the outbox merged in.
    const tokenB = await tokenOf(B);
    const first = (await request(server.url, ebook.ebookDetailEndpoint, { id: book.id }, { token: tokenB })).body.data.chapters[0];
    if (!first) throw new Error('no chapter');
    const own = await request(
      server.url,
      ebook.bookmarkAdd,
      {
        ebook_id: book.id,
        ebook_chapter_id: first.id,
        anchor_point: { chapter_id: first.id, span: 0, offset: 0 },
        client_id: 'b-own-0001',
      },
      { token: tokenB },
    );
    expect(own.body.status, own.body.msg).toBe(0);
    const adds = tokensSent(home, 'POST', ebook.bookmarkAdd.path);
    await useToken(home, tokenB);
    await home.goto(`${server.url}/ebook/read/${book.id}`);
    await ready(home);
    await home.mouse.click(195, 300);
    await home.getByTestId('er-open-marks').click();
    await expect.poll(() => home.locator('[data-testid=er-mark-item]').count()).toBe(1);
    expect(await home.locator('[data-testid=er-mark-item][data-pending]').count()).toBe(0);
    expect((await marksOf(tokenB)).map((m) => m.id)).toEqual([own.body.data.id]);
    tokenA = await tokenOf(A);
    expect(await marksOf(tokenA)).toHaveLength(before);

    // A is back: the bookmark reaches A's account, once; nothing is pending on the device after.
    await useToken(home, tokenA);
    await home.goto(`${server.url}/ebook/read/${book.id}`);
    await expect.poll(async () => (await marksOf(tokenA)).length, { timeout: 15000 }).toBe(before + 1);
    await ready(home);
    await home.mouse.click(195, 300);
    await home.getByTestId('er-open-marks').click();
    // The reader reloads its list once the flush has sent something: all of A's, none pending.
    const items = home.locator('[data-testid=er-mark-item]');
    await expect
      .poll(async () => [await items.count(), await home.locator('[data-testid=er-mark-item][data-pending]').count()])
      .toEqual([before + 1, 0]);
    expect(await marksOf(tokenA)).toHaveLength(before + 1);
    expect((await marksOf(tokenB)).map((m) => m.id)).toEqual([own.body.data.id]);
    // Since B opened the book the device sent one bookmark, A's, under A's token.
    expect(adds).toEqual([`Bearer ${tokenA}`]);
  });
});
