import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as uc from '../../src/contract/users-center';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import { freshMobile, inboxSize } from '../support/flows';
import { submitCodeForm } from '../support/login-form';
import type { TestServer } from '../support/test-server';
import { newUser, type TestUser } from '../support/user-center-flows';

/** What a new user ran into: login consent, friendly not-found messages, the news 收藏 toggle. */
const suite = browserSuite();
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

const CONSENT = '我已阅读并同意《用户协议》和《隐私政策》';
const NEED_CONSENT = '请先阅读并同意《用户协议》和《隐私政策》';
const GONE = '内容不存在或已下架';
const goneTitle = () => page.getByTestId('not-found-screen').locator('h1').textContent();
const toast = () => page.locator('[data-testid=toast]').textContent();
const consentBox = () => page.getByRole('checkbox', { name: CONSENT });

/** Paths of the API calls the page makes from now on. */
function recordApiCalls(): string[] {
  const paths: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.includes('/api/')) paths.push(path);
  });
  return paths;
}

/** Console warnings from now on (the precise server message of a failed page load goes there). */
function recordWarnings(): string[] {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  return warnings;
}

/** Starts the page with a session token in storage (once: a later logout in the test stays logged out). */
async function signedIn(): Promise<TestUser> {
  const user = await newUser(server);
  await page.addInitScript(
    ([key, token]) => {
      if (sessionStorage.getItem('newcomer-signed-in')) return;
      sessionStorage.setItem('newcomer-signed-in', '1');
      localStorage.setItem(key as string, token as string);
    },
    [STORAGE_KEYS.jwt, user.token],
  );
  return user;
}

async function anyNewsId(): Promise<number> {
  const rows = await server.services.db.kysely.selectFrom('news').select('id').orderBy('id').limit(5).execute();
  const id = rows[Math.floor(Math.random() * rows.length)]?.id;
  if (!id) throw new Error('the seed should have news');
  return id;
}

const collectionsOf = (userId: number, newsId: number) =>
  server.services.db.kysely
    .selectFrom('collections')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', 'news')
    .where('ref_id', '=', newsId)
    .execute();

