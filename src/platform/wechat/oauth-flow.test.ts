import { describe, expect, it, vi } from 'vitest';
import {
  type AuthorizeReply,
  finishOauth,
  type LoginReply,
  type OauthDeps,
  runOauth,
  sameSitePath,
  startOauth,
  stripOauthParams,
} from './oauth-flow';
import { OAUTH_SESSION_KEYS, type OauthContext, oauthDoneThisSession, oauthStep, type SessionStore } from './oauth-state';
import { isOauthExempt } from './public-routes';
import { isWechatBrowser } from './ua';

const WX_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';
const SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ORIGIN = 'https://m.beikao.cn';

function memorySession(): SessionStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, get: (k) => data.get(k) ?? null, set: (k, v) => void data.set(k, v), remove: (k) => void data.delete(k) };
}

function deps(over: { authorize?: AuthorizeReply; login?: LoginReply } = {}) {
  const session = memorySession();
  const d = {
    authorize: vi.fn(
      async (_url: string) =>
        over.authorize ?? ({ ok: true, authorizeUrl: '/member/sandbox/weixin/authorize?state=s1', state: 's1' } as const),
    ),
    login: vi.fn(
      async (_input: { code: string; state: string; hash: string }) =>
        over.login ?? ({ ok: true, login: 1, register: 0, token: 'jwt', thirdAuthKey: '' } as const),
    ),
    saveToken: vi.fn(),
    markOauth: vi.fn(),
    go: vi.fn(),
    navigate: vi.fn(),
    toast: vi.fn(),
    session,
  } satisfies OauthDeps;
  return d;
}

const ctx = (href: string, over: Partial<OauthContext> = {}): OauthContext => ({
  href,
  userAgent: WX_UA,
  hasLogin: false,
  hasWechatOAuth: false,
  session: memorySession(),
  ...over,
});

describe('WeChat browser detection and the public pages', () => {
  it('recognises MicroMessenger in the user agent', () => {
    expect(isWechatBrowser(WX_UA)).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile MicroMessenger/8.0.47.2560')).toBe(true);
    expect(isWechatBrowser(SAFARI_UA)).toBe(false);
    expect(isWechatBrowser('')).toBe(false);
  });

  it('exempts login, agreements, downloads and sandbox pages, not the rest', () => {
    for (const p of [
      '/user/mobile_login',
      '/user/mobile_login/%2F/key',
      '/user/agreement/privacy',
      '/download/app',
      '/activity/invite_download',
      '/member/sandbox/weixin/authorize',
    ]) {
      expect(isOauthExempt(p), p).toBe(true);
    }
    for (const p of ['/', '/user/home', '/downloads', '/user/agreements-x', '/news/detail/1', '/mall/order/1']) {
      expect(isOauthExempt(p), p).toBe(false);
    }
  });
});

describe('oauthStep', () => {
  it('starts for a WeChat visitor with neither login nor OAuth on a non-public page', () => {
    expect(oauthStep(ctx(`${ORIGIN}/news/detail/3`))).toBe('start');
    expect(oauthStep(ctx(`${ORIGIN}/news/detail/3`, { userAgent: SAFARI_UA }))).toBe('none');
    expect(oauthStep(ctx(`${ORIGIN}/news/detail/3`, { hasLogin: true }))).toBe('none');
    expect(oauthStep(ctx(`${ORIGIN}/news/detail/3`, { hasWechatOAuth: true }))).toBe('none');
    expect(oauthStep(ctx(`${ORIGIN}/user/agreement/user`))).toBe('none');
  });

  it('does not start again in a tab where a round failed', () => {
    const session = memorySession();
    session.set(OAUTH_SESSION_KEYS.status, 'failed');
    expect(oauthStep(ctx(`${ORIGIN}/`, { session }))).toBe('none');
  });

  it('finishes only a round this tab started (the state must match the saved one)', () => {
    const session = memorySession();
    session.set(OAUTH_SESSION_KEYS.pending, JSON.stringify({ state: 's1', returnUrl: `${ORIGIN}/a` }));
    expect(oauthStep(ctx(`${ORIGIN}/a?code=c&state=s1`, { session, userAgent: SAFARI_UA, hasLogin: true }))).toBe('finish');
    expect(oauthStep(ctx(`${ORIGIN}/a?code=c&state=other`, { session }))).toBe('start');
    expect(oauthStep(ctx(`${ORIGIN}/a?code=c&state=s1`))).toBe('start');
  });
});

describe('URL helpers', () => {
  it('strips code and state only when both are there', () => {
    expect(stripOauthParams(`${ORIGIN}/a?x=1&code=c&state=s#h`)).toBe(`${ORIGIN}/a?x=1#h`);
    expect(stripOauthParams(`${ORIGIN}/invite?code=ABC`)).toBe(`${ORIGIN}/invite?code=ABC`);
  });
  it('keeps paths on the same site only', () => {
    expect(sameSitePath(`${ORIGIN}/a?b=1`, `${ORIGIN}/x`)).toBe('/a?b=1');
    expect(sameSitePath('https://evil.example.com/a', `${ORIGIN}/x`)).toBeNull();
  });
});

