import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as goods from '../../src/contract/catalog';
import * as orders from '../../src/contract/orders';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import type { TestServer } from '../support/test-server';
import { createAddress, newUser, type TestUser } from '../support/user-center-flows';

/** Issue 24, "what a new user ran into": a bad link gets one friendly screen, at once, with a way back. */
const suite = browserSuite({ subject: { genus_id: 1, category_id: 1, category_name: '英语四级' } });
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

const SHOTS = process.env.BAD_LINK_SHOTS;
const screen = () => page.getByTestId('not-found-screen');
const skeletons = () => page.locator('[data-testid=skeleton], .sk').count();

async function signedIn(): Promise<TestUser> {
  const user = await newUser(server);
  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [STORAGE_KEYS.jwt, user.token] as const);
  return user;
}

/** Opens a bad link and waits for the one screen; returns how long after the refusal (`answer`: its URL) it showed. */
async function open(path: string, answer?: RegExp, shows = screen): Promise<number> {
  const answered = answer ? page.waitForResponse((r) => answer.test(r.url()) && r.status() >= 400) : null;
  await page.goto(server.url + path);
  await answered;
  const at = Date.now();
  await shows().waitFor();
  const shown = Date.now() - at;
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${path.replace(/\W+/g, '_')}.png` });
  }
  return shown;
}

/** No internal id, field name or code on screen. */
async function expectPlainWords(id: string): Promise<void> {
  const text = (await page.locator('#root').textContent()) ?? '';
  expect(text).not.toContain(id);
  expect(text).not.toMatch(/\bid\b|_id|400\d|\{|\//);
}

/** The one screen, at once (no skeleton), with its title (the page's title too), a way back, no 重试 and no 错误 dialog. */
async function expectTheScreen(title: string, linkText: string | null, id: string): Promise<void> {
  expect(await screen().locator('h1').textContent()).toBe(title);
  await expect.poll(() => page.title()).toBe(`${title} - 备考`);
  expect(await skeletons()).toBe(0);
  expect(await page.getByTestId('not-found-home').textContent()).toBe('返回首页');
  if (linkText) expect(await page.getByTestId('not-found-link').textContent()).toBe(linkText);
  else expect(await page.getByTestId('not-found-link').count()).toBe(0);
  expect(await page.getByRole('button', { name: '重试' }).count()).toBe(0);
  expect(await page.getByText('内容不存在或已下架').count()).toBe(0);
  expect(await page.getByRole('alertdialog').count()).toBe(0);
  expect(await page.getByText('错误', { exact: true }).count()).toBe(0);
  // The page's own blocks are gone: only the screen is in the page.
  expect(await page.locator('main.page').count()).toBe(1);
  expect(await page.locator('main.page.not-found').count()).toBe(1);
  await expectPlainWords(id);
}

describe('a bad link gets one friendly screen with a way back', () => {
  it('a missing good: one screen (商品不存在), no 错误 dialog, no internal id; 去商城看看 leads to the mall', async () => {
    await signedIn();
    await open('/mall/detail/999999', /detail\?.*id=999999/);
    expect(await screen().locator('h1').textContent()).toBe('商品不存在');
    // The subject lookup fails too, later: still no dialog on top of the screen.
    await page.waitForTimeout(1000);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await page.getByText('错误', { exact: true }).count()).toBe(0);
    expect(await page.getByText('内容不存在或已下架').count()).toBe(0);
    await expectPlainWords('999999');
    expect(await page.title()).toBe('商品不存在 - 备考');
    await page.getByTestId('not-found-link').click();
    await page.waitForURL(/\/mall\/index$/);
  });

  it('a missing e-book (detail and reader) offers 返回 / 返回首页 and other books, never only 重试', async () => {
    await signedIn();
    await open('/ebook/detail/999999', /detail\?.*id=999999/);
    expect(await screen().locator('h1').textContent()).toBe('这本电子书不存在');
    await expectPlainWords('999999');
    expect(await page.getByTestId('not-found-home').textContent()).toBe('返回首页');
    expect(await page.getByTestId('not-found-link').textContent()).toBe('看看其他电子书');

    await open('/ebook/read/999999');
    expect(await screen().locator('h1').textContent()).toBe('这本电子书不存在');
    await expectPlainWords('999999');
    expect(await page.getByRole('button', { name: '重试' }).count()).toBe(0);
    await page.getByTestId('not-found-home').click();
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('reached from another page of the app, the way back is 返回 (through the app’s history)', async () => {
    await signedIn();
    await page.goto(`${server.url}/mall/index`);
    await page.locator('.page').first().waitFor();
    await page.evaluate(() => {
      // An in-app link to a good that is gone (as a card of a stale list would be).
      history.pushState({ idx: 1, key: 'x', usr: null }, '', '/ebook/read/999999');
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    });
    await screen().waitFor();
    await page.getByTestId('not-found-back').click();
    await page.waitForURL(/\/mall\/index$/);
  });

  it('an unknown course list type says so (没有这类课程列表) instead of a broken list', async () => {
    await open('/course/list/zzz', /type=zzz/);
    expect(await screen().locator('h1').textContent()).toBe('没有这类课程列表');
    await expectPlainWords('zzz');
    expect(await page.getByText('点击加载更多').count()).toBe(0);
    await page.getByTestId('not-found-link').click();
    await page.waitForURL(/\/course\/list\/all$/);
    await page.locator('[data-page=course-list]').waitFor();
  });

  it('a 404 replaces the skeleton as soon as it arrives (no skeleton left waiting)', async () => {
    // Course detail: sources that read the missing course never load; nothing waits for them.
    await signedIn();
    const shown = await open('/course/detail/999999', /course\/detail\?.*id=999999/);
    expect(await skeletons()).toBe(0);
    expect(shown).toBeLessThan(1500);
    await expectTheScreen('课程不存在', '查看全部课程', '999999');
    await page.getByTestId('not-found-link').click();
    await page.waitForURL(/\/course\/list\/all$/);
  });

  it('an unknown route: the server sends the not-found screen itself (HTTP 404), no skeleton', async () => {
    const res = await fetch(`${server.url}/no/such/page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('页面不存在');
    expect(html).not.toContain('aria-busy');
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${server.url}/no/such/page`);
    // Even before (here: without) any script, the screen is there.
    expect(await page.locator('#root h1').textContent()).toBe('页面不存在');
    expect(await skeletons()).toBe(0);
    expect(await page.title()).toBe('页面不存在 - 备考');
    // The service worker's generic shell stays a neutral skeleton (its offline answer for any route).
    const shell = await fetch(`${server.url}/__app-shell`);
    expect(shell.status).toBe(200);
    expect(await shell.text()).not.toContain('页面不存在');
  });
});

/** [path, refused answer (its URL), title, link text or null, the id in the link]. */
type Case = [string, RegExp, string, string | null, string];

describe('every detail page whose link names one item: the same screen, at once (issue 24)', () => {
  it.each<Case>([
    ['/news/detail/999999', /news_detail\?.*id=999999/, '资讯不存在', '看看其他资讯', '999999'],
    ['/news/detail/abc', /news_detail\?.*id=abc/, '资讯不存在', '看看其他资讯', 'abc'],
    ['/stratege/detail/999999', /strategy_detail\?.*id=999999/, '攻略不存在', '看看其他攻略', '999999'],
    ['/adverts/detail?id=999999', /h5-detail\?.*id=999999/, '推荐内容不存在', null, '999999'],
    ['/banner/detail/999999', /banner_detail\?.*id=999999/, '推荐内容不存在', null, '999999'],
    ['/school-news/detail?id=999999', /school-news\/detail\?.*id=999999/, '院校资讯不存在', null, '999999'],
    ['/mianshi/detail/999999', /[?&]id=999999/, '面试技巧不存在', '看看其他技巧', '999999'],
    ['/politis/detail/999999', /[?&]skill_id=999999/, '政治技巧不存在', '看看其他技巧', '999999'],
    ['/qa/detail?id=999999', /[?&]id=999999/, '问答不存在', '看看其他问答', '999999'],
    ['/study/column/999999', /column\/content\?.*column_id=999999/, '专栏不存在', null, '999999'],
    ['/video/detail?id=999999', /short-video\/detail\?.*id=999999/, '视频不存在', null, '999999'],
    ['/video/circle/999999', /circle\/detail\?.*id=999999/, '圈子不存在', null, '999999'],
    ['/video/point-detail?id=999999', /point\/detail\?.*id=999999/, '考点不存在', null, '999999'],
    ['/activity/detail/424242', /activity\/detail\?.*id=424242/, '活动不存在', null, '424242'],
    ['/activity/task-invite/12/424242', /activity\/detail\?.*id=424242/, '活动不存在', null, '424242'],
    ['/activity/vip/12?activity_id=424242', /activity\/detail\?.*id=424242/, '活动不存在', null, '424242'],
    ['/question/share/nosuchshare0000', /question\/consult\?/, '分享的题目不存在', null, 'nosuchshare0000'],
  ])('%s', async (path, answer, title, link, id) => {
    const shown = await open(path, answer);
    expect(shown).toBeLessThan(1500);
    await expectTheScreen(title, link, id);
  });

  it.each<Case>([
    ['/course/bundle_detail/999999', /course\/detail\?.*id=999999/, '系列课不存在', '查看全部课程', '999999'],
    ['/course/live-course?id=999999', /course\/detail\?.*id=999999/, '直播课不存在', '看看直播日历', '999999'],
    ['/question/child_list/999999', /bank\/detail\?.*bank_id=999999/, '题库不存在', '看看其他题库', '999999'],
    ['/question/collect/999999', /bank\/detail\?.*bank_id=999999/, '题库不存在', '看看其他题库', '999999'],
    ['/question/answer/999999', /bank\/detail\?.*bank_id=999999/, '题库不存在', '看看其他题库', '999999'],
    ['/order/detail/999999', /order\/detail\?.*id=999999/, '订单不存在', '查看全部订单', '999999'],
    ['/order/result/999999', /order\/detail\?.*id=999999/, '订单不存在', '查看全部订单', '999999'],
    ['/order/content/999999', /order\/item\?.*order_goods_id=999999/, '订单商品不存在', '查看全部订单', '999999'],
    ['/activity/own_gift/424242/0', /activity\/detail\?.*id=424242/, '活动不存在', null, '424242'],
    ['/activity/reciprocity/pick/424242', /activity\/detail\?.*id=424242/, '活动不存在', null, '424242'],
  ])('%s (signed in)', async (path, answer, title, link, id) => {
    await signedIn();
    const shown = await open(path, answer);
    expect(shown).toBeLessThan(1500);
    await expectTheScreen(title, link, id);
  });

  it('another user’s order or address answers like a missing one: the same screen, nothing of theirs shown', async () => {
    const owner = await newUser(server);
    const list = await request(server.url, goods.list, { genus_id: 1, category_id: 1, offset: 0, limit: 50 });
    const course = list.body.data.find((g) => g.kind === 'course' && g.price > 0);
    if (!course) throw new Error('the seed has no paid course good for the subject');
    const made = await request(server.url, orders.create, { goods: { [course.id]: 1 } }, { token: owner.token });
    expect(made.body.msg).toBe('ok');
    const address = await createAddress(server, owner);
    await signedIn();

    await open(`/order/detail/${made.body.data.id}`, /order\/detail\?/);
    await expectTheScreen('订单不存在', '查看全部订单', made.body.data.order_no);
    expect(await page.locator('#root').textContent()).not.toContain(course.name);
    await page.getByTestId('not-found-link').click();
    await page.waitForURL(/\/order\/list$/);

    await open(`/address/edit/${address.id}`, /address_detail\?/);
    await expectTheScreen('收货地址不存在', '查看我的收货地址', String(address.id));
    expect(await page.locator('#root').textContent()).not.toContain(address.detail);
  });

  it('reached from the app, a missing news item offers 返回 back to where the user was', async () => {
    await page.goto(`${server.url}/news/list`);
    await page.locator('[data-page=news-list]').waitFor();
    await page.evaluate(() => {
      history.pushState({ idx: 1, key: 'n', usr: null }, '', '/news/detail/999999');
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    });
    await screen().waitFor();
    expect(await screen().locator('h1').textContent()).toBe('资讯不存在');
    await page.getByTestId('not-found-back').click();
    await page.waitForURL(/\/news\/list$/);
  });
});
