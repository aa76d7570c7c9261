/**
 * The question bank after issue 24 ("what a new user ran into"): the answerer's ‹ 退出 keeps the progress (and a
 * paper is not handed in), a right answer's analysis stays until 下一题 (答对自动下一题 is a setting, off by default,
 * kept on the device), the error book's redo submits as practice does, and the 题库 tab's 继续练习 is the chosen
 * subject's bank. Set SHOTS=<dir> to also keep phone-sized screenshots of the screens.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as question from '../../src/contract/questions';
import { AUTO_ADVANCE_MS } from '../../src/modules/questions-answerer/controller';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import { freshMobile } from '../support/flows';
import { signedInAs } from '../support/login-form';
import type { TestServer } from '../support/test-server';

const CET4 = { genus_id: 1, category_id: 1, category_name: '英语四级' };
const suite = browserSuite({ subject: CET4 });
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
  page.setDefaultTimeout(10000);
});

const SHOTS = process.env.SHOTS;
async function shot(name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  // Past the sheets' and dialogs' entrance animations (0.22 s).
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

interface DemoQuestion {
  type: string;
  stem: string;
  answer: unknown;
  analysis: string;
}
function demoChild(file: string, childName: string): DemoQuestion[] {
  const bank = JSON.parse(fs.readFileSync(`content/demo/questions/${file}.json`, 'utf8')) as {
    children: { name: string; questions: DemoQuestion[] }[];
  };
  const child = bank.children.find((c) => c.name === childName);
  if (!child) throw new Error(`no child ${childName} in ${file}`);
  return child.questions;
}

/** A child bank's id, its top bank's id and the top bank's subject, by the names of the top bank and the child. */
async function childOf(topName: string, childName: string, subject?: { category_id: number }) {
  let q = server.services.db.kysely
    .selectFrom('question_banks as c')
    .innerJoin('question_banks as t', 't.id', 'c.parent_id')
    .select(['c.id', 't.id as top', 't.genus_id', 't.category_id'])
    .where('t.name', '=', topName)
    .where('c.name', '=', childName);
  if (subject) q = q.where('t.category_id', '=', subject.category_id);
  const row = await q.orderBy('t.id').executeTakeFirst();
  if (!row) throw new Error(`no bank ${topName} / ${childName}`);
  return row;
}

const header = () => page.locator('.qc-pos').textContent();
const toast = () => page.getByTestId('toast').textContent();
const option = (letter: string) => page.locator(`.qa-card .qc-option[data-letter="${letter}"]`);
const wrongLetter = (key: string) => (key === 'A' ? 'B' : 'A');
const exitButton = () => page.getByRole('button', { name: '退出答题' });
/** Waits past the moment an auto-advance would have happened (a page timer set after the verdict), then a frame. */
const pastAdvance = () =>
  page.evaluate((ms) => new Promise<void>((done) => setTimeout(() => requestAnimationFrame(() => done()), ms + 100)), AUTO_ADVANCE_MS);

const VOCAB = '英语四级词汇与语法专项';
const VOCAB_ONE = '专项一：高频词汇辨析';

