import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { forgetAttribution, keepAttribution, pendingAttribution } from '../../src/state/attribution';

/** localStorage for node: a Map behind the Storage methods the app uses. */
function memoryLocalStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

const NOW = Date.UTC(2026, 10, 27, 4, 0, 0);
const sec = (ms: number) => Math.floor(ms / 1000);

describe('the kept referral attribution', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = memoryLocalStorage();
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('keeps a ticket until it expires, then drops it', () => {
    keepAttribution({ ticket: 'a', expiresAt: sec(NOW) + 60 }, NOW);
    expect(pendingAttribution(NOW)).toBe('a');
    expect(pendingAttribution(NOW + 59_000)).toBe('a');
    expect(pendingAttribution(NOW + 60_000)).toBe('');
    expect(globalThis.localStorage.getItem(STORAGE_KEYS.attribution)).toBeNull();
  });

  it('the first referral link wins while its ticket is valid; an expired one gives way', () => {
    keepAttribution({ ticket: 'first', expiresAt: sec(NOW) + 60 }, NOW);
    keepAttribution({ ticket: 'second', expiresAt: sec(NOW) + 600 }, NOW);
    expect(pendingAttribution(NOW)).toBe('first');
    keepAttribution({ ticket: 'third', expiresAt: sec(NOW) + 6000 }, NOW + 61_000);
    expect(pendingAttribution(NOW + 61_000)).toBe('third');
  });

  it('ignores an expired or empty ticket and forgets after a login', () => {
    keepAttribution({ ticket: 'old', expiresAt: sec(NOW) - 1 }, NOW);
    keepAttribution({ ticket: '', expiresAt: sec(NOW) + 60 }, NOW);
    expect(pendingAttribution(NOW)).toBe('');
    keepAttribution({ ticket: 'b', expiresAt: sec(NOW) + 60 }, NOW);
    forgetAttribution();
    expect(pendingAttribution(NOW)).toBe('');
  });

  it('a damaged stored value counts as none', () => {
    globalThis.localStorage.setItem(STORAGE_KEYS.attribution, '{"ticket":1}');
    expect(pendingAttribution(NOW)).toBe('');
    globalThis.localStorage.setItem(STORAGE_KEYS.attribution, 'not json');
    expect(pendingAttribution(NOW)).toBe('');
  });
});
