/** Registration of the service worker by the app (src/platform/service-worker.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, SW_URL } from '../../src/platform/service-worker';

function fakeBrowser(readyState: DocumentReadyState, path = '/user/mobile_login/x') {
  const active = { postMessage: vi.fn() };
  const unregister = vi.fn(async () => true);
  const container = {
    register: vi.fn(async () => ({})),
    ready: Promise.resolve({ active }),
    getRegistrations: vi.fn(async () => [{ unregister }]),
  };
  const listeners: Record<string, () => void> = {};
  vi.stubGlobal('navigator', { serviceWorker: container });
  vi.stubGlobal('document', { readyState });
  vi.stubGlobal('window', {
    location: { pathname: path },
    addEventListener: (type: string, fn: () => void) => {
      listeners[type] = fn;
    },
  });
  return { container, active, unregister, listeners };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('service worker registration', () => {
  it('waits for the load event (and a second), registers /sw.js at the root, then asks it to keep the landing and current pages', async () => {
    vi.useFakeTimers();
    const b = fakeBrowser('interactive');
    registerServiceWorker({ landing: '/ebook/read/1', dev: false });
    await vi.advanceTimersByTimeAsync(5000);
    expect(b.container.register).not.toHaveBeenCalled();
    b.listeners.load?.();
    await vi.advanceTimersByTimeAsync(999);
    expect(b.container.register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(b.container.register).toHaveBeenCalledWith(SW_URL, { scope: '/' });
    await vi.runAllTimersAsync();
    expect(b.active.postMessage).toHaveBeenCalledWith({ type: 'warm', urls: ['/ebook/read/1', '/user/mobile_login/x'] });
  });

  it('registers a second after boot when the page has already loaded', async () => {
    vi.useFakeTimers();
    const b = fakeBrowser('complete');
    registerServiceWorker({ landing: '/', dev: false });
    await vi.advanceTimersByTimeAsync(1000);
    expect(b.container.register).toHaveBeenCalledTimes(1);
  });

  it('never registers in development, and removes a worker the built app left on the same origin', async () => {
    vi.useFakeTimers();
    const b = fakeBrowser('complete');
    registerServiceWorker({ landing: '/', dev: true });
    // Past the second after which a built app registers.
    await vi.advanceTimersByTimeAsync(5000);
    expect(b.container.register).not.toHaveBeenCalled();
    expect(b.unregister).toHaveBeenCalledTimes(1);
  });

  it('is a no-op without service workers (old WebViews, insecure origins)', () => {
    vi.stubGlobal('navigator', {});
    expect(() => registerServiceWorker({ landing: '/', dev: false })).not.toThrow();
  });
});
