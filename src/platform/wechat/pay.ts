/** Asking WeChat's in-app browser to pay: `WeixinJSBridge.invoke('getBrandWCPayRequest', params, cb)`. */
import type { WeixinJSBridgeLike } from './jssdk';

export type BridgePayResult = 'ok' | 'cancel' | 'fail';

/** `get_brand_wcpay_request:ok` → ok, `:cancel` → cancel, anything else → fail. */
export function bridgeResult(errMsg: string | undefined): BridgePayResult {
  if (errMsg === 'get_brand_wcpay_request:ok') return 'ok';
  if (errMsg === 'get_brand_wcpay_request:cancel') return 'cancel';
  return 'fail';
}

/** Opens WeChat's payment sheet with the signed JSAPI parameters; resolves with what the user did. */
export function invokeBrandPay(bridge: WeixinJSBridgeLike, params: Record<string, string>): Promise<BridgePayResult> {
  return new Promise((resolve) => {
    try {
      bridge.invoke('getBrandWCPayRequest', params, (res) => resolve(bridgeResult(res?.err_msg)));
    } catch {
      resolve('fail');
    }
  });
}