describe('login consent', () => {
  it('shows an unticked consent box with both agreements as links, each at least 44px tall to tap', async () => {
    await page.goto(`${server.url}/user/mobile_login`);
    await consentBox().waitFor();
    expect(await consentBox().isChecked()).toBe(false);
    const consent = page.getByTestId('consent');
    expect(await consent.getByRole('link', { name: '《用户协议》' }).getAttribute('href')).toBe('/user/agreement/user');
    expect(await consent.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe('/user/agreement/privacy');
    for (const target of [consentBox(), consent.locator('label'), consent.getByRole('link', { name: '《用户协议》' })]) {
      const box = await target.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }
    expect((await consentBox().boundingBox())?.width).toBeGreaterThanOrEqual(44);
    // Tapping the words 我已阅读并同意 ticks the box, like tapping the box itself; tapping it again unticks it.
    const words = { position: { x: 8, y: 22 } };
    await consent.locator('label').click(words);
    expect(await consentBox().isChecked()).toBe(true);
    expect(page.url()).toBe(`${server.url}/user/mobile_login`);
    await consentBox().click();
    expect(await consentBox().isChecked()).toBe(false);
  });

  it('refuses to send a code or log in until the box is ticked: a clear toast, nothing sent to the server', async () => {
    await page.goto(`${server.url}/user/mobile_login`);
    await consentBox().waitFor();
    const calls = recordApiCalls();
    const mobile = freshMobile();
    await page.fill('input[name=mobile]', mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(toast).toBe(NEED_CONSENT);
    await page.fill('input[name=code]', '123456');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(toast).toBe(NEED_CONSENT);
    // An empty mobile still gets the consent message first: nothing leaves the page without consent.
    await page.fill('input[name=mobile]', '');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(toast).toBe(NEED_CONSENT);
    expect(calls.filter((p) => p.includes('/auth/'))).toEqual([]);
    expect(inboxSize(server, mobile)).toBe(0);
    const user = await server.services.db.kysely.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst();
    expect(user).toBeUndefined();

    // Ticked, the same form sends the code and logs in.
    await submitCodeForm(page, server, mobile);
    await page.waitForURL((url) => !url.pathname.startsWith('/user/mobile_login'));
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.jwt)).toBeTruthy();
  });

  it('opens each agreement in the app and comes back to the form as the user left it', async () => {
    await page.goto(`${server.url}/user/mobile_login/${encodeURIComponent('/user/home')}`);
    await consentBox().waitFor();
    const mobile = freshMobile();
    await page.fill('input[name=mobile]', mobile);
    await consentBox().check();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => page.locator('button.send-code').textContent()).toMatch(/秒后重发/);
    await page.fill('input[name=code]', '12');

    await page.getByRole('link', { name: '《用户协议》' }).click();
    await page.waitForURL(`${server.url}/user/agreement/user`);
    await expect.poll(() => page.locator('[data-testid=markdown]').textContent()).toContain('用户协议');
    await page.goBack();
    await page.waitForURL(/\/user\/mobile_login\/%2Fuser%2Fhome$/);
    await consentBox().waitFor();
    expect(await page.inputValue('input[name=mobile]')).toBe(mobile);
    expect(await page.inputValue('input[name=code]')).toBe('12');
    expect(await consentBox().isChecked()).toBe(true);
    // The resend countdown carries on rather than allowing a second SMS at once.
    expect(await page.locator('button.send-code').textContent()).toMatch(/秒后重发/);

    await consentBox().uncheck();
    await page.getByRole('link', { name: '《隐私政策》' }).click();
    await page.waitForURL(`${server.url}/user/agreement/privacy`);
    await expect.poll(() => page.locator('[data-testid=markdown]').textContent()).toContain('隐私');
    await page.goBack();
    await consentBox().waitFor();
    expect(await page.inputValue('input[name=mobile]')).toBe(mobile);
    expect(await consentBox().isChecked()).toBe(false);
  });

  it('a form left for good is not restored: after 10 minutes away the login page starts empty and unticked', async () => {
    await page.clock.install();
    await page.goto(`${server.url}/user/mobile_login`);
    await consentBox().waitFor();
    await page.fill('input[name=mobile]', freshMobile());
    await consentBox().check();
    await page.getByRole('link', { name: '《隐私政策》' }).click();
    await page.waitForURL(`${server.url}/user/agreement/privacy`);
    await page.clock.fastForward('10:01');
    await page.goBack();
    await consentBox().waitFor();
    expect(await page.inputValue('input[name=mobile]')).toBe('');
    expect(await consentBox().isChecked()).toBe(false);
  });
});

describe('friendly messages for a missing or bad id', () => {
  it.each([
    ['/news/detail/99999', '资讯 id 99999 不存在', '资讯不存在'],
    ['/news/detail/abc', '参数 id', '资讯不存在'],
    ['/stratege/detail/99999', '99999', '攻略不存在'],
  ])('%s: one not-found screen; the server wording (%s) stays out of the page and goes to the console', async (path, precise, title) => {
    const warnings = recordWarnings();
    await page.goto(server.url + path);
    await expect.poll(() => goneTitle()).toBe(title);
    expect(await page.locator('#root').textContent()).not.toContain(precise);
    expect(await page.getByText(GONE).count()).toBe(0);
    await expect.poll(() => warnings.join('\n')).toContain(precise);
    expect(await page.locator('[data-testid=markdown]').count()).toBe(0);
    // Not a dead end: a button leads home.
    await page.getByTestId('not-found-home').click();
    await page.waitForURL((url) => !url.pathname.startsWith(path));
  });

  it('a missing banner: the same screen with its way home', async () => {
    await page.goto(`${server.url}/banner/detail/99999`);
    await expect.poll(() => goneTitle()).toBe('推荐内容不存在');
    expect(await page.getByText(GONE).count()).toBe(0);
    await page.getByTestId('not-found-home').click();
    await page.waitForURL((url) => url.pathname !== '/banner/detail/99999');
  });

  it('a network failure still says so in Chinese (not 内容不存在)', async () => {
    const id = await anyNewsId();
    await page.route('**/api/genus/news_detail**', (route) => route.abort('connectionrefused'));
    // The landing HTML carries the article (first-screen data): without it, as on a visit inside the app, the app's
    // own call is the one that fails.
    await page.route(`**/news/detail/${id}`, async (route) => {
      const res = await route.fetch({ headers: { ...route.request().headers(), 'accept-encoding': 'identity' } });
      const body = (await res.text()).replace(/<script id="page-data"[^>]*>[\s\S]*?<\/script>/, '');
      await route.fulfill({ response: res, body, headers: { ...res.headers(), 'content-length': String(Buffer.byteLength(body)) } });
    });
    await page.goto(`${server.url}/news/detail/${id}`);
    await expect.poll(() => page.locator('[data-testid=result-error] .result-text').textContent()).toBe('网络异常，请检查网络后重试');
    expect(await page.locator('[data-testid=result-error] .result-title').textContent()).toBe('资讯加载失败');
  });
});

