/**
 * WeChat JS-SDK in the in-app browser: waiting for `WeixinJSBridge`, the `wx.config` parameters cached 30 minutes
 * per page URL (spec §9: 1800000 ms), and applying them when `window.wx` exists. No remote script is loaded here: the
 * in-app browser's own bridge is what pays.
 */

/** Spec §9: SDK config params are cached for 30 minutes. */
export const SDK_CONFIG_TTL_MS = 1_800_000;
/** How long to wait for `WeixinJSBridgeReady` before the SDK counts as not ready. */
export const BRIDGE_WAIT_MS = 3000;
const CACHE_PREFIX = 'beikao.jssdk.';

export interface SdkConfigParams {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
  jsApiList: string[];
}

export interface WeixinJSBridgeLike {
  invoke(name: string, params: unknown, cb: (res: { err_msg?: string; err_desc?: string }) => void): void;
}
interface WxLike {
  config(c: SdkConfigParams & { debug: boolean }): void;
}

/** Minimal storage (the platform's `storage` fits). */
export interface SdkCacheStore {
  getJson<T>(key: string, fallback: T): T;
  setJson(key: string, value: unknown): void;
}

const win = () => globalThis as unknown as { WeixinJSBridge?: WeixinJSBridgeLike; wx?: WxLike; document?: Document };

/** The page URL the signature is made for: without `#…`. */
export function signUrl(href: string): string {
  const i = href.indexOf('#');
  return i < 0 ? href : href.slice(0, i);
}

/** Resolves with the bridge when it is there or `WeixinJSBridgeReady` fires within `timeoutMs`, else null. */
export function waitForBridge(timeoutMs = BRIDGE_WAIT_MS): Promise<WeixinJSBridgeLike | null> {
  const now = win().WeixinJSBridge;
  if (now) return Promise.resolve(now);
  const doc = win().document;
  if (!doc) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      doc.removeEventListener('WeixinJSBridgeReady', done);
      resolve(win().WeixinJSBridge ?? null);
    };
    const timer = setTimeout(done, timeoutMs);
    doc.addEventListener('WeixinJSBridgeReady', done);
  });
}

/**
 * The config params for `url` (without `#`): from the cache while younger than 30 minutes, else from `load` (then
 * cached). Null when loading fails.
 */
export async function sdkConfigFor(
  url: string,
  load: (url: string) => Promise<SdkConfigParams | null>,
  store: SdkCacheStore,
  now: () => number = Date.now,
): Promise<SdkConfigParams | null> {
  const key = CACHE_PREFIX + signUrl(url);
  const hit = store.getJson<{ at: number; params: SdkConfigParams } | null>(key, null);
  if (hit && typeof hit.at === 'number' && now() - hit.at < SDK_CONFIG_TTL_MS && hit.params) return hit.params;
  const params = await load(signUrl(url));
  if (params) store.setJson(key, { at: now(), params });
  return params;
}

/** `wx.config(…)` when the official JS-SDK object is present (true), else nothing (false). */
export function applyWxConfig(params: SdkConfigParams): boolean {
  const wx = win().wx;
  if (!wx || typeof wx.config !== 'function') return false;
  wx.config({ debug: false, ...params });
  return true;
}
