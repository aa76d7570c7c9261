import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as question from '../../src/contract/questions';
import { AUTO_ADVANCE_MS } from '../../src/modules/questions-answerer/controller';
import { UNSENT_KEY } from '../../src/runtime/outbox';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import { freshMobile } from '../support/flows';
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
  page.setDefaultTimeout(10000);
});

const NOBODY = '13800000003'; // owns nothing: free banks only

interface DemoQuestion {
  type: string;
  stem: string;
  answer: unknown;
  analysis: string;
}
/** The demo content's keys, to answer rightly and wrongly on purpose. */
function demoChild(file: string, childName: string): DemoQuestion[] {
  const bank = JSON.parse(fs.readFileSync(`content/demo/questions/${file}.json`, 'utf8')) as {
    children: { name: string; questions: DemoQuestion[] }[];
  };
  const child = bank.children.find((c) => c.name === childName);
  if (!child) throw new Error(`no child ${childName} in ${file}`);
  return child.questions;
}

/** The id of a child bank by its top bank's name and its own name (bank_detail answers the top bank for any id). */
async function childId(topName: string, childName: string): Promise<number> {
  for (let id = 1; id < 200; id++) {
    const res = await request(server.url, question.bankDetailEndpoint, { bank_id: id });
    if (res.body.status !== 0) continue;
    if (res.body.data.name !== topName) continue;
    const child = res.body.data.children.find((c) => c.name === childName);
    if (child) return child.id;
  }
  throw new Error(`no bank ${topName} / ${childName}`);
}

