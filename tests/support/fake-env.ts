import { vi } from 'vitest';
import type { CallReply, Env, KeyValueStore } from '../../src/runtime/env';

/** An in-memory KeyValueStore. */
export function memoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const map = new Map(Object.entries(initial));
  return {
    get: (k) => map.get(k) ?? null,
    set: (k, v) => void map.set(k, v),
    remove: (k) => void map.delete(k),
    getJson<T>(k: string, fallback: T): T {
      const raw = map.get(k);
      if (raw === undefined) return fallback;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return fallback;
      }
    },
    setJson: (k, v) => void map.set(k, JSON.stringify(v)),
  };
}

type Replies = Record<string, CallReply<unknown> | ((input: unknown) => CallReply<unknown>)>;

/**
 * A fake environment for rendering blocks, modules and the shell alone. `replies` answers calls by
 * endpoint id (anything else answers status 1, "no reply"); every effect is a vitest mock to assert on.
 */
export function fakeEnv(replies: Replies = {}, overrides: Partial<Env> = {}) {
  const answer = async (id: string, input: unknown): Promise<CallReply<unknown>> => {
    const r = replies[id];
    if (!r) return { status: 1, code: 1, msg: `no reply for ${id}`, data: null };
    return typeof r === 'function' ? r(input) : r;
  };
  const env = {
    call: vi.fn((id: string, input?: unknown) => answer(id, input ?? {})),
    callDynamic: vi.fn((e: { id: string }, input: unknown) => answer(e.id, input)),
    navigate: vi.fn(),
    toast: vi.fn(),
    confirm: vi.fn(async () => true),
    copy: vi.fn(async () => true),
    share: vi.fn(async () => true),
    saveImage: vi.fn(),
    storage: memoryStore(),
    popup: vi.fn(),
    session: { login: vi.fn(() => true), logout: vi.fn() },
    subject: { select: vi.fn(), history: vi.fn(() => []) },
    ...overrides,
  };
  return env as unknown as Env & typeof env;
}
