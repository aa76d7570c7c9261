import { describe, expect, it, vi } from 'vitest';
import { POLL_INTERVAL_MS, POLL_TRIES, payH5, payJsapi, pollPaid, withFromPay } from '../../src/app/pay/pay-flow';
import type { JsapiPayParamsView } from '../../src/contract/orders';
import { pay as t } from '../../src/i18n/zh-CN/pay';
import { applyWxConfig, SDK_CONFIG_TTL_MS, sdkConfigFor, signUrl, waitForBridge } from '../../src/platform/wechat/jssdk';
import { bridgeResult, invokeBrandPay } from '../../src/platform/wechat/pay';
import type { CallReply } from '../../src/runtime/env';
import { memoryStore } from '../support/fake-env';

const ok = <T>(data: T): CallReply<T> => ({ status: 0, code: 0, msg: 'ok', data });
const fail = (msg: string, code = 5000): CallReply<never> => ({ status: 1, code, msg, data: null });
const PARAMS: JsapiPayParamsView = {
  appId: 'wx1',
  timeStamp: '1700000000',
  nonceStr: 'n',
  package: 'prepay_id=wx_sandbox_1',
  signType: 'RSA',
  paySign: 's',
};

/** Fakes: status answers from the list (last one repeats), sleep records its waits. */
function deps(
  opts: {
    pay?: CallReply<{ pay_params: JsapiPayParamsView | null }>;
    ready?: boolean;
    bridge?: 'ok' | 'cancel' | 'fail';
    statuses?: CallReply<{ is_success: number }>[];
  } = {},
) {
  const statuses = opts.statuses ?? [ok({ is_success: 1 })];
  let n = 0;
  return {
    pay: vi.fn(async () => opts.pay ?? ok({ pay_params: PARAMS })),
    sdkReady: vi.fn(async () => opts.ready ?? true),
    invoke: vi.fn(async () => opts.bridge ?? 'ok'),
    status: vi.fn(async () => statuses[Math.min(n++, statuses.length - 1)] as CallReply<{ is_success: number }>),
    sleep: vi.fn(async (_ms: number) => undefined),
  };
}

describe('payJsapi (spec §4)', () => {
  it('no payment data means the payment is done: no bridge, no polling', async () => {
    const d = deps({ pay: ok({ pay_params: null }) });
    expect(await payJsapi(d, 7)).toEqual({ result: 'paid' });
    expect(d.invoke).not.toHaveBeenCalled();
    expect(d.status).not.toHaveBeenCalled();
  });

  it('ok from the bridge, then polls once per second until is_success', async () => {
    const d = deps({ statuses: [ok({ is_success: 0 }), ok({ is_success: 0 }), ok({ is_success: 1 })] });
    expect(await payJsapi(d, 7)).toEqual({ result: 'paid' });
    expect(d.invoke).toHaveBeenCalledWith(PARAMS);
    expect(d.status).toHaveBeenCalledTimes(3);
    expect(d.status).toHaveBeenCalledWith(7);
    expect(d.sleep.mock.calls).toEqual([[1000], [1000]]);
  });

  it('cancel shows 支付已取消 and does not poll', async () => {
    const d = deps({ bridge: 'cancel' });
    expect(await payJsapi(d, 7)).toEqual({ result: 'cancelled', message: '支付已取消' });
    expect(d.status).not.toHaveBeenCalled();
  });

  it('an error from the bridge shows 未知错误', async () => {
    const d = deps({ bridge: 'fail' });
    expect(await payJsapi(d, 7)).toEqual({ result: 'failed', message: '未知错误' });
    expect(d.status).not.toHaveBeenCalled();
  });

  it('20 polls without is_success end with 请稍后刷新页面查看支付结果', async () => {
    const d = deps({ statuses: [ok({ is_success: 0 })] });
    expect(await payJsapi(d, 7)).toEqual({ result: 'timeout', message: '请稍后刷新页面查看支付结果' });
    expect(POLL_TRIES).toBe(20);
    expect(POLL_INTERVAL_MS).toBe(1000);
    expect(d.status).toHaveBeenCalledTimes(20);
    expect(d.sleep).toHaveBeenCalledTimes(19);
    expect(d.sleep.mock.calls.every(([ms]) => ms === 1000)).toBe(true);
  });

  it('a failing poll after the payment shows 服务器繁忙，请稍后再试', async () => {
    const d = deps({ statuses: [ok({ is_success: 0 }), fail('网络异常', -1)] });
    expect(await payJsapi(d, 7)).toEqual({ result: 'busy', message: '服务器繁忙，请稍后再试' });
    expect(d.status).toHaveBeenCalledTimes(2);
  });

  it('the bridge not ready shows 微信支付加载失败 and nothing is invoked', async () => {
    const d = deps({ ready: false });
    expect(await payJsapi(d, 7)).toEqual({ result: 'unavailable', message: '微信支付加载失败' });
    expect(d.invoke).not.toHaveBeenCalled();
  });

  it('a refused pay call shows the server msg (else 未知错误)', async () => {
    expect(await payJsapi(deps({ pay: fail('订单已关闭，请重新下单', 4090) }), 7)).toEqual({
      result: 'refused',
      message: '订单已关闭，请重新下单',
    });
    expect(await payJsapi(deps({ pay: fail('') }), 7)).toEqual({ result: 'refused', message: t.unknownError });
  });

  it('honours a shorter interval only when one is given', async () => {
    const d = deps({ statuses: [ok({ is_success: 0 }), ok({ is_success: 1 })] });
    await pollPaid({ ...d, intervalMs: 5 }, 3);
    expect(d.sleep.mock.calls).toEqual([[5]]);
  });
});

