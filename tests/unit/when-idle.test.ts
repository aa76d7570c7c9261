import { describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../src/platform/when-idle';

describe('whenIdle (src/platform/when-idle.ts)', () => {
  it('waits for an idle callback, with the cap as its timeout', () => {
    const run = vi.fn();
    const requestIdleCallback = vi.fn((cb: IdleRequestCallback, _opts?: IdleRequestOptions) => {
      cb({ didTimeout: false, timeRemaining: () => 10 });
      return 1;
    });
    const setTimeout = vi.fn();
    whenIdle(run, 3000, { requestIdleCallback, setTimeout: setTimeout as unknown as typeof globalThis.setTimeout });
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 3000 });
    expect(setTimeout).not.toHaveBeenCalled();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('without idle callbacks it runs after a third of the cap', () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn();
      whenIdle(run, 3000, { setTimeout: globalThis.setTimeout });
      vi.advanceTimersByTime(999);
      expect(run).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
