/**
 * The pay chunk (loaded on the first payment, never with the first screen): WeChat JSAPI inside WeChat's browser,
 * the H5 cashier elsewhere, wired to the request layer and the platform. The rules are in ./pay-flow.ts.
 */

import { storage } from '../../platform/storage';
import { applyWxConfig, sdkConfigFor, type WeixinJSBridgeLike, waitForBridge } from '../../platform/wechat/jssdk';
import { invokeBrandPay } from '../../platform/wechat/pay';
import { isWechatBrowser } from '../../platform/wechat/ua';
import type { PayApi } from '../../runtime/env';
import { callId } from '../call-id';
import { POLL_INTERVAL_MS, type PollDeps, payH5, payJsapi, pollPaid } from './pay-flow';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * 1000 ms between polls. Browser tests may shorten it with an init script setting `window.__BEIKAO_PAY_POLL_MS__`
 * (nothing in the app sets it).
 */
function intervalMs(): number {
  const v = (globalThis as { __BEIKAO_PAY_POLL_MS__?: unknown }).__BEIKAO_PAY_POLL_MS__;
  return typeof v === 'number' && v >= 0 && v < POLL_INTERVAL_MS ? v : POLL_INTERVAL_MS;
}

const pollDeps = (): PollDeps => ({
  status: (id) => callId('order.status', { id, is_group: 1 }),
  sleep,
  intervalMs: intervalMs(),
});

/** The JS-SDK config for this page (cached 30 min per URL), applied when `wx` exists; a failure does not stop paying. */
async function configureSdk(): Promise<void> {
  const params = await sdkConfigFor(
    globalThis.location.href,
    async (url) => {
      const res = await callId('framework.js_sdk_config', { url });
      return res.status === 0 ? res.data : null;
    },
    storage,
  );
  if (params) applyWxConfig(params);
  else console.warn('[pay] js_sdk_config unavailable');
}

let bridge: WeixinJSBridgeLike | null = null;

export const payApi: PayApi = {
  start(orderId, returnPath) {
    if (!isWechatBrowser()) {
      return payH5(
        {
          ...pollDeps(),
          h5Pay: (id, redirect_url) => callId('order.h5_pay', { id, is_group: 1, redirect_url }),
          go: (url) => globalThis.location.assign(url),
        },
        orderId,
        returnPath,
      );
    }
    return payJsapi(
      {
        ...pollDeps(),
        pay: (id) => callId('order.pay', { id, is_group: 1 }),
        sdkReady: async () => {
          bridge = await waitForBridge();
          if (bridge) void configureSdk().catch(() => undefined);
          return bridge !== null;
        },
        invoke: (params) => (bridge ? invokeBrandPay(bridge, { ...params }) : Promise.resolve('fail')),
      },
      orderId,
    );
  },
  confirm: (orderId) => pollPaid(pollDeps(), orderId),
};