describe('payH5', () => {
  it('goes to the cashier, which comes back with from=pay', async () => {
    const go = vi.fn();
    const h5Pay = vi.fn(async () => ok({ h5_url: '/sandbox/wechatpay/cashier?prepay_id=x' }));
    expect(await payH5({ ...deps(), h5Pay, go }, 9, '/order/result/9')).toEqual({ result: 'leaving' });
    expect(h5Pay).toHaveBeenCalledWith(9, '/order/result/9?from=pay');
    expect(go).toHaveBeenCalledWith('/sandbox/wechatpay/cashier?prepay_id=x');
  });

  it('nothing to pay: done; refused: the server msg', async () => {
    const go = vi.fn();
    expect(await payH5({ ...deps(), h5Pay: async () => ok({ h5_url: null }), go }, 9, '/x')).toEqual({ result: 'paid' });
    expect(await payH5({ ...deps(), h5Pay: async () => fail('订单已支付，无需重复支付'), go }, 9, '/x')).toEqual({
      result: 'refused',
      message: '订单已支付，无需重复支付',
    });
    expect(go).not.toHaveBeenCalled();
  });

  it('keeps an existing query', () => {
    expect(withFromPay('/activity/vip-buy-result?orderId=5')).toBe('/activity/vip-buy-result?orderId=5&from=pay');
    expect(withFromPay('/order/result/5?from=pay')).toBe('/order/result/5?from=pay');
  });
});

describe('JS-SDK config cache (spec §9: 1800000 ms)', () => {
  const P = { appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: 's', jsApiList: ['chooseWXPay'] };

  it('loads once per URL (without #) and again after 30 minutes', async () => {
    let now = 1_000_000;
    const store = memoryStore();
    const load = vi.fn(async () => P);
    expect(SDK_CONFIG_TTL_MS).toBe(1_800_000);
    expect(await sdkConfigFor('https://a.cn/x?y=1#top', load, store, () => now)).toEqual(P);
    expect(load).toHaveBeenCalledWith('https://a.cn/x?y=1');
    now += SDK_CONFIG_TTL_MS - 1;
    await sdkConfigFor('https://a.cn/x?y=1#other', load, store, () => now);
    expect(load).toHaveBeenCalledTimes(1);
    await sdkConfigFor('https://a.cn/z', load, store, () => now);
    expect(load).toHaveBeenCalledTimes(2);
    now += 1;
    await sdkConfigFor('https://a.cn/x?y=1', load, store, () => now);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('a failed load is not cached', async () => {
    const store = memoryStore();
    const load = vi.fn(async () => null);
    expect(await sdkConfigFor('https://a.cn/', load, store)).toBeNull();
    await sdkConfigFor('https://a.cn/', load, store);
    expect(load).toHaveBeenCalledTimes(2);
    expect(signUrl('https://a.cn/#x')).toBe('https://a.cn/');
  });

  it('wx.config only when wx exists', () => {
    const g = globalThis as { wx?: unknown };
    expect(applyWxConfig(P)).toBe(false);
    const config = vi.fn();
    g.wx = { config };
    try {
      expect(applyWxConfig(P)).toBe(true);
      expect(config).toHaveBeenCalledWith({ debug: false, ...P });
    } finally {
      delete g.wx;
    }
  });
});

describe('WeixinJSBridge', () => {
  it('maps err_msg', async () => {
    expect(bridgeResult('get_brand_wcpay_request:ok')).toBe('ok');
    expect(bridgeResult('get_brand_wcpay_request:cancel')).toBe('cancel');
    expect(bridgeResult('get_brand_wcpay_request:fail')).toBe('fail');
    expect(bridgeResult(undefined)).toBe('fail');
    const bridge = {
      invoke: vi.fn((_n: string, _p: unknown, cb: (r: { err_msg: string }) => void) => cb({ err_msg: 'get_brand_wcpay_request:cancel' })),
    };
    expect(await invokeBrandPay(bridge, { package: 'prepay_id=1' })).toBe('cancel');
    expect(bridge.invoke).toHaveBeenCalledWith('getBrandWCPayRequest', { package: 'prepay_id=1' }, expect.any(Function));
  });

  it('not there and no document: not ready', async () => {
    expect(await waitForBridge(10)).toBeNull();
  });
});
