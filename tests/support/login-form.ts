import type { Page } from 'playwright-core';
import { expect } from 'vitest';
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
