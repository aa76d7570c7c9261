/** FAQ, Q&A, skill articles, school news and a missing id, in a phone-sized browser against the built app. */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as articles from '../../src/contract/articles';
import { ARTICLE_KIND } from '../../src/server/areas/articles/articles-kinds';
import { articleIds, readAll } from '../support/articles-flows';
import { browserSuite } from '../support/browser';
import type { TestServer } from '../support/test-server';

const suite = browserSuite({
  // 英语四六级 / 英语四级 is the chosen subject.
  subject: { genus_id: 1, category_id: 1, category_name: '英语四级' },
});
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

const footer = () => page.locator('[data-testid=list-footer]');
const markdownTitle = () => page.locator('[data-testid=markdown] h1').first().textContent();
const goneTitle = () => page.getByTestId('not-found-screen').locator('h1').textContent();

/** Scrolls until the paged list's footer says everything is loaded; returns how many scrolls it took. */
async function scrollToEnd(): Promise<number> {
  let scrolls = 0;
  while (scrolls < 20 && (await footer().getAttribute('data-state')) !== 'loaded') {
    await page.mouse.wheel(0, 5000);
    await page.waitForTimeout(250);
    scrolls += 1;
  }
  await expect.poll(() => footer().textContent()).toBe('已全部加载');
  return scrolls;
}

describe('FAQ and Q&A', () => {
  it('pages the FAQ of the chosen subject to its end, and opens one', async () => {
    const expected = await readAll(server, articles.faqList, { genus_id: 1, category_id: 1 }, 'limit');
    expect(expected.length).toBeGreaterThan(20);
    const faqRequests: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/faq/list') faqRequests.push(url.searchParams.get('offset') ?? '');
    });
    await page.goto(`${server.url}/qa/index`);
    await expect.poll(() => page.title()).toBe('问答 - 备考');
    const items = page.locator('[data-testid=list-faq] li');
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(10);
    await scrollToEnd();
    expect(await items.count()).toBe(expected.length);
    expect(faqRequests).toEqual(expect.arrayContaining(['0', '10', '20']));
    expect(await items.locator('h3').allTextContents()).toEqual(expected.map((f) => f.question));
    // The teacher Q&A preview shows three questions.
    expect(await page.locator('[data-testid=list-qa] li').count()).toBe(3);

    const target = expected[expected.length - 1];
    if (!target) throw new Error('no FAQ');
    await items.last().locator('a').click();
    await page.waitForURL(`${server.url}/qa/detail?kind=faq&id=${target.id}`);
    await expect.poll(markdownTitle).toBe(target.question);
    await expect.poll(() => page.title()).toBe('常见问题 - 备考');
    expect(await page.locator('[data-testid=markdown] .bk-md-meta').textContent()).toContain(target.type_name);
  });

  it('a FAQ type tab lists only that type', async () => {
    await page.goto(`${server.url}/qa/index`);
    await page.getByRole('tab', { name: '使用帮助' }).click();
    const metas = page.locator('[data-testid=list-faq] li .card-item-meta');
    await expect.poll(() => metas.count()).toBeGreaterThanOrEqual(10);
    await scrollToEnd();
    const texts = await metas.allTextContents();
    expect(texts.every((t) => t.startsWith('使用帮助'))).toBe(true);
  });

  it('opens a Q&A from the list and shows the question and the teacher answer', async () => {
    const [first] = (await readAll(server, articles.answerQuestionList, {}, 'limit')) as { id: number; title: string; answerer: string }[];
    if (!first) throw new Error('no Q&A');
    await page.goto(`${server.url}/qa/list`);
    const items = page.locator('[data-testid=list-qa] li');
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(10);
    await items.first().locator('a').click();
    await page.waitForURL(`${server.url}/qa/detail?id=${first.id}`);
    await expect.poll(markdownTitle).toBe(first.title);
    await expect
      .poll(() =>
        page
          .locator('[data-testid=container]')
          .filter({ hasText: `${first.answerer}（` })
          .count(),
      )
      .toBeGreaterThan(0);
    expect(await page.locator('[data-testid=markdown]').count()).toBe(2);
    expect(await page.title()).toBe('问答详情 - 备考');
  });
});

