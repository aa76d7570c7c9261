/**
 * The question pages around answering: the study tab's 题库 list → a bank's children; the error book (today's count,
 * a redo scored by the server until the question leaves the book, a removal); the collected questions; a shared
 * question answered by a second user in another browser context, whose answer the sharer then sees.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as q from '../../src/contract/questions';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { request } from '../support/api-client';
import { browserSuite, phoneContext } from '../support/browser';
import { loginAs } from '../support/flows';
import { signedInAs } from '../support/login-form';
import type { TestServer } from '../support/test-server';
import { newUser } from '../support/user-center-flows';

// 英语四级 (genus 1, category 1) is chosen, as a returning visitor would have it.
const SUBJECT = { genus_id: 1, category_id: 1, category_name: '英语四级' };
const suite = browserSuite({ subject: SUBJECT });
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
  page.setDefaultTimeout(10000);
});

const VIP = '13800000002';
const NOBODY = '13800000003';

/** The free and the paid bank of 英语四级, with the free one's children. */
async function banks() {
  const list = await request(server.url, q.bankList, { ...SUBJECT, count: 50 });
  const free = list.body.data.find((b) => b.is_free === 1);
  const paid = list.body.data.find((b) => b.is_free === 0);
  if (!free || !paid) throw new Error('the seed needs a free and a paid bank under 英语四级');
  return { free, paid };
}

/** Answers single-choice questions of a child bank wrongly until `n` went into the error book; returns them with their keys. */
async function answerWrongly(token: string, childId: number, n: number) {
  const content = await request(server.url, q.content, { bank_id: childId }, { token });
  const wrong: { id: number; stem: string; key: string }[] = [];
  for (const question of content.body.data.questions.filter((x) => x.type === 'single')) {
    if (wrong.length >= n) break;
    const r = await request(server.url, q.answer, { relation_id: question.id, answer: 'A' }, { token });
    const data = r.body.data as q.AnswerResult;
    if (data.is_right === 0) wrong.push({ id: question.id, stem: question.stem, key: data.right_answer[0] ?? '' });
  }
  expect(wrong).toHaveLength(n);
  return wrong;
}

async function firstChild(bankId: number, token: string) {
  const detail = await request(server.url, q.bankDetailEndpoint, { bank_id: bankId }, { token });
  const child = detail.body.data.children[0];
  if (!child) throw new Error(`bank ${bankId} has no children`);
  return child;
}

const tabCount = (range: string) => page.locator(`.qeb-tab[data-range=${range}] .qeb-tab-count`).textContent();
const items = () => page.getByTestId('error-item');

