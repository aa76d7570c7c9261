import { applyTheme } from './theme';

/**
 * Bridge to the provider's native app (spec §4 "Native host").
 *
 * Protocol (the native side must implement exactly this):
 * - The page posts a JSON string `{"action": string, "data": object, "callbackId": string}`:
 *   - on iPhone/iPad (WKWebView): `window.webkit.messageHandlers.beikaoNative.postMessage(json)`;
 *   - otherwise (Android WebView etc.): the injected object `window.beikaoNative.postMessage(json)`.
 * - The native side answers by calling `window.__beikaoNativeCallback(callbackId, payloadJson)`, where
 *   `payloadJson` is the reply as a JSON string (an already-parsed object is accepted too).
 * - A request with no reply within `timeoutMs` (3000 ms by default) is rejected.
 *
 * Actions the app sends: `getAppInfo` and `getUserInfo` (reply: genus_id, category_id, category_name,
 * user_jwt, interface_style 'dark' | 'light').
 */

/** Name of the iOS message handler and of the injected object. */
export const NATIVE_HANDLER = 'beikaoNative';
/** Name of the global function the native side calls with its replies. */
export const NATIVE_CALLBACK = '__beikaoNativeCallback';
export const NATIVE_TIMEOUT_MS = 3000;

export interface NativePoster {
  postMessage(message: string): void;
}

/** The parts of `window` the bridge touches (tests pass a plain object). */
export interface NativeWindow {
  navigator?: { userAgent?: string };
  webkit?: { messageHandlers?: Record<string, NativePoster | undefined> };
  [NATIVE_HANDLER]?: NativePoster;
  [NATIVE_CALLBACK]?: (callbackId: string, payload: unknown) => void;
}

export interface NativeMessage {
  action: string;
  data: Record<string, unknown>;
  callbackId: string;
}

export interface AppInfo {
  [key: string]: unknown;
}

export interface NativeUserInfo {
  genus_id: number;
  category_id: number;
  category_name: string;
  user_jwt: string;
  interface_style: 'dark' | 'light';
}

const IOS_UA = /iPhone|iPad|iPod/i;

function validPoster(p: unknown): p is NativePoster {
  return typeof p === 'object' && p !== null && typeof (p as NativePoster).postMessage === 'function';
}

/**
 * Where messages go: the iOS message handler on iPhone, the injected object otherwise.
 * An iPad asking for the desktop site has no iPhone user agent: its message handler is still used
 * when no injected object exists.
 */
export function nativeTransport(win: NativeWindow | undefined): { kind: 'ios' | 'injected'; poster: NativePoster } | null {
  if (!win) return null;
  const ios = win.webkit?.messageHandlers?.[NATIVE_HANDLER];
  const injected = win[NATIVE_HANDLER];
  const onIPhone = IOS_UA.test(win.navigator?.userAgent ?? '');
  if (validPoster(ios) && (onIPhone || !validPoster(injected))) return { kind: 'ios', poster: ios };
  if (validPoster(injected)) return { kind: 'injected', poster: injected };
  return null;
}

function parsePayload(payload: unknown): unknown {
  if (typeof payload !== 'string') return payload;
  try {
    return JSON.parse(payload);
  } catch {
    throw new Error(`native reply is not JSON: ${payload.slice(0, 80)}`);
  }
}

export interface NativeBridge {
  isInNativeApp(): boolean;
  /** Posts one message and resolves with the native reply (parsed JSON). */
  send<T = unknown>(action: string, data?: Record<string, unknown>): Promise<T>;
}

/** A bridge bound to one window. Installs the reply callback on it. */
export function createNativeBridge(win: NativeWindow | undefined, opts: { timeoutMs?: number } = {}): NativeBridge {
  const timeoutMs = opts.timeoutMs ?? NATIVE_TIMEOUT_MS;
  const pending = new Map<string, { resolve(v: unknown): void; reject(e: Error): void; timer: ReturnType<typeof setTimeout> }>();
  let seq = 0;
  if (win) {
    win[NATIVE_CALLBACK] = (callbackId, payload) => {
      const entry = pending.get(String(callbackId));
      if (!entry) return;
      pending.delete(String(callbackId));
      clearTimeout(entry.timer);
      try {
        entry.resolve(parsePayload(payload));
      } catch (e) {
        entry.reject(e as Error);
      }
    };
  }
  return {
    isInNativeApp: () => nativeTransport(win) !== null,
    send<T>(action: string, data: Record<string, unknown> = {}): Promise<T> {
      const transport = nativeTransport(win);
      if (!transport) return Promise.reject(new Error('not inside the native app'));
      seq += 1;
      const callbackId = `cb_${Date.now().toString(36)}_${seq}`;
      const message: NativeMessage = { action, data, callbackId };
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(callbackId);
          reject(new Error(`native ${action} timed out after ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(callbackId, { resolve: resolve as (v: unknown) => void, reject, timer });
        try {
          transport.poster.postMessage(JSON.stringify(message));
        } catch (e) {
          pending.delete(callbackId);
          clearTimeout(timer);
          reject(e as Error);
        }
      });
    },
  };
}

function num(v: unknown): number {
  const n = typeof v === 'number' ? v : Number.parseInt(String(v ?? ''), 10);
  return Number.isFinite(n) ? n : 0;
}

/** Normalises the native user info reply (numbers may arrive as text; unknown styles mean light). */
export function normalizeUserInfo(raw: unknown): NativeUserInfo {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    genus_id: num(r.genus_id),
    category_id: num(r.category_id),
    category_name: typeof r.category_name === 'string' ? r.category_name : '',
    user_jwt: typeof r.user_jwt === 'string' ? r.user_jwt : '',
    interface_style: r.interface_style === 'dark' ? 'dark' : 'light',
  };
}

let defaultBridge: NativeBridge | null = null;
function bridge(): NativeBridge {
  defaultBridge ??= createNativeBridge(typeof window === 'undefined' ? undefined : (window as unknown as NativeWindow));
  return defaultBridge;
}

export function isInNativeApp(): boolean {
  return bridge().isInNativeApp();
}

export function sendToNative<T = unknown>(action: string, data?: Record<string, unknown>): Promise<T> {
  return bridge().send<T>(action, data);
}

export async function getAppInfo(): Promise<AppInfo> {
  const raw = await bridge().send<unknown>('getAppInfo');
  return (typeof raw === 'object' && raw !== null ? raw : {}) as AppInfo;
}

export async function getUserInfo(): Promise<NativeUserInfo> {
  return normalizeUserInfo(await bridge().send<unknown>('getUserInfo'));
}

/**
 * Call once at startup. Inside the native app: asks for the user info, applies its theme and hands the
 * info to `onUserInfo` (e.g. to adopt its jwt and subject). Outside it, or when the host does not
 * answer, resolves with null and changes nothing.
 */
export async function initNativeHost(opts: { onUserInfo?(info: NativeUserInfo): void } = {}): Promise<NativeUserInfo | null> {
  if (!isInNativeApp()) return null;
  try {
    const info = await getUserInfo();
    applyTheme(info.interface_style);
    opts.onUserInfo?.(info);
    return info;
  } catch (e) {
    console.warn('native host', e);
    return null;
  }
}
