import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { logout } from '../../src/contract/users';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import { inboxCode, requestCode, submitCodeForm } from '../support/login-form';
import type { TestServer } from '../support/test-server';

const suite = browserSuite();
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

let mobileSeq = 0;
const nextMobile = () => `1390000${String(1000 + mobileSeq++).padStart(4, '0')}`;

const latestCode = (mobile: string) => inboxCode(server, mobile);
const logInThroughForm = (mobile: string) => submitCodeForm(page, server, mobile);

describe('walking skeleton in a phone-sized browser', () => {
  it('gates a new visitor to the subject page, then shows the seeded study home for the chosen subject', async () => {
    await page.goto(server.url);
    await page.waitForURL(/\/study\/category\?redirect=%2F$/);
    await page.locator('.category-list button').first().click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.locator('[data-testid=list-news] li').count()).toBeGreaterThanOrEqual(10);
    const firstTitle = await page.locator('[data-testid=list-news] li h3').first().textContent();
    expect(firstTitle?.trim().length).toBeGreaterThan(4);
    await expect.poll(() => page.locator('[data-testid=top-bar]').textContent()).toContain('英语四级');
    // Scrolling to the end loads every page; the footer then says all is loaded.
    for (let i = 0; i < 10 && (await page.locator('[data-testid=list-footer]').getAttribute('data-state')) !== 'loaded'; i++) {
      await page.mouse.wheel(0, 5000);
      await page.waitForTimeout(300);
    }
    await expect.poll(() => page.locator('[data-testid=list-footer]').textContent()).toBe('已全部加载');
    expect(await page.locator('[data-testid=list-news] li').count()).toBeGreaterThan(20);
  });

  it('opens an article from the list', async () => {
    await page.goto(server.url);
    await page.locator('.category-list button').first().click();
    const first = page.locator('[data-testid=list-news] li a').first();
    await first.waitFor();
    const title = (await first.locator('h3').textContent())?.trim() ?? '';
    await first.click();
    await expect.poll(() => page.locator('article h1').first().textContent()).toBe(title);
    expect(await page.locator('article p').count()).toBeGreaterThan(1);
    await expect.poll(() => page.title()).toBe(`${title} - 备考`);
  });

  it('logs in by SMS code read from the dev inbox and lands on the return target', async () => {
    await page.goto(`${server.url}/user/home`);
    await page.waitForURL(/\/user\/mobile_login\/%2Fuser%2Fhome$/);
    const mobile = nextMobile();
    await logInThroughForm(mobile);
    await page.waitForURL(`${server.url}/user/home`);
    await expect.poll(() => page.locator('[data-testid=user-info]').textContent()).toContain(mobile);
  });

  it('shows the server message for bad input (a wrong code)', async () => {
    await page.goto(`${server.url}/user/mobile_login`);
    const mobile = nextMobile();
    await requestCode(page, mobile);
    const right = await latestCode(mobile);
    const wrong = right === '000000' ? '111111' : '000000';
    await page.fill('input[name=code]', wrong);
    await page.click('button[type=submit]');
    await expect.poll(() => page.locator('[data-testid=toast]').textContent()).toBe('验证码错误，还可尝试 4 次');
    expect(page.url()).toContain('/user/mobile_login');
  });

  it('a 4440 reply sends the user to login with the current path after 1 s', async () => {
    await page.goto(`${server.url}/user/mobile_login/${encodeURIComponent('/user/home')}`);
    await logInThroughForm(nextMobile());
    await page.waitForURL(`${server.url}/user/home`);
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.jwt);
    expect(token).toBeTruthy();
    // End the session elsewhere (e.g. logout on another device): the stored token now draws code 4440.
    const out = await request(server.url, logout, {}, { token: token ?? '' });
    expect(out.body.status).toBe(0);
    await page.goto(`${server.url}/user/home`);
    await page.waitForURL(/\/user\/mobile_login\/%2Fuser%2Fhome$/, { timeout: 5000 });
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.jwt)).toBeNull();
  });
});
