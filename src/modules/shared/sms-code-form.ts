import { MOBILE_RE } from '../../contract/fields';
import { bindMobile } from '../../i18n/zh-CN/bind-mobile';
import { login } from '../../i18n/zh-CN/login';
import { isSameSitePath } from '../../runtime/block-api';

/** What is wrong with a mobile + SMS code form before anything is sent ('' when it may be sent); code null = only sending. */
export function smsFormProblem(mobile: string, code: string | null): string {
  if (!mobile) return login.needMobile;
  if (!MOBILE_RE.test(mobile)) return login.badMobile;
  return smsCodeProblem(code);
}

/** What is wrong with the code alone ('' when fine; null = only sending): for a form whose mobile is fixed. */
export function smsCodeProblem(code: string | null): string {
  if (code === null) return '';
  if (!code) return login.needCode;
  return /^\d{6}$/.test(code) ? '' : bindMobile.badCode;
}

/** 13812341234 → 138****1234; anything else as it is. */
export function maskedMobile(mobile: string | undefined): string {
  return mobile && /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : (mobile ?? '');
}

/** A same-site path to go to after the form, or `fallback` (the one same-site rule: no open redirects; never back to `self`). */
export function sameSitePath(raw: string | undefined, self: string, fallback: string): string {
  if (!isSameSitePath(raw) || raw.startsWith(self)) return fallback;
  return raw;
}
