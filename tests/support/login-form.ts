import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { loginAs } from './flows';
import type { TestServer } from './test-server';

/** The newest SMS code the dev inbox (`/dev/sms-inbox`) holds for `mobile`, read over HTTP as a tester would. */
export async function inboxCode(server: TestServer, mobile: string): Promise<string> {
  const res = await fetch(`${server.url}/dev/sms-inbox?mobile=${mobile}`);
  const body = (await res.json()) as { data: { code: string }[] };
  const code = body.data[0]?.code;
  if (!code) throw new Error(`no SMS for ${mobile}`);
  return code;
}

/** Ticks the form's consent box (我已阅读并同意《用户协议》和《隐私政策》) when the form has one (the login form does, binding does not). */
export async function acceptConsent(page: Page, scope = 'form'): Promise<void> {
  const box = page.locator(`${scope} input[name=consent]`);
  if ((await box.count()) > 0 && !(await box.isChecked())) await box.check();
}

/** Fills the mobile, ticks the consent box if there is one and asks for a code (waits for the resend countdown). */
export async function requestCode(page: Page, mobile: string, scope = 'form'): Promise<void> {
  await page.fill(`${scope} input[name=mobile]`, mobile);
  await acceptConsent(page, scope);
  await page.click(`${scope} button.send-code`);
  await expect.poll(() => page.locator(`${scope} button.send-code`).textContent()).toMatch(/秒后重发/);
}

/**
 * The whole SMS form the way a user goes through it (login and bind forms alike): mobile, consent, 获取验证码,
 * the code from the dev inbox (or `code` when given, e.g. a wrong one), submit.
 */
export async function submitCodeForm(page: Page, server: TestServer, mobile: string, scope = 'form', code?: string): Promise<void> {
  await requestCode(page, mobile, scope);
  await page.fill(`${scope} input[name=code]`, code ?? (await inboxCode(server, mobile)));
  await page.click(`${scope} button[type=submit]`);
}

/**
 * Logs `mobile` in over the API and leaves the token where the app finds it on the page's next load (for tests whose
 * subject is not the login form). Moves the server clock past the SMS resend interval of an earlier login.
 */
export async function signedInAs(page: Page, server: TestServer, mobile: string): Promise<string> {
  server.advance(61);
  const { token } = await loginAs(server, mobile);
  await page.addInitScript(([key, t]) => localStorage.setItem(key, t), [STORAGE_KEYS.jwt, token] as const);
  return token;
}