describe('skill articles and school news', () => {
  it('opens a politics skill from the skill-read page', async () => {
    await page.goto(`${server.url}/skill/read`);
    await expect.poll(markdownTitle).toContain('技巧精读');
    await page.getByRole('tab', { name: '政治' }).click();
    const items = page.locator('[data-testid=list-skills] li');
    await expect.poll(() => items.locator('.card-item-badge').allTextContents()).toEqual(['政治', '政治', '政治', '政治']);
    const title = (await items.first().locator('h3').textContent())?.replace(/^政治/, '').trim() ?? '';
    await items.first().locator('a').click();
    await page.waitForURL(/\/politis\/detail\/\d+$/);
    await expect.poll(markdownTitle).toBe(title);
    await expect.poll(() => page.title()).toBe(`${title} - 备考`);
    expect((await page.locator('[data-testid=markdown] .bk-md-body').textContent())?.length).toBeGreaterThan(100);
  });

  it('shows a school news detail from the school host (in the landing HTML, then asked by the app)', async () => {
    const [id] = await articleIds(server, ARTICLE_KIND.schoolNews);
    const hosts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('school-news')) hosts.push(new URL(r.url()).pathname);
    });
    // Landing on it: the server answered the school host's endpoint into the HTML (first-screen data).
    const html = (await (await page.goto(`${server.url}/school-news/detail?id=${id}`))?.text()) ?? '';
    expect(html).toContain(`"articles.school_news_detail:{\\"id\\":\\"${id}\\"}"`);
    await expect.poll(markdownTitle).toMatch(/[\u4e00-\u9fff]/);
    expect(await page.locator('[data-testid=markdown] .bk-md-meta').textContent()).toMatch(/大学|学院/);
    // Moving to it inside the app: the app asks the school host itself.
    await page.evaluate(() => {
      history.pushState(null, '', '/');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/school-news/detail?id=${id}`);
    await expect.poll(() => hosts).toContain('/school/api/school-news/detail');
  });
});

describe('a missing or bad id: one not-found screen naming what is missing; the server message goes to the console', () => {
  it.each([
    ['/school-news/detail', '缺少参数 id', '院校资讯不存在', null],
    ['/nemt-school-news/detail?id=99999', '高考院校资讯 id 99999 不存在', '院校资讯不存在', null],
    ['/qa/detail?kind=faq&id=99999', '常见问题 id 99999 不存在', '问题不存在', '看看其他常见问题'],
    ['/qa/detail', '缺少参数 id', '问答不存在', '看看其他问答'],
    ['/learning-materials/detail?id=abc', '参数 id', '学习资料不存在', null],
    ['/pubmedmath/detail/99999', '数学技巧 id 99999 不存在', '数学技巧不存在', '看看其他技巧'],
  ])('%s → %s', async (path, message, title, link) => {
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.goto(server.url + path);
    await expect.poll(goneTitle).toBe(title);
    expect(await page.locator('body').textContent()).not.toContain(message);
    await expect.poll(() => warnings.join('\n')).toContain(message);
    expect(await page.locator('[data-testid=markdown]').count()).toBe(0);
    expect(await page.getByText('内容不存在或已下架').count()).toBe(0);
    expect(await page.getByTestId('not-found-home').textContent()).toBe('返回首页');
    expect(await page.getByRole('button', { name: '重试' }).count()).toBe(0);
    if (link) expect(await page.getByTestId('not-found-link').textContent()).toBe(link);
    else expect(await page.getByTestId('not-found-link').count()).toBe(0);
  });

  it('/feedback/detail without an id shows the default feedback article', async () => {
    await page.goto(`${server.url}/feedback/detail`);
    await expect.poll(markdownTitle).toBe('意见反馈说明');
    // The floating button is hidden here, but the page's own button opens the feedback popup.
    expect(await page.locator('[data-testid=feedback-button]').count()).toBe(0);
    await page.getByRole('button', { name: '我要反馈' }).click();
    await page.locator('[data-testid=feedback-popup]').waitFor({ state: 'visible' });
  });
});
