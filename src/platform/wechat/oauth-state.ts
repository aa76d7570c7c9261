import { isOauthExempt } from './public-routes';
import { isWechatBrowser } from './ua';

/**
 * What the WeChat OAuth flow decides before any work (kept small: it ships in the first load; the flow
 * itself, ./oauth-flow.ts, is loaded only when there is something to do).
 */

export const OAUTH_SESSION_KEYS = {
  /** `{state, returnUrl}` saved before leaving for the authorize page. */
  pending: 'beikao.wechat_oauth.pending',
  /** 'done' after an OAuth round (hasWechatOAuth), 'failed' after a refused one (no retry this session). */
  status: 'beikao.wechat_oauth.status',
} as const;

export interface SessionStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** sessionStorage that never throws: the flow belongs to this tab and ends with it. */
export const sessionStore: SessionStore = {
  get: (key) => {
    try {
      return globalThis.sessionStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set: (key, value) => {
    try {
      globalThis.sessionStorage?.setItem(key, value);
    } catch {
      /* storage unavailable: the flow then simply is not resumed */
    }
  },
  remove: (key) => {
    try {
      globalThis.sessionStorage?.removeItem(key);
    } catch {
      /* nothing to remove */
    }
  },
};

export interface OauthContext {
  href: string;
  userAgent?: string;
  hasLogin: boolean;
  hasWechatOAuth: boolean;
  session: SessionStore;
}

export type OauthStep = 'start' | 'finish' | 'none';

export interface Pending {
  state: string;
  returnUrl: string;
}

export function readPending(session: SessionStore): Pending | null {
  try {
    const v = JSON.parse(session.get(OAUTH_SESSION_KEYS.pending) ?? 'null') as Partial<Pending> | null;
    return v && typeof v.state === 'string' && typeof v.returnUrl === 'string' ? { state: v.state, returnUrl: v.returnUrl } : null;
  } catch {
    return null;
  }
}

/** An OAuth round ended well earlier in this tab (restores authState.hasWechatOAuth after a reload). */
export function oauthDoneThisSession(session: SessionStore = sessionStore): boolean {
  return session.get(OAUTH_SESSION_KEYS.status) === 'done';
}

/** What the flow does on this URL: finish a round we started, start one, or nothing. */
export function oauthStep(ctx: OauthContext): OauthStep {
  const url = new URL(ctx.href);
  const state = url.searchParams.get('state');
  const pending = readPending(ctx.session);
  if (url.searchParams.get('code') && state && pending?.state === state) return 'finish';
  if (!isWechatBrowser(ctx.userAgent) || ctx.hasLogin || ctx.hasWechatOAuth) return 'none';
  if (ctx.session.get(OAUTH_SESSION_KEYS.status) === 'failed') return 'none';
  return isOauthExempt(url.pathname) ? 'none' : 'start';
}
