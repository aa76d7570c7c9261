import { MOBILE_RE } from '../../contract/fields';
import { i18n } from '../../i18n';

/** What is wrong with a mobile + SMS code form before anything is sent ('' when it may be sent); code null = only sending. */
export function smsFormProblem(mobile: string, code: string | null): string {
  const t = { ...i18n.login, ...i18n.bindMobile };
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
