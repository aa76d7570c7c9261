import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createNativeBridge,
  NATIVE_CALLBACK,
  NATIVE_HANDLER,
  type NativeMessage,
  type NativeWindow,
  nativeTransport,
  normalizeUserInfo,
} from '../../src/platform/native-bridge';
import { applyTheme, currentTheme } from '../../src/platform/theme';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

function poster() {
  const sent: string[] = [];
  return { sent, postMessage: vi.fn((json: string) => void sent.push(json)) };
}

function iosWindow(ua = IPHONE) {
  const handler = poster();
  const win: NativeWindow = { navigator: { userAgent: ua }, webkit: { messageHandlers: { [NATIVE_HANDLER]: handler } } };
  return { win, handler };
}

function injectedWindow(ua = ANDROID) {
  const host = poster();
  const win: NativeWindow = { navigator: { userAgent: ua }, [NATIVE_HANDLER]: host };
  return { win, host };
}

const lastMessage = (p: { sent: string[] }): NativeMessage => JSON.parse(p.sent.at(-1) ?? '{}') as NativeMessage;

describe('choosing the transport', () => {
  it('uses the iOS message handler on iPhone', () => {
    const { win, handler } = iosWindow();
    expect(nativeTransport(win)).toEqual({ kind: 'ios', poster: handler });
  });

  it('uses the injected object otherwise', () => {
    const { win, host } = injectedWindow();
    expect(nativeTransport(win)).toEqual({ kind: 'injected', poster: host });
  });

  it('prefers the iOS handler on iPhone even if an object is injected, the object elsewhere', () => {
    const handler = poster();
    const host = poster();
    const both = (ua: string): NativeWindow => ({
      navigator: { userAgent: ua },
      webkit: { messageHandlers: { [NATIVE_HANDLER]: handler } },
      [NATIVE_HANDLER]: host,
    });
    expect(nativeTransport(both(IPHONE))?.kind).toBe('ios');
    expect(nativeTransport(both(ANDROID))?.kind).toBe('injected');
  });

  it('uses the message handler of an iPad with a desktop user agent', () => {
    const { win } = iosWindow('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15');
    expect(nativeTransport(win)?.kind).toBe('ios');
  });

  it('is not in the native app in a plain browser or with a malformed host', () => {
    expect(nativeTransport(undefined)).toBeNull();
    expect(nativeTransport({ navigator: { userAgent: IPHONE } })).toBeNull();
    expect(nativeTransport({ webkit: { messageHandlers: {} } })).toBeNull();
    expect(nativeTransport({ [NATIVE_HANDLER]: {} as never })).toBeNull();
    expect(createNativeBridge({ navigator: { userAgent: ANDROID } }).isInNativeApp()).toBe(false);
    expect(createNativeBridge(injectedWindow().win).isInNativeApp()).toBe(true);
  });
});

describe('messages and replies', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('posts {action, data, callbackId} as JSON and resolves with the reply given to the global callback', async () => {
    const { win, handler } = iosWindow();
    const bridge = createNativeBridge(win);
    const reply = bridge.send('getUserInfo', { want: 'all' });
    const msg = lastMessage(handler);
    expect(msg.action).toBe('getUserInfo');
    expect(msg.data).toEqual({ want: 'all' });
    expect(typeof msg.callbackId).toBe('string');
    win[NATIVE_CALLBACK]?.(msg.callbackId, JSON.stringify({ interface_style: 'dark' }));
    await expect(reply).resolves.toEqual({ interface_style: 'dark' });
  });

  it('matches replies to requests by callbackId, in any order, and accepts object payloads', async () => {
    const { win, host } = injectedWindow();
    const bridge = createNativeBridge(win);
    const a = bridge.send('getAppInfo');
    const idA = lastMessage(host).callbackId;
    const b = bridge.send('getUserInfo');
    const idB = lastMessage(host).callbackId;
    expect(idA).not.toBe(idB);
    expect(lastMessage(host).data).toEqual({});
    win[NATIVE_CALLBACK]?.(idB, { user_jwt: 't' });
    win[NATIVE_CALLBACK]?.(idA, '{"version":"3.2.1"}');
    win[NATIVE_CALLBACK]?.('unknown-id', '{}');
    await expect(a).resolves.toEqual({ version: '3.2.1' });
    await expect(b).resolves.toEqual({ user_jwt: 't' });
  });

  it('rejects after 3000 ms without a reply, and ignores a late reply', async () => {
    const { win, host } = injectedWindow();
    const bridge = createNativeBridge(win);
    const reply = bridge.send('getUserInfo');
    const caught = reply.catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(2999);
    win[NATIVE_CALLBACK]?.('other', '{}');
    await vi.advanceTimersByTimeAsync(1);
    expect(await caught).toMatch(/timed out after 3000 ms/);
    expect(() => win[NATIVE_CALLBACK]?.(lastMessage(host).callbackId, '{}')).not.toThrow();
  });

  it('honours a custom timeout', async () => {
    const bridge = createNativeBridge(injectedWindow().win, { timeoutMs: 100 });
    const caught = bridge.send('x').catch(() => 'rejected');
    await vi.advanceTimersByTimeAsync(100);
    expect(await caught).toBe('rejected');
  });

  it('rejects a reply that is not JSON, a throwing host and a plain browser', async () => {
    const { win, host } = injectedWindow();
    const bridge = createNativeBridge(win);
    const bad = bridge.send('getUserInfo');
    win[NATIVE_CALLBACK]?.(lastMessage(host).callbackId, 'not json');
    await expect(bad).rejects.toThrow(/not JSON/);
    host.postMessage.mockImplementationOnce(() => {
      throw new Error('bridge gone');
    });
    await expect(bridge.send('getUserInfo')).rejects.toThrow('bridge gone');
    await expect(createNativeBridge({}).send('getUserInfo')).rejects.toThrow(/not inside the native app/);
  });
});