describe('the answerer, round two', () => {
  it('a right answer’s analysis stays until 下一题; 答对自动下一题 is a setting, off by default and remembered', async () => {
    await signedInAs(page, server, freshMobile());
    const bank = await childOf(VOCAB, VOCAB_ONE, CET4);
    const demo = demoChild('cet-vocab-grammar', VOCAB_ONE);
    const [q1, q2, q3] = demo;
    if (!q1 || !q2 || !q3) throw new Error('demo bank too short');
    const total = demo.length;

    await page.goto(`${server.url}/question/answer/${bank.id}`);
    await expect.poll(header).toBe(`第 1 / ${total} 题`);
    await exitButton().waitFor();
    await shot('answerer-exit');

    // Right: 回答正确, the key and the analysis — and they stay (no auto-advance by default).
    await option(String(q1.answer)).click();
    await page.locator('.qc-result.is-right').waitFor();
    await pastAdvance();
    expect(await header()).toBe(`第 1 / ${total} 题`);
    expect(await page.locator('.qa-card .qc-analysis p').textContent()).toBe(q1.analysis);
    await shot('answerer-right-analysis');
    await page.getByRole('button', { name: '下一题' }).click();
    await expect.poll(header).toBe(`第 2 / ${total} 题`);

    // 答题设置: the switch is off; turning it on is said and kept on the device.
    await page.getByRole('button', { name: '答题设置' }).click();
    const settings = page.getByTestId('answerer-settings');
    const toggle = settings.getByRole('switch', { name: /答对自动下一题/ });
    expect(await toggle.isChecked()).toBe(false);
    await shot('answerer-settings');
    await toggle.click();
    await expect.poll(toast).toBe('已开启答对自动下一题');
    expect(await toggle.isChecked()).toBe(true);
    await settings.getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => settings.count()).toBe(0);

    // On: a right answer moves on by itself.
    await option(String(q2.answer)).click();
    await page.locator('.qc-result.is-right').waitFor();
    await expect.poll(header, { timeout: 5000 }).toBe(`第 3 / ${total} 题`);

    // Remembered after a reload; off again, a right answer stays.
    await page.reload();
    await expect.poll(header).toBe(`第 3 / ${total} 题`);
    await page.getByRole('button', { name: '答题设置' }).click();
    expect(await page.getByTestId('answerer-settings').getByRole('switch').isChecked()).toBe(true);
    await page.getByTestId('answerer-settings').getByRole('switch').click();
    await expect.poll(toast).toBe('已关闭答对自动下一题');
    await page.keyboard.press('Escape');
    await option(String(q3.answer)).click();
    await page.locator('.qc-result.is-right').waitFor();
    await pastAdvance();
    expect(await header()).toBe(`第 3 / ${total} 题`);
  });

  it('‹ 退出 keeps the answers; 继续练习 on the 题库 tab resumes at the next unanswered question, on another device too', async () => {
    const token = await signedInAs(page, server, freshMobile());
    const bank = await childOf(VOCAB, VOCAB_ONE, CET4);
    const demo = demoChild('cet-vocab-grammar', VOCAB_ONE);
    const [q1, q2] = demo;
    if (!q1 || !q2) throw new Error('demo bank too short');
    const total = demo.length;

    // From the bank's page, 开始练习; two answers (one wrong, one right), the second's analysis on screen.
    await page.goto(`${server.url}/question/answer/${bank.id}`);
    await expect.poll(header).toBe(`第 1 / ${total} 题`);
    await option(wrongLetter(String(q1.answer))).click();
    await page.locator('.qc-result.is-wrong').waitFor();
    await page.getByRole('button', { name: '下一题' }).click();
    await option(String(q2.answer)).click();
    await page.locator('.qc-result.is-right').waitFor();

    // A written but not submitted answer (a multiple choice) is named before leaving; 继续答题 stays.
    const multiple = demo.findIndex((q) => q.type === 'multiple');
    expect(multiple).toBeGreaterThan(1);
    await page.getByRole('button', { name: /答题卡/ }).click();
    await page.locator('.qa-sheet .qa-cell').nth(multiple).click();
    await expect.poll(header).toBe(`第 ${multiple + 1} / ${total} 题`);
    await option('A').click();
    await exitButton().click();
    await expect.poll(() => page.locator('.confirm-box').getAttribute('aria-label')).toContain('这道题的答案还没提交');
    await shot('answerer-exit-draft');
    await page.getByTestId('confirm-cancel').click();
    expect(new URL(page.url()).pathname).toBe(`/question/answer/${bank.id}`);
    await option('A').click(); // unchosen again: nothing left unsent
    await page.getByRole('button', { name: /答题卡/ }).click();
    await page.locator('.qa-sheet .qa-cell').nth(1).click();
    await expect.poll(header).toBe(`第 2 / ${total} 题`);

    // 退出: no question asked, the bank's page, 进度已保存.
    await exitButton().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/question/child_list/${bank.top}`);
    await expect.poll(toast).toBe('进度已保存，可随时继续练习');
    const records = (await request(server.url, question.record, { bank_id: bank.id }, { token })).body.data;
    expect(records.map((r) => r.is_right)).toEqual([0, 1]);

    // The 题库 tab's 继续练习 opens the bank at the next unanswered question (3), with the two answers kept.
    await page.goto(`${server.url}/study/list/question`);
    const resume = page.locator('.card-item').filter({ hasText: '继续练习' });
    await expect.poll(() => resume.locator('h3').textContent()).toContain(VOCAB_ONE);
    await shot('question-tab');
    await resume.click();
    await expect.poll(header).toBe(`第 3 / ${total} 题`);
    expect(await page.locator('.qa-count').textContent()).toBe(`已答 2/${total}`);

    // Another device (nothing kept on it): the server's last answer, then the next unanswered question.
    const other = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await other.addInitScript(
        ([jwt, t, ctx, subject]) => {
          localStorage.setItem(jwt, t);
          localStorage.setItem(ctx, subject);
        },
        [STORAGE_KEYS.jwt, token, STORAGE_KEYS.examContext, JSON.stringify(CET4)] as const,
      );
      const p2 = await other.newPage();
      await p2.goto(`${server.url}/question/answer/${bank.id}`);
      await expect.poll(() => p2.locator('.qc-pos').textContent()).toBe(`第 3 / ${total} 题`);
    } finally {
      await other.close();
    }
  });

  it('‹ 退出 of a running paper does not hand it in: it says so, the clock runs on, coming back continues', async () => {
    const token = await signedInAs(page, server, freshMobile());
    const bank = await childOf('科目一模拟题', '科目一模拟考试');
    const demo = demoChild('kemu1-mock', '科目一模拟考试');
    const first = demo[0];
    if (!first) throw new Error('empty paper');

    await page.goto(`${server.url}/question/answer/${bank.id}`);
    await page.getByRole('button', { name: '开始考试' }).click();
    await expect.poll(header).toBe(`第 1 / ${demo.length} 题`);
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === question.answer.path);
    await option(String(first.answer)).click();
    expect((await (await saved).json()).status).toBe(0);
    // No 答题设置 in a paper (nothing is scored before hand-in).
    expect(await page.getByRole('button', { name: '答题设置' }).count()).toBe(0);

    await exitButton().click();
    const text = await page.locator('.confirm-box').getAttribute('aria-label');
    expect(text).toMatch(/^退出不会交卷，已作答的答案已保存。考试计时不会暂停（剩余 4\d:\d\d），时间到系统将自动交卷/);
    await shot('answerer-exit-exam');
    await page.getByTestId('confirm-cancel').click();
    expect(new URL(page.url()).pathname).toBe(`/question/answer/${bank.id}`);
    await exitButton().click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/question/child_list/${bank.top}`);

    // Still running on the server, the answer kept; back within the time, the paper continues at question 2.
    const state = (await request(server.url, question.exam, { bank_id: bank.id }, { token })).body.data;
    expect(state?.status).toBe('running');
    expect(state?.answers.map((a) => a.question_id)).toHaveLength(1);
    await page.goto(`${server.url}/question/answer/${bank.id}`);
    await expect.poll(header).toBe(`第 2 / ${demo.length} 题`);
    await expect.poll(() => page.locator('.qa-count').textContent()).toBe(`已答 1/${demo.length}`);
    expect(await page.getByTestId('exam-left').textContent()).toMatch(/^4\d:\d\d$/);
  });

  it('the error book’s redo submits as practice does: a tap on a single choice is the answer, the analysis stays', async () => {
    const token = await signedInAs(page, server, freshMobile());
    const bank = await childOf(VOCAB, VOCAB_ONE, CET4);
    const q1 = demoChild('cet-vocab-grammar', VOCAB_ONE)[0];
    if (!q1) throw new Error('empty bank');
    const content = (await request(server.url, question.content, { bank_id: bank.id }, { token })).body.data;
    const id = content?.questions[0]?.id ?? 0;
    await request(server.url, question.answer, { relation_id: id, answer: wrongLetter(String(q1.answer)), duration: 3 }, { token });

    await page.goto(`${server.url}/question/error`);
    const row = page.locator('[data-testid="error-redo"]');
    await page.getByRole('button', { name: '全部重做' }).click();
    await row.waitFor();
    expect(await row.getByRole('button', { name: '提交答案' }).count()).toBe(0);
    await row.locator(`.qc-option[data-letter="${q1.answer}"]`).click();
    await row.locator('.qc-result.is-right').waitFor();
    await row.getByText('已连续答对 1/3 次').waitFor();
    expect(await row.locator('.qc-analysis p').textContent()).toBe(q1.analysis);
    await shot('error-book-redo');
  });

  it('the 题库 tab’s 继续练习 is the chosen subject’s bank, not the one practised last in another subject', async () => {
    const token = await signedInAs(page, server, freshMobile());
    const cet = await childOf(VOCAB, VOCAB_ONE, CET4);
    const drive = await childOf('科目一模拟题', '专项一：道路通行规定');
    expect(drive.category_id).not.toBe(CET4.category_id);
    const answerFirst = async (bankId: number) => {
      const content = (await request(server.url, question.content, { bank_id: bankId }, { token })).body.data;
      const q = content?.questions[0];
      if (!q) throw new Error('empty bank');
      const reply = await request(
        server.url,
        question.answer,
        { relation_id: q.id, answer: q.type === 'judge' ? true : 'A', duration: 3 },
        { token },
      );
      expect(reply.body.status).toBe(0);
    };
    await answerFirst(cet.id);
    server.advance(60);
    await answerFirst(drive.id); // the latest practice is another subject's

    const resumeTitle = () => page.locator('.card-item').filter({ hasText: '继续练习' }).first().textContent();
    await page.goto(`${server.url}/study/list/question`);
    await expect.poll(resumeTitle).toContain(VOCAB_ONE);
    expect(await resumeTitle()).not.toContain('道路通行规定');
    await page.locator('.card-item').filter({ hasText: '继续练习' }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/question/answer/${cet.id}`);

    // Choosing 科目一 shows 科目一's bank.
    const kemu = { genus_id: drive.genus_id, category_id: drive.category_id, category_name: '科目一' };
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.examContext, JSON.stringify(kemu)] as const);
    await page.goto(`${server.url}/study/list/question`);
    await expect.poll(resumeTitle).toContain('道路通行规定');
  });
});
