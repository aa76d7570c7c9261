import { describe, expect, it, vi } from 'vitest';
import type { SdkConfigParams } from '../../src/platform/wechat/jssdk';
import { setShareCard, usableWx, type WxLike } from '../../src/platform/wechat/share-card';
import { memoryStore } from '../support/fake-env';

const data = {
  title: '邀你一起备考',
  desc: '注册即可参与',
  link: 'https://beikao.example/activity/vip/7',
  image: 'https://beikao.example/activity/vip-invite.svg',
};

describe('wechat card', () => {
  const config: SdkConfigParams = { appId: 'wx123', timestamp: 1700000000, nonceStr: 'n', signature: 's', jsApiList: ['chooseWXPay'] };
  function fakeWx() {
    const calls: unknown[][] = [];
    let ready: (() => void) | undefined;
    const wx: WxLike = {
      config: (c) => calls.push(['config', c]),
      ready: (cb) => {
        ready = cb;
      },
      error: () => {},
      updateAppMessageShareData: (a) => calls.push(['appMessage', a]),
      updateTimelineShareData: (a) => calls.push(['timeline', a]),
    };
    return { wx, calls, fireReady: () => ready?.() };
  }
  const card = { title: data.title, desc: data.desc, link: data.link, imgUrl: data.image };

  it('configures the SDK with the page signature and sets both cards once ready', async () => {
    const { wx, calls, fireReady } = fakeWx();
    const loadConfig = vi.fn(async () => config);
    const store = memoryStore();
    const done = setShareCard(card, {
      wx: async () => wx,
      href: 'https://beikao.example/activity/vip-share/7#x',
      loadConfig,
      store,
      now: () => 1000,
    });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(loadConfig).toHaveBeenCalledWith('https://beikao.example/activity/vip-share/7');
    expect(calls[0]).toEqual([
      'config',
      { debug: false, ...config, jsApiList: ['chooseWXPay', 'updateAppMessageShareData', 'updateTimelineShareData'] },
    ]);
    fireReady();
    expect(await done).toBe(true);
    expect(calls.slice(1)).toEqual([
      ['appMessage', { title: data.title, desc: data.desc, link: data.link, imgUrl: data.image }],
      ['timeline', { title: data.title, link: data.link, imgUrl: data.image }],
    ]);
    // The signature is cached for the page (30 minutes): a second card on the same page does not ask again.
    const again = fakeWx();
    const second = setShareCard(card, {
      wx: async () => again.wx,
      href: 'https://beikao.example/activity/vip-share/7',
      loadConfig,
      store,
      now: () => 2000,
    });
    await vi.waitFor(() => expect(again.calls).toHaveLength(1));
    again.fireReady();
    expect(await second).toBe(true);
    expect(loadConfig).toHaveBeenCalledTimes(1);
  });
  it('does nothing without the SDK object or without a signature', async () => {
    const loadConfig = vi.fn(async () => null);
    expect(usableWx(undefined)).toBe(false);
    expect(usableWx({ config() {} })).toBe(false);
    expect(await setShareCard(card, { wx: async () => undefined, href: 'https://beikao.example/', loadConfig, store: memoryStore() })).toBe(
      false,
    );
    expect(loadConfig).not.toHaveBeenCalled();
    const { wx, calls } = fakeWx();
    expect(await setShareCard(card, { wx: async () => wx, href: 'https://beikao.example/', loadConfig, store: memoryStore() })).toBe(false);
    expect(calls).toEqual([]);
  });
});
