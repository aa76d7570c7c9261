import { i18n } from '../i18n';
import { currentPath, navigateTo } from '../platform/navigation';
import { authState, deleteJwt } from './auth';
import { showToast } from './ui';

export const SESSION_REDIRECT_DELAY_MS = 1000;
export const LOGIN_ROUTE = '/user/mobile_login';

export function loginRouteFor(returnPath: string): string {
  return `${LOGIN_ROUTE}/${encodeURIComponent(returnPath)}`;
}

let pending: ReturnType<typeof setTimeout> | null = null;

/**
 * Envelope code 4440: at once a toast with the server's message (the user learns why), then after 1 s remove the
 * stored jwt, clear auth and go to login with the current path. The toast lives in the shell, so it stays on screen
 * across the redirect.
 */
export function sessionInvalid(msg = ''): void {
  if (pending) return;
  showToast(msg.trim() || i18n.session.expired);
  const returnPath = currentPath();
  pending = setTimeout(() => {
    pending = null;
    deleteJwt();
    authState.hasWechatOAuth = false;
    authState.isFirst = false;
    const target = returnPath.startsWith(LOGIN_ROUTE) ? returnPath : loginRouteFor(returnPath);
    navigateTo(target, { replace: true });
  }, SESSION_REDIRECT_DELAY_MS);
}

/** HTTP 401: clear the jwt and mark logged out (no redirect by itself). */
export function unauthorized(): void {
  deleteJwt();
}
