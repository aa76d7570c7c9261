import { MOBILE_RE } from '../../contract/fields';
import { bindMobile } from '../../i18n/zh-CN/bind-mobile';
import { login } from '../../i18n/zh-CN/login';

/** What is wrong with a mobile + SMS code form before anything is sent ('' when it may be sent); code null = only sending. */
export function smsFormProblem(mobile: string, code: string | null): string {
  const t = { ...login, ...bindMobile };
  if (!mobile) return t.needMobile;
  if (!MOBILE_RE.test(mobile)) return t.badMobile;
  if (code === null) return '';
  if (!code) return t.needCode;
  return /^\d{6}$/.test(code) ? '' : t.badCode;
}

/** A same-site path to go to after the form, or `fallback` (no open redirects, never back to `self`). */
export function sameSitePath(raw: string | undefined, self: string, fallback: string): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || raw.startsWith(self)) return fallback;
  return raw;
}
