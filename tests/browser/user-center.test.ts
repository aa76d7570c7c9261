import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as uc from '../../src/contract/users-center';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import type { TestServer } from '../support/test-server';
import { grantVip, newUser, subjectIds, type TestUser } from '../support/user-center-flows';

const suite = browserSuite({
  // A chosen subject (英语四级), so that / shows the study home instead of the subject page.
  subject: { genus_id: 1, category_id: 1, category_name: '英语四级' },
});
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

const toast = () => page.locator('[data-testid=toast]').textContent();
const cards = () => page.locator('[data-testid=address-card]');

/** A fresh user whose token the page finds in storage on its first load (once: logout really logs out). */
async function signedIn(): Promise<TestUser> {
  const user = await newUser(server);
  await page.addInitScript(
    ([key, token]) => {
      if (sessionStorage.getItem('uc-signed-in')) return;
      sessionStorage.setItem('uc-signed-in', '1');
      localStorage.setItem(key as string, token as string);
    },
    [STORAGE_KEYS.jwt, user.token],
  );
  return user;
}

async function fillAddress(a: {
  name: string;
  mobile: string;
  region: [string, string, string];
  detail: string;
  tag?: string;
}): Promise<void> {
  await page.fill('input[name=name]', a.name);
  await page.fill('input[name=mobile]', a.mobile);
  const [p, c, d] = a.region;
  await page.locator('select[name=district_1]').selectOption({ label: p });
  await page.locator('select[name=district_2] option', { hasText: c }).first().waitFor({ state: 'attached' });
  await page.locator('select[name=district_2]').selectOption({ label: c });
  await page.locator('select[name=district_3] option', { hasText: d }).first().waitFor({ state: 'attached' });
  await page.locator('select[name=district_3]').selectOption({ label: d });
  await page.fill('textarea[name=detail]', a.detail);
  if (a.tag) await page.getByRole('button', { name: a.tag, exact: true }).click();
}