describe('user info and theme', () => {
  it('normalises the user info reply', () => {
    expect(normalizeUserInfo({ genus_id: '3', category_id: 12, category_name: '四级', user_jwt: 'jwt', interface_style: 'dark' })).toEqual({
      genus_id: 3,
      category_id: 12,
      category_name: '四级',
      user_jwt: 'jwt',
      interface_style: 'dark',
    });
    expect(normalizeUserInfo(null)).toEqual({ genus_id: 0, category_id: 0, category_name: '', user_jwt: '', interface_style: 'light' });
    expect(normalizeUserInfo({ interface_style: 'DARK', genus_id: 'x' })).toMatchObject({ genus_id: 0, interface_style: 'light' });
  });

  it('sets data-theme on the root element', () => {
    const root = { dataset: {} as DOMStringMap };
    expect(currentTheme(root)).toBe('light');
    applyTheme('dark', root);
    expect(root.dataset.theme).toBe('dark');
    expect(currentTheme(root)).toBe('dark');
    applyTheme('light', root);
    expect(root.dataset.theme).toBe('light');
    expect(() => applyTheme('dark', undefined)).not.toThrow();
  });
});

describe('initNativeHost', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('asks the host for the user info, applies its dark theme and hands the info on', async () => {
    const root = { dataset: {} as DOMStringMap };
    const win: NativeWindow = {
      navigator: { userAgent: ANDROID },
      [NATIVE_HANDLER]: {
        postMessage(json: string) {
          const msg = JSON.parse(json) as NativeMessage;
          const reply = { genus_id: 2, category_id: 5, category_name: '六级', user_jwt: 'abc', interface_style: 'dark' };
          setTimeout(() => win[NATIVE_CALLBACK]?.(msg.callbackId, JSON.stringify(msg.action === 'getUserInfo' ? reply : {})), 0);
        },
      },
    };
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', { documentElement: root });
    const mod = await import('../../src/platform/native-bridge');
    const seen: unknown[] = [];
    const info = await mod.initNativeHost({ onUserInfo: (i) => seen.push(i) });
    expect(info).toEqual({ genus_id: 2, category_id: 5, category_name: '六级', user_jwt: 'abc', interface_style: 'dark' });
    expect(seen).toEqual([info]);
    expect(root.dataset.theme).toBe('dark');
    expect(mod.isInNativeApp()).toBe(true);
  });

  it('does nothing outside the native app', async () => {
    vi.stubGlobal('window', { navigator: { userAgent: IPHONE } });
    const root = { dataset: {} as DOMStringMap };
    vi.stubGlobal('document', { documentElement: root });
    const mod = await import('../../src/platform/native-bridge');
    expect(mod.isInNativeApp()).toBe(false);
    expect(await mod.initNativeHost()).toBeNull();
    expect(root.dataset.theme).toBeUndefined();
  });
});