describe('news 收藏 toggle', () => {
  const collectButton = () => page.locator('[data-testid=button-bar] button', { hasText: '收藏' });

  it('collects and shows 已收藏 with a filled star, keeps it on reload, and a second tap removes it', async () => {
    const user = await signedIn();
    const id = await anyNewsId();
    await page.goto(`${server.url}/news/detail/${id}`);
    await expect.poll(() => collectButton().textContent()).toBe('收藏');
    expect(await collectButton().getAttribute('aria-pressed')).toBe('false');

    await collectButton().click();
    await expect.poll(toast).toBe('已加入收藏');
    await expect.poll(() => collectButton().textContent()).toBe('已收藏');
    expect(await collectButton().getAttribute('aria-pressed')).toBe('true');
    expect(await collectButton().locator('img').getAttribute('src')).toContain("fill='%23f5a623'");
    expect(await collectionsOf(user.id, id)).toHaveLength(1);

    await page.reload();
    await expect.poll(() => collectButton().textContent()).toBe('已收藏');
    expect(await collectButton().getAttribute('aria-pressed')).toBe('true');

    await collectButton().click();
    await expect.poll(toast).toBe('已取消收藏');
    await expect.poll(() => collectButton().textContent()).toBe('收藏');
    expect(await collectButton().getAttribute('aria-pressed')).toBe('false');
    expect(await collectionsOf(user.id, id)).toHaveLength(0);

    // And again: the toggle works any number of times on one page.
    await collectButton().click();
    await expect.poll(() => collectButton().textContent()).toBe('已收藏');
    expect(await collectionsOf(user.id, id)).toHaveLength(1);
    await page.reload();
    await expect.poll(() => collectButton().textContent()).toBe('已收藏');
  });

  it('shows 已收藏 on a fresh load when the user collected the item elsewhere', async () => {
    const user = await signedIn();
    const id = await anyNewsId();
    const added = await request(server.url, uc.addCollection, { type: 'news', ref_id: id }, { token: user.token });
    expect(added.body.status).toBe(0);
    await page.goto(`${server.url}/news/detail/${id}`);
    await expect.poll(() => collectButton().textContent()).toBe('已收藏');
    await collectButton().click();
    await expect.poll(() => collectButton().textContent()).toBe('收藏');
    expect(await collectionsOf(user.id, id)).toHaveLength(0);
  });

  it('a visitor tapping 收藏 goes to login and comes back to the article', async () => {
    const id = await anyNewsId();
    await page.goto(`${server.url}/news/detail/${id}`);
    await expect.poll(() => collectButton().textContent()).toBe('收藏');
    await collectButton().click();
    await page.waitForURL(`${server.url}/user/mobile_login/%2Fnews%2Fdetail%2F${id}`);
    await submitCodeForm(page, server, freshMobile());
    await page.waitForURL(`${server.url}/news/detail/${id}`);
    await expect.poll(() => collectButton().textContent()).toBe('收藏');
    expect(await collectButton().getAttribute('aria-pressed')).toBe('false');
    await collectButton().click();
    await expect.poll(() => collectButton().textContent()).toBe('已收藏');
  });
});
