import { isSameSitePath } from '../../protocol/same-site-path';
import { OAUTH_SESSION_KEYS, type OauthContext, oauthStep, readPending, type SessionStore } from './oauth-state';

/**
 * WeChat official-account OAuth in WeChat's browser (spec section 4, "Messaging-app browser flow").
 *
 * start:  save the current URL, ask the server for the authorize URL (official-weixin-data with
 *         redirect_url = the current URL) and leave for it.
 * finish: WeChat (or the sandbox page) comes back to that URL with `code` and `state`; log in with them
 *         (official-weixin-login {code, state, hash}). `login` 1: keep the token. `register` 1: go to
 *         `/user/mobile_login/<saved route>/<third_auth_key>`. Otherwise: reload the saved URL without
 *         `code` and `state`.
 * The app's side (API calls, session, navigation) comes in through OauthDeps, so this file stays
 * free of app code.
 */

export type Failure = { ok: false; msg: string };
export type AuthorizeReply = { ok: true; authorizeUrl: string; state: string } | Failure;
export type LoginReply = { ok: true; login: number; register: number; token: string; thirdAuthKey: string } | Failure;

export interface OauthDeps {
  /** official-weixin-data {redirect_url}. */
  authorize(redirectUrl: string): Promise<AuthorizeReply>;
  /** official-weixin-login {code, state, hash}. */
  login(input: { code: string; state: string; hash: string }): Promise<LoginReply>;
  /** Keeps a session token (login success). */
  saveToken(token: string): void;
  /** authState.hasWechatOAuth = true. */
  markOauth(): void;
  /** Full-page navigation replacing the current entry (to the authorize page, or reloading the saved URL). */
  go(url: string): void;
  /** In-app navigation replacing the current entry. */
  navigate(path: string): void;
  toast(msg: string): void;
  session: SessionStore;
}

/** The URL without the `code` and `state` WeChat added (both must be there: a lone `code` is the page's own). */
export function stripOauthParams(href: string): string {
  const url = new URL(href);
  if (url.searchParams.has('code') && url.searchParams.has('state')) {
    url.searchParams.delete('code');
    url.searchParams.delete('state');
  }
  return url.toString();
}

/**
 * path + search + hash of a URL on the same origin as `base`, else null (never leave the site). The path must also
 * pass the one same-site rule: `https://site//evil.example` is on the site, but its path `//evil.example` is not.
 */
export function sameSitePath(href: string, base: string): string | null {
  try {
    const url = new URL(href, base);
    if (url.origin !== new URL(base).origin) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return isSameSitePath(path) ? path : null;
  } catch {
    return null;
  }
}

function failed(deps: OauthDeps, msg: string): void {
  deps.session.set(OAUTH_SESSION_KEYS.status, 'failed');
  deps.toast(msg);
}

/** Saves the current URL and leaves for the authorize page; false (and a toast) when the server refused. */
export async function startOauth(href: string, deps: OauthDeps): Promise<boolean> {
  const returnUrl = stripOauthParams(href);
  const res = await deps.authorize(returnUrl);
  if (!res.ok) {
    failed(deps, res.msg);
    return false;
  }
  deps.session.set(OAUTH_SESSION_KEYS.pending, JSON.stringify({ state: res.state, returnUrl }));
  deps.go(new URL(res.authorizeUrl, href).toString());
  return true;
}

/** Logs in with the code and state WeChat brought back; true when the page reloads, false when it stays in the app. */
export async function finishOauth(href: string, deps: OauthDeps): Promise<boolean> {
  const url = new URL(href);
  const pending = readPending(deps.session);
  deps.session.remove(OAUTH_SESSION_KEYS.pending);
  const clean = stripOauthParams(href);
  const returnUrl = pending && sameSitePath(pending.returnUrl, href) !== null ? stripOauthParams(pending.returnUrl) : clean;
  const res = await deps.login({ code: url.searchParams.get('code') ?? '', state: url.searchParams.get('state') ?? '', hash: url.hash });
  if (!res.ok) {
    failed(deps, res.msg);
    deps.navigate(sameSitePath(clean, href) ?? '/');
    return false;
  }
  deps.session.set(OAUTH_SESSION_KEYS.status, 'done');
  deps.markOauth();
  if (res.login === 1 && res.token) deps.saveToken(res.token);
  if (res.register === 1 && res.thirdAuthKey) {
    const route = sameSitePath(returnUrl, href) ?? '/';
    deps.navigate(`/user/mobile_login/${encodeURIComponent(route)}/${encodeURIComponent(res.thirdAuthKey)}`);
    return false;
  }
  deps.go(returnUrl);
  return true;
}

let running: Promise<boolean> | null = null;

/**
 * Runs the step for this URL once at a time (a second call while one runs, e.g. React's double effect
 * in development, shares it). Resolves true when the page is leaving (full navigation), false when it stays.
 */
export function runOauth(ctx: OauthContext, deps: OauthDeps): Promise<boolean> {
  if (running) return running;
  const step = oauthStep(ctx);
  if (step === 'none') return Promise.resolve(false);
  running = (step === 'finish' ? finishOauth(ctx.href, deps) : startOauth(ctx.href, deps)).finally(() => {
    running = null;
  });
  return running;
}
