import { proxy } from 'valtio';
import { STORAGE_KEYS, storage } from '../platform/storage';
import { isTokenValid, type JwtPayload, parseJwt } from './jwt';

export interface AuthState {
  jwt: string;
  parsedJwt: JwtPayload | null;
  hasLogin: boolean;
  hasWechatOAuth: boolean;
  isFirst: boolean;
}

export const authState = proxy<AuthState>({
  jwt: '',
  parsedJwt: null,
  hasLogin: false,
  hasWechatOAuth: false,
  isFirst: false,
});

/** Reads the stored token at start; login state is set only when it is still valid. */
export function restoreSession(now = Date.now()): void {
  const jwt = storage.get(STORAGE_KEYS.jwt);
  const parsed = jwt ? parseJwt(jwt) : null;
  if (jwt && isTokenValid(parsed, now)) {
    authState.jwt = jwt;
    authState.parsedJwt = parsed;
    authState.hasLogin = true;
    authState.isFirst = storage.get(STORAGE_KEYS.isFirst) === '1';
  } else {
    deleteJwt();
  }
}

/** On login success with a valid token: keep it in memory and storage; remember is_first. */
export function loginSucceeded(jwt: string, isFirst: boolean, now = Date.now()): boolean {
  const parsed = parseJwt(jwt);
  if (!isTokenValid(parsed, now)) return false;
  authState.jwt = jwt;
  authState.parsedJwt = parsed;
  authState.hasLogin = true;
  authState.isFirst = isFirst;
  storage.set(STORAGE_KEYS.jwt, jwt);
  storage.set(STORAGE_KEYS.isFirst, isFirst ? '1' : '0');
  return true;
}

/** Deleting the jwt logs the user out. */
export function deleteJwt(): void {
  authState.jwt = '';
  authState.parsedJwt = null;
  authState.hasLogin = false;
  storage.remove(STORAGE_KEYS.jwt);
}

/** The token to send, or '' when it is missing or has expired (which also logs out). */
export function currentToken(now = Date.now()): string {
  if (!authState.jwt) return '';
  if (!isTokenValid(authState.parsedJwt, now)) {
    deleteJwt();
    return '';
  }
  return authState.jwt;
}
