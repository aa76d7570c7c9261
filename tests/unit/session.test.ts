import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, installFakeBrowser } from '../support/fake-browser';

const browser = installFakeBrowser('/user/home');
const { authState, currentToken, deleteJwt, loginSucceeded, restoreSession } = await import('../../src/state/auth');
const { isTokenValid, parseJwt } = await import('../../src/state/jwt');
const { sessionInvalid, unauthorized } = await import('../../src/state/session-expiry');
const { setNavigator } = await import('../../src/platform/navigation');
const { STORAGE_KEYS } = await import('../../src/platform/storage');
const { uiState } = await import('../../src/state/ui');
const { i18n } = await import('../../src/i18n');

const nowSec = () => Math.floor(Date.now() / 1000);

describe('session rules', () => {
  beforeEach(() => {
    browser.store.clear();
    deleteJwt();
  });

  it('a token is valid only if its exp lies in the future', () => {
    expect(isTokenValid(parseJwt(fakeJwt({ exp: nowSec() + 60 })), Date.now())).toBe(true);
    expect(isTokenValid(parseJwt(fakeJwt({ exp: nowSec() - 1 })), Date.now())).toBe(false);
    expect(isTokenValid(parseJwt(fakeJwt({ sub: '1' })), Date.now())).toBe(false);
    expect(parseJwt('not-a-jwt')).toBeNull();
  });

  it('login success saves the jwt in memory and storage and remembers is_first', () => {
    const jwt = fakeJwt({ exp: nowSec() + 3600 });
    expect(loginSucceeded(jwt, true)).toBe(true);
    expect(authState.hasLogin).toBe(true);
    expect(authState.isFirst).toBe(true);
    expect(browser.store.get(STORAGE_KEYS.jwt)).toBe(jwt);
    expect(currentToken()).toBe(jwt);
  });

  it('an expired token from login is refused and nothing is stored', () => {
    expect(loginSucceeded(fakeJwt({ exp: nowSec() - 5 }), false)).toBe(false);
    expect(authState.hasLogin).toBe(false);
    expect(browser.store.has(STORAGE_KEYS.jwt)).toBe(false);
  });

  it('restores login state only from a valid stored token', () => {
    browser.store.set(STORAGE_KEYS.jwt, fakeJwt({ exp: nowSec() + 60 }));
    restoreSession();
    expect(authState.hasLogin).toBe(true);
    browser.store.set(STORAGE_KEYS.jwt, fakeJwt({ exp: nowSec() - 60 }));
    restoreSession();
    expect(authState.hasLogin).toBe(false);
    expect(browser.store.has(STORAGE_KEYS.jwt)).toBe(false);
  });

  it('deleting the jwt logs out; HTTP 401 clears it too', () => {
    loginSucceeded(fakeJwt({ exp: nowSec() + 60 }), false);
    unauthorized();
    expect(authState.hasLogin).toBe(false);
    expect(authState.jwt).toBe('');
    expect(browser.store.has(STORAGE_KEYS.jwt)).toBe(false);
  });

  it('a token that expires while the app runs is no longer sent', () => {
    loginSucceeded(fakeJwt({ exp: nowSec() + 10 }), false);
    expect(currentToken(Date.now() + 11_000)).toBe('');
    expect(authState.hasLogin).toBe(false);
  });

  describe('code 4440', () => {
    afterEach(() => vi.useRealTimers());

    it('after 1000 ms removes the jwt, clears auth and goes to login with the current path', () => {
      vi.useFakeTimers();
      const go = vi.fn();
      setNavigator(go);
      browser.setPath('/news/detail/3?from=home');
      loginSucceeded(fakeJwt({ exp: nowSec() + 3600 }), true);
      sessionInvalid('登录已失效，请重新登录');
      expect(uiState.toast?.text).toBe('登录已失效，请重新登录'); // at once: the user learns why before the redirect
      uiState.toast = null;
      sessionInvalid('另一条'); // a second 4440 in the same burst does not schedule twice (nor toast again)
      expect(uiState.toast).toBeNull();
      vi.advanceTimersByTime(999);
      expect(authState.hasLogin).toBe(true);
      expect(go).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(authState.hasLogin).toBe(false);
      expect(browser.store.has(STORAGE_KEYS.jwt)).toBe(false);
      expect(go).toHaveBeenCalledTimes(1);
      expect(go).toHaveBeenCalledWith(`/user/mobile_login/${encodeURIComponent('/news/detail/3?from=home')}`, { replace: true });
    });

    it('toasts a default reason when the server sent no message', () => {
      vi.useFakeTimers();
      setNavigator(vi.fn());
      sessionInvalid('');
      expect(uiState.toast?.text).toBe(i18n.session.expired);
      vi.advanceTimersByTime(1000);
    });
  });
});
