import { MOBILE_RE } from '../../contract/fields';
import { bindMobile } from '../../i18n/zh-CN/bind-mobile';
import { login } from '../../i18n/zh-CN/login';
import { isSameSitePath } from '../../runtime/block-api';

/** What is wrong with a mobile + SMS code form before anything is sent ('' when it may be sent); code null = only sending. */
export function smsFormProblem(mobile: string, code: string | null): string {
  const t = { ...login, ...bindMobile };
  if (!mobile) return t.needMobile;
  if (!MOBILE_RE.test(mobile)) return t.badMobile;
  if (code === null) return '';
  if (!code) return t.needCode;
  return /^\d{6}$/.test(code) ? '' : t.badCode;
}

/** A same-site path to go to after the form, or `fallback` (the one same-site rule: no open redirects; never back to `self`). */
export function sameSitePath(raw: string | undefined, self: string, fallback: string): string {
  if (!isSameSitePath(raw) || raw.startsWith(self)) return fallback;
  return raw;
}