describe('startOauth', () => {
  it('asks for the authorize URL with the current URL, saves it and leaves (replacing the entry)', async () => {
    const d = deps();
    expect(await startOauth(`${ORIGIN}/news/detail/3?from=share`, d)).toBe(true);
    expect(d.authorize).toHaveBeenCalledWith(`${ORIGIN}/news/detail/3?from=share`);
    expect(JSON.parse(d.session.get(OAUTH_SESSION_KEYS.pending) ?? '')).toEqual({
      state: 's1',
      returnUrl: `${ORIGIN}/news/detail/3?from=share`,
    });
    expect(d.go).toHaveBeenCalledWith(`${ORIGIN}/member/sandbox/weixin/authorize?state=s1`);
  });

  it('on a refusal shows the message, stays, and does not try again this session', async () => {
    const d = deps({ authorize: { ok: false, msg: '参数 redirect_url 须为完整的 http(s) 网址' } });
    expect(await startOauth(`${ORIGIN}/`, d)).toBe(false);
    expect(d.toast).toHaveBeenCalledWith('参数 redirect_url 须为完整的 http(s) 网址');
    expect(d.go).not.toHaveBeenCalled();
    expect(oauthStep(ctx(`${ORIGIN}/`, { session: d.session }))).toBe('none');
  });
});

describe('finishOauth', () => {
  const back = `${ORIGIN}/news/detail/3?from=share&code=c9&state=s1#top`;
  const withPending = (d: ReturnType<typeof deps>, returnUrl = `${ORIGIN}/news/detail/3?from=share`) =>
    d.session.set(OAUTH_SESSION_KEYS.pending, JSON.stringify({ state: 's1', returnUrl }));

  it('login 1: keeps the token, marks OAuth and reloads the saved URL without code and state', async () => {
    const d = deps();
    withPending(d);
    expect(await finishOauth(back, d)).toBe(true);
    expect(d.login).toHaveBeenCalledWith({ code: 'c9', state: 's1', hash: '#top' });
    expect(d.saveToken).toHaveBeenCalledWith('jwt');
    expect(d.markOauth).toHaveBeenCalled();
    expect(d.go).toHaveBeenCalledWith(`${ORIGIN}/news/detail/3?from=share`);
    expect(d.session.get(OAUTH_SESSION_KEYS.pending)).toBeNull();
    expect(oauthDoneThisSession(d.session)).toBe(true);
  });

  it('register 1: goes to mobile login with the saved route and the third_auth_key', async () => {
    const d = deps({ login: { ok: true, login: 0, register: 1, token: '', thirdAuthKey: 'k/1' } });
    withPending(d);
    expect(await finishOauth(back, d)).toBe(false);
    expect(d.navigate).toHaveBeenCalledWith(`/user/mobile_login/${encodeURIComponent('/news/detail/3?from=share')}/k%2F1`);
    expect(d.saveToken).not.toHaveBeenCalled();
    expect(d.go).not.toHaveBeenCalled();
    expect(d.markOauth).toHaveBeenCalled();
  });

  it('neither: reloads the saved URL; a saved URL of another site is not followed', async () => {
    const d = deps({ login: { ok: true, login: 0, register: 0, token: '', thirdAuthKey: '' } });
    withPending(d, 'https://evil.example.com/x');
    await finishOauth(back, d);
    expect(d.go).toHaveBeenCalledWith(`${ORIGIN}/news/detail/3?from=share#top`);
  });

  it('a refusal shows the server message, drops code and state from the address and stops retrying', async () => {
    const d = deps({ login: { ok: false, msg: '参数 state 无效或已过期，请重新授权' } });
    withPending(d);
    expect(await finishOauth(back, d)).toBe(false);
    expect(d.toast).toHaveBeenCalledWith('参数 state 无效或已过期，请重新授权');
    expect(d.navigate).toHaveBeenCalledWith('/news/detail/3?from=share#top');
    expect(d.session.get(OAUTH_SESSION_KEYS.status)).toBe('failed');
    expect(d.markOauth).not.toHaveBeenCalled();
  });
});

describe('runOauth', () => {
  it('runs one step at a time (a second call shares the first) and nothing when there is nothing to do', async () => {
    const d = deps();
    const c = ctx(`${ORIGIN}/user/home`, { session: d.session });
    const [a, b] = await Promise.all([runOauth(c, d), runOauth(c, d)]);
    expect([a, b]).toEqual([true, true]);
    expect(d.authorize).toHaveBeenCalledTimes(1);
    expect(await runOauth(ctx(`${ORIGIN}/user/home`, { userAgent: SAFARI_UA }), d)).toBe(false);
    expect(d.authorize).toHaveBeenCalledTimes(1);
  });
});
