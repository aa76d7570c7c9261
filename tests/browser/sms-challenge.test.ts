import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { SMS_LIMITS_OFF } from '../../src/server/config-sms-limits';
import { browserSuite } from '../support/browser';
import { devInbox, freshMobile } from '../support/flows';
import { requestCode } from '../support/login-form';
import type { TestServer } from '../support/test-server';

/** After 2 sends from one IP (the browser's loopback) the login form asks for the proof-of-work challenge. */
const suite = browserSuite({ server: { config: { smsLimits: { ...SMS_LIMITS_OFF, ipHour: 20, challengeAfter: 2 } } } });
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

/**
 * The strict policy the app is served with (script-src 'self', no eval, no blob: workers, no WebAssembly):
 * added here to the page's HTML so this test holds whatever headers the server sends.
 */
const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; worker-src 'none'; object-src 'none'; base-uri 'none'";

async function underStrictCsp(p: Page): Promise<string[]> {
  const violations: string[] = [];
  await p.route(`${server.url}/user/**`, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, headers: { ...res.headers(), 'content-security-policy': STRICT_CSP } });
  });
  p.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

const toast = () => page.locator('[data-testid=toast]').textContent();
const challengeCard = () => page.locator('[data-testid=sms-challenge]');

describe('the SMS challenge', () => {
  it('is asked for after 2 sends, loads lazily, is solved on the page under a strict CSP, and the code is sent', async () => {
    const violations = await underStrictCsp(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const [a, b, c] = [freshMobile(), freshMobile(), freshMobile()];
    for (const mobile of [a, b]) {
      await page.goto(`${server.url}/user/mobile_login`);
      await requestCode(page, mobile);
    }
    expect(devInbox(server).messages(a)).toHaveLength(1);
    expect(devInbox(server).messages(b)).toHaveLength(1);
    // Nothing of the widget was loaded by the form so far.
    expect(scripts.filter((s) => /SmsChallenge/.test(s))).toEqual([]);

    await page.goto(`${server.url}/user/mobile_login`);
    await page.fill('form input[name=mobile]', c);
    await page.locator('form input[name=consent]').check();
    await page.click('form button.send-code');
    await challengeCard().waitFor();
    expect(await challengeCard().textContent()).toContain('当前网络获取验证码较频繁，请先完成安全验证');
    const box = challengeCard().getByRole('checkbox', { name: '我不是机器人' });
    await box.waitFor({ state: 'attached' });
    expect(scripts.filter((s) => /SmsChallenge/.test(s))).toHaveLength(1);
    expect(devInbox(server).messages(c)).toHaveLength(0);
    await page.screenshot({ path: '/tmp/sms-challenge-asked.png' });

    // The user taps the box's label, as on a phone.
    await challengeCard().locator('label', { hasText: '我不是机器人' }).click({ timeout: 10_000 });
    await page.screenshot({ path: '/tmp/sms-challenge-verifying.png' });
    await expect.poll(toast, { timeout: 20_000 }).toBe('验证码已发送');
    await expect.poll(() => page.locator('form button.send-code').textContent()).toMatch(/秒后重发/);
    expect(devInbox(server).messages(c)).toHaveLength(1);
    // The card goes once the code is sent.
    expect(await challengeCard().count()).toBe(0);
    await page.screenshot({ path: '/tmp/sms-challenge-sent.png' });
    expect(violations).toEqual([]);
  });

  it('sends the same DeviceId header on every request of one browser', async () => {
    const ids = new Set<string>();
    page.on('request', (r) => {
      const id = r.headers().deviceid;
      if (id) ids.add(id);
    });
    // The home page calls the API (news, notices) on every load.
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await page.reload({ waitUntil: 'networkidle' });
    expect([...ids]).toHaveLength(1);
    expect([...ids][0]).toMatch(/^[0-9a-f]{32}$/);
  });
});