const header = () => page.locator('.qc-pos').textContent();
const toast = () => page.getByTestId('toast').textContent();
const option = (letter: string) => page.locator(`.qa-card .qc-option[data-letter="${letter}"]`);
const wrongLetter = (key: string) => (key === 'A' ? 'B' : 'A');
/** A horizontal swipe on the touch screen (Chromium's touch events through CDP), over the question. */
async function swipe(fromX: number, toX: number, y = 300): Promise<void> {
  const cdp = await suite.context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
  for (let i = 1; i <= 5; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: fromX + ((toX - fromX) * i) / 5, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('question answering', () => {
  it('practises a bank: verdicts and analyses, 收藏, the answer sheet, resume after a reload, 重新练习', async () => {
    const token = await signedInAs(page, server, NOBODY);
    const childName = '专项一：高频词汇辨析';
    const bankId = await childId('英语四级词汇与语法专项', childName);
    const demo = demoChild('cet-vocab-grammar', childName);
    const [q1, q2] = demo;
    if (!q1 || !q2) throw new Error('demo bank too short');
    const total = demo.length;

    await page.goto(`${server.url}/question/answer/${bankId}`);
    await expect.poll(header).toBe(`第 1 / ${total} 题`);
    await expect.poll(() => page.locator('.qa-card .qc-stem').textContent()).toBe(q1.stem);

    // A wrong answer: the verdict, the key and the analysis at once; the question is locked.
    await option(wrongLetter(String(q1.answer))).click();
    await page.locator('.qc-result.is-wrong').waitFor();
    expect(await page.locator('.qc-key').textContent()).toBe(String(q1.answer));
    expect(await page.locator('.qc-analysis p').textContent()).toBe(q1.analysis);
    expect(await option(String(q1.answer)).isDisabled()).toBe(true);
    // No advance after a wrong answer: a page timer of the advance delay set after the verdict runs after the
    // advance would have (timers of equal delay run in the order they were set), then a frame for the render.
    await page.evaluate((ms) => new Promise<void>((done) => setTimeout(() => requestAnimationFrame(() => done()), ms)), AUTO_ADVANCE_MS);
    expect(await header()).toBe(`第 1 / ${total} 题`);

    // 下一题, a right answer: 回答正确 with the analysis, which stays until 下一题 (答对自动下一题 is off by default;
    // the setting itself is tested in answerer-round-two.test.ts).
    await page.getByRole('button', { name: '下一题' }).click();
    await expect.poll(header).toBe(`第 2 / ${total} 题`);
    await option(String(q2.answer)).click();
    await page.locator('.qc-result.is-right').waitFor();
    await page.evaluate((ms) => new Promise<void>((done) => setTimeout(() => requestAnimationFrame(() => done()), ms)), AUTO_ADVANCE_MS);
    expect(await header()).toBe(`第 2 / ${total} 题`);
    expect(await page.locator('.qc-analysis p').textContent()).toBe(q2.analysis);
    await page.getByRole('button', { name: '下一题' }).click();
    await expect.poll(header).toBe(`第 3 / ${total} 题`);
    expect(await page.locator('.qa-count').textContent()).toBe(`已答 2/${total}`);

    // 收藏 the third question.
    await page.getByRole('button', { name: '收藏' }).click();
    await expect.poll(toast).toBe('已收藏');
    const collected = (await request(server.url, question.collection, { bank_id: bankId }, { token })).body.data;
    expect(collected.map((c) => c.stem)).toEqual([demo[2]?.stem]);

    // 标记 the third question; swipes of 50 px turn questions (a short one does not).
    await page.getByRole('button', { name: '标记' }).click();
    await swipe(300, 180);
    await expect.poll(header).toBe(`第 4 / ${total} 题`);
    // A swipe turns the question while its touchend is handled; the swipe back lands on 3 only if this one did not turn.
    await swipe(300, 270);
    expect(await header()).toBe(`第 4 / ${total} 题`);
    await swipe(100, 300);
    await expect.poll(header).toBe(`第 3 / ${total} 题`);

    // The server scored and kept both answers.
    const records = (await request(server.url, question.record, { bank_id: bankId }, { token })).body.data;
    expect(records.map((r) => r.is_right).sort()).toEqual([0, 1]);

    // A reload comes back to the same question, still collected.
    await page.reload();
    await expect.poll(header).toBe(`第 3 / ${total} 题`);
    await expect.poll(() => page.getByRole('button', { name: '已收藏' }).getAttribute('aria-pressed')).toBe('true');

    // The answer sheet: 1 wrong, 2 right, 3 current; a tap jumps and shows the kept verdict.
    await page.getByRole('button', { name: /答题卡/ }).click();
    const cells = page.locator('.qa-sheet .qa-cell');
    expect(await cells.count()).toBe(total);
    expect(await cells.nth(0).getAttribute('data-status')).toBe('wrong');
    expect(await cells.nth(1).getAttribute('data-status')).toBe('right');
    expect(await cells.nth(2).getAttribute('aria-current')).toBe('step');
    expect(await cells.nth(2).getAttribute('class')).toContain('is-marked');
    expect(await page.locator('.qa-sheet-summary').textContent()).toBe(`已答 2 题，未答 ${total - 2} 题`);
    await cells.nth(0).click();
    await expect.poll(header).toBe(`第 1 / ${total} 题`);
    await page.locator('.qc-result.is-wrong').waitFor();
    expect(await page.locator('.qc-analysis p').textContent()).toBe(q1.analysis);

    // 重新练习: the records are cleared, the route loses /reset, the bank starts at the first question.
    await page.goto(`${server.url}/question/answer/${bankId}/reset`);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/question/answer/${bankId}`);
    await expect.poll(header).toBe(`第 1 / ${total} 题`);
    expect(await page.locator('.qc-result').count()).toBe(0);
    expect((await request(server.url, question.record, { bank_id: bankId }, { token })).body.data).toEqual([]);
    expect(await page.locator('.qa-count').textContent()).toBe(`已答 0/${total}`);
  });

  it('sits an exam paper: start, answers without verdicts, 交卷 with the unanswered count, the score and the review', async () => {
    await signedInAs(page, server, NOBODY);
    const childName = '科目一模拟考试';
    const bankId = await childId('科目一模拟题', childName);
    const demo = demoChild('kemu1-mock', childName);
    const first = demo[0];
    if (!first) throw new Error('empty paper');

    await page.goto(`${server.url}/question/answer/${bankId}`);
    await page.getByRole('button', { name: '开始考试' }).click();
    await expect.poll(() => page.getByTestId('exam-left').textContent()).toMatch(/^(44:5\d|45:00)$/);
    await expect.poll(header).toBe(`第 1 / ${demo.length} 题`);

    // The right answer to the first question: saved, no verdict, no key. The server's reply has come back and the
    // page is done with it (the outbox's copy of the answer is gone; the screen updates in the same task).
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === question.answer.path);
    await option(String(first.answer)).click();
    await expect.poll(() => page.locator('.qa-count').textContent()).toBe(`已答 1/${demo.length}`);
    expect((await (await saved).json()).status).toBe(0);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), UNSENT_KEY)).toBeNull();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
    expect(await page.locator('.qc-result').count()).toBe(0);
    expect(await option(String(first.answer)).getAttribute('aria-pressed')).toBe('true');

    // A reload keeps the answer and the running clock.
    await page.reload();
    await expect.poll(() => page.getByTestId('exam-left').textContent()).toMatch(/^4[45]:\d\d$/);
    await page.getByRole('button', { name: /答题卡/ }).click();
    expect(await page.locator('.qa-sheet .qa-cell').first().getAttribute('data-status')).toBe('answered');
    await page.locator('.qa-sheet .qa-cell').first().click();
    expect(await option(String(first.answer)).getAttribute('aria-pressed')).toBe('true');

    // 交卷: the dialog counts what is left.
    await page.locator('.qa-hand-in').click();
    await expect.poll(() => page.locator('.confirm-box').getAttribute('aria-label')).toBe(`还有 ${demo.length - 1} 题未作答，确定交卷吗？`);
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('report-score').textContent()).toBe(`1/ ${demo.length}`);
    const cells = page.locator('.qa-report .qa-cell');
    expect(await cells.first().getAttribute('data-status')).toBe('right');
    expect(await cells.nth(1).getAttribute('data-status')).toBe('unanswered');

    // The review shows the key and the analysis now.
    await cells.first().click();
    await page.locator('.qc-result.is-right').waitFor();
    expect(await page.locator('.qc-analysis p').textContent()).toBe(first.analysis);

    // A reload shows the report again (the paper is handed in).
    await page.reload();
    await expect.poll(() => page.getByTestId('report-score').textContent()).toBe(`1/ ${demo.length}`);

    // 重新练习 clears the paper: its start screen again, and a new sitting starts with no answers.
    await page.getByRole('button', { name: '重新练习' }).click();
    await page.getByRole('button', { name: '开始考试' }).click();
    await expect.poll(() => page.locator('.qa-count').textContent()).toBe(`已答 0/${demo.length}`);
    expect(await header()).toBe(`第 1 / ${demo.length} 题`);
  });

  it('offline: an answer is kept on the device (已保存，联网后提交) and scored once the network is back', async () => {
    const token = await signedInAs(page, server, freshMobile());
    const childName = '专项二：固定搭配与短语动词';
    const bankId = await childId('英语四级词汇与语法专项', childName);
    const first = demoChild('cet-vocab-grammar', childName)[0];
    if (!first) throw new Error('empty bank');
    await page.goto(`${server.url}/question/answer/${bankId}`);
    await expect.poll(header).toMatch(/^第 1 \//);

    await suite.context.setOffline(true);
    await option(String(first.answer)).click();
    await expect.poll(() => page.locator('.qa-note.is-offline').textContent()).toBe('已保存，联网后提交');
    expect(await page.locator('.qc-result').count()).toBe(0);
    expect(await page.locator('.qa-count').textContent()).toMatch(/^已答 1\//);

    await suite.context.setOffline(false);
    await page.locator('.qc-result.is-right').waitFor({ timeout: 15000 });
    expect(await page.locator('.qa-note.is-offline').count()).toBe(0);
    const records = (await request(server.url, question.record, { bank_id: bankId }, { token })).body.data;
    expect(records.map((r) => [r.question_id, r.is_right])).toHaveLength(1);
    expect(records[0]?.is_right).toBe(1);
  });

  it('an exam whose time ran out opens on its report, handed in by the server', async () => {
    await signedInAs(page, server, freshMobile());
    const bankId = await childId('科目一模拟题', '科目一模拟考试');
    await page.goto(`${server.url}/question/answer/${bankId}`);
    await page.getByRole('button', { name: '开始考试' }).click();
    await page.getByTestId('exam-left').waitFor();
    server.advance(46 * 60);
    await page.reload();
    await expect.poll(() => page.locator('.qa-report-auto').textContent()).toBe('时间到，系统已自动交卷');
    expect(await page.getByTestId('report-score').textContent()).toBe('0/ 30');
  });

  it('a paid bank shows the buy prompt with the server message', async () => {
    await signedInAs(page, server, NOBODY);
    const bankId = await childId('英语四级阅读理解训练', '话题一：校园生活与学习');
    await page.goto(`${server.url}/question/answer/${bankId}`);
    await expect.poll(() => page.locator('.qa-message p').textContent()).toBe(question.NOT_OWNED_MSG);
    await page.getByRole('button', { name: '查看题库' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/question\/child_list\/\d+$/);
  });
});
