import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, LAZY_LOAD_TIMEOUT_MS, loadWithTimeout } from '../../src/runtime/lazy-timeout';

describe('lazy block chunks', () => {
  afterEach(() => vi.useRealTimers());

  it('time out after 120000 ms with a chunk-load error', async () => {
    vi.useFakeTimers();
    expect(LAZY_LOAD_TIMEOUT_MS).toBe(120000);
    const pending = loadWithTimeout(() => new Promise<never>(() => {}));
    const seen = pending.catch((e: unknown) => e);
    vi.advanceTimersByTime(119999);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    const err = await seen;
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as Error).message).toContain('120000');
  });

  it('pass a loaded module through and turn a failed import into a chunk-load error', async () => {
    await expect(loadWithTimeout(async () => ({ default: 1 }), 50)).resolves.toEqual({ default: 1 });
    await expect(
      loadWithTimeout(() => Promise.reject(new Error('Failed to fetch dynamically imported module')), 50),
    ).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