describe('question pages', () => {
  it('the study list shows the subject’s banks (免费 / price) and opens a bank’s children with their modes and actions', async () => {
    const { free, paid } = await banks();
    await signedInAs(page, server, NOBODY);
    await page.goto(`${server.url}/study/list/question`);
    const freeCard = page.getByTestId('media-card').filter({ hasText: free.name });
    await freeCard.waitFor();
    expect(await freeCard.locator('.mc-tag').textContent()).toBe('免费');
    expect(await freeCard.textContent()).toContain(`${free.child_count} 个练习 · 共 ${free.question_count} 题`);
    const paidCard = page.getByTestId('media-card').filter({ hasText: paid.name });
    expect(await paidCard.locator('.mc-accent').textContent()).toBe(`¥${(paid.price / 100).toFixed(2).replace(/\.00$/, '')}`);
    expect(await paidCard.locator('.mc-tag').count()).toBe(0);

    await freeCard.click();
    await page.waitForURL(`${server.url}/question/child_list/${free.id}`);
    await page.getByText('免费题库，可练习全部题目').waitFor();
    await expect
      .poll(() => page.locator('[data-testid="list-detail.children"] .bb-button', { hasText: '开始练习' }).count())
      .toBe(free.child_count);
    expect(await page.locator('body').textContent()).toContain('练习 · ');

    // A paid bank the user does not own: 需购买 with the price, no practice buttons, 购买题库 at the bottom.
    await page.goto(`${server.url}/question/child_list/${paid.id}`);
    await page.getByText(/需购买 · ¥/).waitFor();
    expect(await page.locator('.bb-button', { hasText: '开始练习' }).count()).toBe(0);
    expect(await page.locator('.button-bar-fixed-bottom .bb-button').textContent()).toContain('购买题库');
  });

  it('the error book: today’s count, a redo scored by the server until the question leaves the book, and a removal', async () => {
    const user = await newUser(server);
    const token = await signedInAs(page, server, user.mobile);
    const { free } = await banks();
    const child = await firstChild(free.id, token);
    const [first, second] = await answerWrongly(token, child.id, 2);
    if (!first || !second) throw new Error('two wrong answers expected');

    // The study list's entry row shows today's count.
    await page.goto(`${server.url}/study/list/question`);
    await page.getByText('今日新增 2 题').waitFor();
    await page.getByText('今日新增 2 题').click();
    await page.waitForURL(`${server.url}/question/error`);
    await expect.poll(() => tabCount('day')).toBe('2');
    expect(await page.getByTestId('error-review').textContent()).toContain('今日待复习 2 题');
    await expect.poll(() => items().count()).toBe(2);

    // Remove one (after the confirm dialog): it leaves the list and the counts.
    const removed = items().filter({ hasText: second.stem.slice(0, 30) });
    await removed.getByRole('button', { name: '移除' }).click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => items().count()).toBe(1);
    await expect.poll(() => tabCount('day')).toBe('1');

    // Redo the other one right three times in a row: the streak grows, then it leaves the book.
    const row = items().first();
    for (let n = 1; n <= 3; n++) {
      await row.getByRole('button', { name: '重做' }).click();
      // A single choice: the tap is the answer, as in practice.
      await row.locator(`.qc-option[data-letter="${first.key}"]`).click();
      if (n < 3) {
        await row.getByText(`已连续答对 ${n}/3 次`).waitFor();
        expect(await row.textContent()).toContain('回答正确');
        expect(await row.textContent()).toMatch(/下次复习：(明天|\d+ 天后)/);
        await row.getByRole('button', { name: '收起' }).click();
        await row.getByText(`连续答对 ${n}/3`).waitFor();
      }
    }
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('已连续答对 3 次，移出错题本');
    await expect.poll(() => items().count()).toBe(0);
    await expect.poll(() => tabCount('all')).toBe('0');
    await page.getByText('今天还没有错题').waitFor();
  });

  it('全部重做 steps through the tab’s questions one after another', async () => {
    const user = await newUser(server);
    const token = await signedInAs(page, server, user.mobile);
    const { free } = await banks();
    const wrong = await answerWrongly(token, (await firstChild(free.id, token)).id, 2);
    await page.goto(`${server.url}/question/error`);
    await expect.poll(() => items().count()).toBe(2);
    await page.getByRole('button', { name: '全部重做' }).click();
    const session = page.getByTestId('error-session');
    for (let i = 1; i <= 2; i++) {
      await session.getByText(`第 ${i} / 2 题`).first().waitFor();
      await session.locator('.qc-option[data-letter="A"]').click(); // wrong again (a tap submits): the streak resets
      await session.getByText('回答错误，连续答对次数已清零').waitFor();
      await session.getByRole('button', { name: i < 2 ? '下一题' : '完成' }).click();
    }
    await session.getByText('本次完成 2 题，答对 0 题').waitFor();
    await session.getByRole('button', { name: '返回错题本' }).click();
    await expect.poll(() => items().count()).toBe(wrong.length);
  });

  it('the 全部 tab pages by last_id when scrolled to the end, without repeating a question', async () => {
    const user = await newUser(server);
    const token = await signedInAs(page, server, user.mobile);
    const { free } = await banks();
    const detail = await request(server.url, q.bankDetailEndpoint, { bank_id: free.id }, { token });
    for (const child of detail.body.data.children) {
      const content = await request(server.url, q.content, { bank_id: child.id }, { token });
      for (const question of content.body.data.questions) {
        await request(server.url, q.answer, { relation_id: question.id, answer: question.type === 'fill' ? ['—'] : 'A' }, { token });
      }
    }
    const total = (await request(server.url, q.errorCount, SUBJECT, { token })).body.data.all;
    expect(total).toBeGreaterThan(20);
    await page.goto(`${server.url}/question/error`);
    await page.getByRole('tab', { name: /全部/ }).click();
    await expect.poll(() => items().count()).toBe(20);
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        return items().count();
      })
      .toBe(total);
    const ids = await items().evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
    expect(new Set(ids).size).toBe(total);
    await page.getByText('已全部加载').waitFor();
  });

  it('the collect page lists a collected question read-only and 取消收藏 removes it', async () => {
    const user = await newUser(server);
    const token = await signedInAs(page, server, user.mobile);
    const { free } = await banks();
    const child = await firstChild(free.id, token);
    const content = await request(server.url, q.content, { bank_id: child.id }, { token });
    const question = content.body.data.questions[0];
    if (!question) throw new Error('no question');
    expect((await request(server.url, q.collect, { question_id: question.id, is_collect: 1 }, { token })).body.status).toBe(0);

    await page.goto(`${server.url}/question/collect/${free.id}`);
    await page.getByText(question.stem).waitFor();
    expect(await page.locator('body').textContent()).toContain('共收藏 1 题');
    expect(await page.locator('.qc-option').count()).toBe(0); // read-only: no answering here
    await page.locator('.bb-button', { hasText: '取消收藏' }).click();
    await page.getByText('还没有收藏的题目').waitFor();
    expect((await request(server.url, q.collection, { bank_id: free.id }, { token })).body.data).toHaveLength(0);
  });

  it('a shared question: a second user answers it in another browser, and the sharer sees the answer', async () => {
    const sharer = await newUser(server);
    const tokenA = await signedInAs(page, server, sharer.mobile);
    const { free } = await banks();
    const child = await firstChild(free.id, tokenA);
    const content = await request(server.url, q.content, { bank_id: child.id }, { token: tokenA });
    const question = content.body.data.questions.find((x) => x.type === 'single');
    if (!question) throw new Error('no single-choice question');
    const created = await request(server.url, q.consultCreate, { relation_id: question.id }, { token: tokenA });
    const sharePath = created.body.data.share_path;

    // A visitor who is not logged in sees the question and a login button that comes back here.
    const guest = await phoneContext(suite.browser);
    const guestPage = await guest.newPage();
    await guestPage.goto(`${server.url}${sharePath}`);
    await guestPage.getByText('请你帮忙解答').waitFor();
    await guestPage.getByRole('button', { name: '登录后作答' }).click();
    await guestPage.waitForURL(`${server.url}/user/mobile_login/${encodeURIComponent(sharePath)}`);
    await guest.close();

    // User B answers in a second context.
    server.advance(61);
    const b = await loginAs(server, VIP);
    const other = await phoneContext(suite.browser);
    await other.addInitScript(([key, t]) => localStorage.setItem(key, t), [STORAGE_KEYS.jwt, b.token] as const);
    const pageB = await other.newPage();
    await pageB.goto(`${server.url}${sharePath}`);
    await pageB.getByText('请你帮忙解答').waitFor();
    expect(await pageB.locator('.qs-bank').textContent()).toContain(child.name);
    // B picks the key's own letter (read from the database), so the verdict has one right value.
    const key = await server.services.db.kysely
      .selectFrom('questions')
      .select('answer')
      .where('id', '=', question.id)
      .executeTakeFirstOrThrow();
    const letter = JSON.parse(key.answer) as string;
    await pageB.locator(`.qc-option[data-letter="${letter}"]`).click();
    await pageB.getByRole('button', { name: '提交答案' }).click();
    await pageB.locator('.qc-result').waitFor();
    expect(await pageB.locator('.qc-verdict-text').textContent()).toContain('回答正确');
    // Reloading shows B's own answer instead of the form.
    await pageB.reload();
    await pageB.getByText('你已经答过这道题，以下是你的答案').waitFor();
    expect(await pageB.getByRole('button', { name: '提交答案' }).count()).toBe(0);
    await other.close();

    // The sharer sees who answered and how.
    await page.goto(`${server.url}${sharePath}`);
    const answers = page.getByTestId('share-answers');
    await answers.waitFor();
    await expect.poll(() => page.getByTestId('share-answer').count()).toBe(1);
    const line = (await page.getByTestId('share-answer').textContent()) ?? '';
    expect(line).toContain(b.user.nickname);
    expect(line).toContain(`答案：${letter}`);
    expect(line).toContain('答对');
    expect(await answers.textContent()).toContain('1 人作答');

    // An unknown share id: a clear not-found state.
    await page.goto(`${server.url}/question/share/nosuchshare0000`);
    await page.getByText('分享的题目不存在').waitFor();
  });

  it('my banks: empty for a new user, then the bank practised with its answered count', async () => {
    const user = await newUser(server);
    const token = await signedInAs(page, server, user.mobile);
    await page.goto(`${server.url}/user/question`);
    await page.getByText('还没有题库').waitFor();
    const { free } = await banks();
    await answerWrongly(token, (await firstChild(free.id, token)).id, 1);
    await page.goto(`${server.url}/question/bought`);
    const card = page.getByTestId('media-card').filter({ hasText: free.name });
    await card.waitFor();
    expect(await card.textContent()).toContain(`已做 1/${free.question_count} 题`);
    expect(await card.locator('.mc-tag').textContent()).toBe('免费');
  });
});
