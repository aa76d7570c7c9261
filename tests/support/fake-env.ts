import { vi } from 'vitest';
import type { CallReply, Env, KeyValueStore, OfflineStore } from '../../src/runtime/env';
import { createOutbox } from '../../src/runtime/outbox';

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

/** An in-memory OfflineStore (the IndexedDB stores of `env.offline`), entries listed in key order. */
export function memoryOfflineStore(): OfflineStore & { data: Map<string, Map<string, unknown>> } {
  const data = new Map<string, Map<string, unknown>>();
  const table = (store: string) => {
    const t = data.get(store) ?? new Map<string, unknown>();
    data.set(store, t);
    return t;
  };
  const copy = <T>(v: unknown): T => (v === undefined ? v : JSON.parse(JSON.stringify(v))) as T;
  return {
    data,
    get: async <T>(store: string, key: string) => (table(store).has(key) ? copy<T>(table(store).get(key)) : null),
    put: async (store, key, value) => {
      table(store).set(key, copy(value));
      return true;
    },
    delete: async (store, key) => void table(store).delete(key),
    list: async <T>(store: string, prefix = '') =>
      [...table(store).entries()]
        .filter(([k]) => k.startsWith(prefix))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, value]) => ({ key, value: copy<T>(value) })),
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
    beacon: vi.fn((id: string, input: unknown) => answer(id, input)),
    callDynamic: vi.fn((e: { id: string }, input: unknown) => answer(e.id, input)),
    navigate: vi.fn(),
    toast: vi.fn(),
    confirm: vi.fn(async () => true),
    copy: vi.fn(async () => true),
    share: vi.fn(async () => true),
    inWechat: vi.fn(() => false),
    shareCard: vi.fn(async () => false),
    saveImage: vi.fn(),
    storage: memoryStore(),
    pay: { start: vi.fn(async () => ({ result: 'paid' as const })), confirm: vi.fn(async () => ({ result: 'paid' as const })) },
    offline: memoryOfflineStore(),
    /** The logged-in user the outbox sees ('' = nobody); tests switch users by setting it. */
    session_user: '1',
    outbox: undefined as unknown as Env['outbox'],
    popup: vi.fn(),
    session: { login: vi.fn(() => true), logout: vi.fn(), keepAttribution: vi.fn(), attribution: vi.fn(() => '') },
    subject: { select: vi.fn(), history: vi.fn(() => []) },
    ...overrides,
  };
  // The real outbox over the fake's stores and beacon (read at call time, so a test may replace them).
  if (!overrides.outbox) {
    env.outbox = createOutbox({
      offline: {
        get: (...a) => env.offline.get(...a),
        put: (...a) => env.offline.put(...a),
        delete: (...a) => env.offline.delete(...a),
        list: (...a) => env.offline.list(...a),
      },
      storage: {
        get: (k) => env.storage.get(k),
        set: (k, v) => env.storage.set(k, v),
        remove: (k) => env.storage.remove(k),
        getJson: (k, f) => env.storage.getJson(k, f),
        setJson: (k, v) => env.storage.setJson(k, v),
      },
      beacon: ((id: string, input: unknown) =>
        (env.beacon as (i: string, v: unknown) => Promise<CallReply<unknown>>)(id, input)) as Env['beacon'],
      user: () => env.session_user,
    });
  }
  return env as unknown as Env & typeof env;
}
