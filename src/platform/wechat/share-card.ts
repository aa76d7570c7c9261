/**
 * The WeChat share card of a page (issue 23): inside WeChat's browser the card that WeChat's own menu (··· → 发送给朋友
 * / 分享到朋友圈) sends is set with `wx.updateAppMessageShareData` and `wx.updateTimelineShareData` after `wx.config`
 * with the server's signature (`framework.js_sdk_config`, cached 30 minutes per page URL with the pay flow's cache,
 * ./jssdk.ts). The official JS-SDK object comes from the page (`window.wx`) or from the `weixin-js-sdk` package, the
 * official jweixin 1.6 as an npm module, loaded as its own chunk only here (no remote script: the CSP allows none).
 * The JS-SDK cannot open the share sheet itself; the caller shows a hint pointing at the menu.
 */
import { type SdkCacheStore, type SdkConfigParams, sdkConfigFor } from './jssdk';

export interface ShareCard {
  title: string;
  desc: string;
  /** Absolute URL (WeChat refuses relative links and pictures). */
  link: string;
  imgUrl: string;
}

interface WxShareArgs {
  title: string;
  desc?: string;
  link: string;
  imgUrl: string;
}

/** The part of the official JS-SDK object used here. */
export interface WxLike {
  config(c: SdkConfigParams & { debug: boolean }): void;
  ready(cb: () => void): void;
  error?(cb: (res: unknown) => void): void;
  updateAppMessageShareData(a: WxShareArgs): void;
  updateTimelineShareData(a: WxShareArgs): void;
}

export interface CardDeps {
  /** The JS-SDK object (the page's `window.wx`, else the package's); undefined when it cannot be had. */
  wx(): Promise<WxLike | undefined>;
  /** `location.href`: the page the signature is for (without `#…`). */
  href: string;
  /** framework.js_sdk_config for a URL; null when it failed. */
  loadConfig(url: string): Promise<SdkConfigParams | null>;
  store: SdkCacheStore;
  now?: () => number;
}

/** The APIs the card needs, added to whatever the server's signature lists. */
export const SHARE_APIS = ['updateAppMessageShareData', 'updateTimelineShareData'];

/** Whether `wx` has what the card needs. */
export function usableWx(wx: unknown): wx is WxLike {
  const w = wx as Partial<WxLike> | undefined;
  return (
    !!w &&
    typeof w.config === 'function' &&
    typeof w.ready === 'function' &&
    typeof w.updateAppMessageShareData === 'function' &&
    typeof w.updateTimelineShareData === 'function'
  );
}

/** The page's `window.wx` when usable, else the `weixin-js-sdk` package's object (its own chunk). */
export async function loadWx(): Promise<WxLike | undefined> {
  const own = (globalThis as { wx?: unknown }).wx;
  if (usableWx(own)) return own;
  try {
    const mod = (await import('weixin-js-sdk')) as unknown as { default?: unknown };
    const wx = mod.default ?? mod;
    return usableWx(wx) ? wx : undefined;
  } catch (e) {
    console.warn('[share] JS-SDK unavailable', e);
    return undefined;
  }
}

/**
 * Sets the share card: resolves true once `wx.ready` has run and both update calls were made, false when the SDK is
 * absent or the signature could not be had (WeChat then shares the page's own title and link).
 */
export async function setShareCard(card: ShareCard, deps: CardDeps): Promise<boolean> {
  const wx = await deps.wx();
  if (!wx) return false;
  const params = await sdkConfigFor(deps.href, deps.loadConfig, deps.store, deps.now);
  if (!params) return false;
  const jsApiList = [...new Set([...(params.jsApiList ?? []), ...SHARE_APIS])];
  wx.config({ debug: false, ...params, jsApiList });
  return new Promise<boolean>((resolve) => {
    wx.ready(() => {
      wx.updateAppMessageShareData({ title: card.title, desc: card.desc, link: card.link, imgUrl: card.imgUrl });
      wx.updateTimelineShareData({ title: card.title, link: card.link, imgUrl: card.imgUrl });
      resolve(true);
    });
    wx.error?.((res) => {
      console.warn('[share] wx.config failed', res);
      resolve(false);
    });
  });
}