describe('addresses', () => {
  it('adds two addresses, makes the second default, edits one and deletes one', async () => {
    await signedIn();
    await page.goto(`${server.url}/address/list`);
    await expect.poll(() => page.locator('.al-empty').textContent()).toBe('还没有收货地址，添加一个吧');

    // First address: it becomes the default on its own.
    await page.getByTestId('address-add').click();
    await page.waitForURL(`${server.url}/address/edit`);
    await expect.poll(() => page.title()).toBe('新增收货地址 - 备考');
    // The picker offers the provinces (not 全国: an address must be deliverable), and checks the form before sending.
    await expect.poll(() => page.locator('select[name=district_1] option').nth(1).textContent()).toBe('北京市');
    expect(await page.locator('select[name=district_1] option', { hasText: '全国' }).count()).toBe(0);
    await page.fill('input[name=name]', '林晓雨');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(toast).toBe('请填写以 1 开头的 11 位手机号');
    await fillAddress({
      name: '林晓雨',
      mobile: '13812345678',
      region: ['广东省', '广州市', '天河区'],
      detail: '天河路 385 号太古汇二座',
      tag: '公司',
    });
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(`${server.url}/address/list`);
    await expect.poll(() => cards().count()).toBe(1);
    await expect.poll(() => cards().first().textContent()).toContain('广东省广州市天河区 天河路 385 号太古汇二座');
    expect(await cards().first().getByTestId('address-default-badge').count()).toBe(1);
    expect(await cards().first().textContent()).toContain('138****5678');

    // Second address, then make it the default.
    await page.getByTestId('address-add').click();
    await fillAddress({ name: '周明', mobile: '15900001111', region: ['浙江省', '杭州市', '西湖区'], detail: '文三路 90 号东部软件园' });
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(`${server.url}/address/list`);
    await expect.poll(() => cards().count()).toBe(2);
    const second = page.locator('[data-testid=address-card]', { hasText: '周明' });
    await second.getByTestId('address-set-default').click();
    await expect.poll(toast).toBe('已设为默认地址');
    await expect.poll(() => page.locator('[data-testid=address-card][data-default]').textContent()).toContain('周明');
    expect(await page.getByTestId('address-default-badge').count()).toBe(1);
    expect(await cards().first().textContent()).toContain('周明');

    // Edit the first one: the form comes back filled, the change shows in the list.
    await page.locator('[data-testid=address-card]', { hasText: '林晓雨' }).getByTestId('address-edit').click();
    await page.waitForURL(/\/address\/edit\/\d+$/);
    await expect.poll(() => page.locator('input[name=name]').inputValue()).toBe('林晓雨');
    await expect.poll(() => page.locator('select[name=district_3]').inputValue()).not.toBe('');
    expect(await page.title()).toBe('编辑收货地址 - 备考');
    await page.fill('textarea[name=detail]', '体育西路 191 号中石化大厦 B 塔 2106');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(`${server.url}/address/list`);
    await expect
      .poll(() => page.locator('[data-testid=address-card]', { hasText: '林晓雨' }).textContent())
      .toContain('广东省广州市天河区 体育西路 191 号中石化大厦 B 塔 2106');
    await expect.poll(() => page.locator('[data-testid=address-card][data-default]').textContent()).toContain('周明');

    // Delete it: asks first; cancel keeps it, confirm removes it from the list.
    const first = page.locator('[data-testid=address-card]', { hasText: '林晓雨' });
    await first.getByTestId('address-delete').click();
    await page.getByRole('button', { name: '取消' }).click();
    expect(await cards().count()).toBe(2);
    await first.getByTestId('address-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(toast).toBe('已删除');
    await expect.poll(() => cards().count()).toBe(1);
    expect(await cards().first().textContent()).toContain('周明');
  });

  it('an address id the server refuses (another user’s or none) shows the one not-found screen; the precise message goes to the console', async () => {
    await signedIn();
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.goto(`${server.url}/address/edit/999999`);
    await expect.poll(() => page.getByTestId('not-found-screen').locator('h1').textContent()).toBe('收货地址不存在');
    expect(await page.locator('#root').textContent()).not.toContain('999999');
    expect(await page.getByTestId('address-edit-error').count()).toBe(0);
    expect(await page.getByTestId('not-found-link').textContent()).toBe('查看我的收货地址');
    await expect.poll(() => warnings.join('\n')).toContain('收货地址 id 999999 不存在');
  });
});

describe('user centre', () => {
  it('reading a message clears the unread dot on the user centre', async () => {
    const user = await signedIn();
    // Leave two messages unread: one without a link and one that opens a page.
    const list = (await request(server.url, uc.messages, { count: 50 }, { token: user.token })).body.data;
    const plain = list.find((m) => m.link === '');
    const linked = list.find((m) => m.link === '/address/list');
    if (!plain || !linked) throw new Error('welcome messages missing');
    for (const m of list) if (m !== plain && m !== linked) await request(server.url, uc.messageRead, { id: m.id }, { token: user.token });

    await page.goto(`${server.url}/user/home`);
    const entry = page.getByRole('link', { name: /消息中心/ });
    await expect.poll(() => entry.locator('.bk-grid-badge').textContent()).toBe('2');
    await expect.poll(() => page.locator('[data-stat=unread] strong').textContent()).toBe('2');
    await entry.click();
    await page.waitForURL(`${server.url}/message/index`);

    // Tapping a message without a link marks it read in place.
    const item = page.locator('[data-testid=list-messages] li', { hasText: plain.title });
    await expect.poll(() => item.locator('.card-item-badge').textContent()).toBe('未读');
    await item.locator('h3').click();
    await expect.poll(() => item.locator('.card-item-badge').count()).toBe(0);
    expect(await item.textContent()).toContain('已读');

    // Tapping one with a link marks it read and opens its page.
    const marked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/message/read');
    await page.locator('[data-testid=list-messages] li', { hasText: linked.title }).locator('h3').click();
    await page.waitForURL(`${server.url}/address/list`);
    expect((await (await marked).json()).data).toMatchObject({ id: linked.id, is_read: 1, unread_count: 0 });
    await page.goto(`${server.url}/user/home`);
    await expect.poll(() => page.locator('[data-stat=unread] strong').textContent()).toBe('0');
    expect(await entry.locator('.bk-grid-badge').count()).toBe(0);
  });

  it('shows the VIP card only for a member', async () => {
    const user = await signedIn();
    await page.goto(`${server.url}/user/home`);
    // A new user has not studied yet: 学习天数 0 (issue 24: days studied, not days since registration).
    await expect.poll(() => page.locator('[data-stat=days] strong').textContent()).toBe('0');
    expect(await page.getByTestId('vip-card').count()).toBe(0);
    const cet = await subjectIds(server, '英语四六级');
    await grantVip(server, user.id, 'cet_vip', { genusId: cet.genusId, days: 30 });
    await page.reload();
    await expect.poll(() => page.getByTestId('vip-card').textContent()).toContain('四六级VIP');
    expect(await page.getByTestId('vip-card').textContent()).toContain('剩余 30 天');
  });

  it('collects an article from its page and removes it from the collections', async () => {
    await signedIn();
    const news = await server.services.db.kysely
      .selectFrom('news')
      .select(['id', 'title'])
      .where('category_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await page.goto(`${server.url}/news/detail/${news.id}`);
    await page.getByRole('button', { name: '收藏' }).click();
    await expect.poll(toast).toBe('已加入收藏');
    await page.goto(`${server.url}/user/collections/news`);
    const row = page.locator('[data-testid=list-collections] li', { hasText: news.title });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: '取消收藏' }).click();
    await expect.poll(toast).toBe('已取消收藏');
    await expect.poll(() => row.count()).toBe(0);
  });

  it.each([
    ['user', '备考用户协议'],
    ['privacy', '隐私政策'],
    ['personal-info', '个人信息收集清单'],
    ['third-sdk', '第三方SDK'],
    ['cancellation', '注销'],
  ])('opens the %s agreement page without logging in', async (slug, heading) => {
    await page.goto(`${server.url}/user/agreement/${slug}`);
    await expect.poll(() => page.locator('article h1').first().textContent()).toContain(heading);
    // Paragraphs, or a table's rows (the 个人信息收集清单 is a table).
    expect(await page.locator('article p, article tbody tr').count()).toBeGreaterThan(3);
    expect(page.url()).toBe(`${server.url}/user/agreement/${slug}`);
  });

  it('logs out: asks first, then the token is gone and the user centre needs a login again', async () => {
    await signedIn();
    await page.goto(`${server.url}/user/home`);
    await page.getByTestId('logout').click();
    await page.getByRole('button', { name: '取消' }).click();
    await page.getByTestId('logout').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(toast).toBe('已退出登录');
    await page.waitForURL(`${server.url}/`);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.jwt)).toBeNull();
    await page.goto(`${server.url}/user/home`);
    await page.waitForURL(/\/user\/mobile_login\/%2Fuser%2Fhome$/);
  });
});
