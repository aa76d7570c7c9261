/**
 * Named stores on the device for offline use, on the raw IndexedDB API (no library): one database `beikao-offline`
 * with one object store whose keys are `[store, key]`, so a module can use any store name without a schema upgrade,
 * and `list(store, prefix)` is one key-range cursor. Nothing here throws: without IndexedDB (private mode, a blocked
 * or failed open) get answers null, list [], put false. Loaded lazily (src/app/env.ts): it is not in the first load.
 */

/** The same shape as `Env['offline']` (src/runtime/env.ts); platform code imports nothing app-level. */
export interface OfflineStore {
  get<T>(store: string, key: string): Promise<T | null>;
  put(store: string, key: string, value: unknown): Promise<boolean>;
  delete(store: string, key: string): Promise<void>;
  list<T>(store: string, prefix?: string): Promise<{ key: string; value: T }[]>;
}

const DB_NAME = 'beikao-offline';
const TABLE = 'entries';
type Key = [string, string];

let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  if (opening) return opening;
  opening = new Promise<IDBDatabase | null>((resolve) => {
    const idb = globalThis.indexedDB;
    if (!idb) return resolve(null);
    let req: IDBOpenDBRequest;
    try {
      req = idb.open(DB_NAME, 1);
    } catch {
      return resolve(null);
    }
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(TABLE)) req.result.createObjectStore(TABLE);
    };
    req.onsuccess = () => {
      const db = req.result;
      // Another tab upgrading the database: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    req.onerror = () => resolve(null);
    req.onblocked = () => resolve(null);
  }).then((db) => {
    if (!db) opening = null; // retry on the next call (e.g. storage was busy)
    return db;
  });
  return opening;
}

/**
 * Runs one request in a transaction; resolves, once the transaction has completed, with the request's result (or
 * `done` when given, e.g. true for a write), and with `fallback` on any failure.
 */
async function run<T>(mode: IDBTransactionMode, fallback: T, make: (table: IDBObjectStore) => IDBRequest, done?: T): Promise<T> {
  const db = await open();
  if (!db) return fallback;
  return new Promise<T>((resolve) => {
    try {
      const tx = db.transaction(TABLE, mode);
      const req = make(tx.objectStore(TABLE));
      tx.oncomplete = () => resolve(done !== undefined ? done : (req.result as T));
      tx.onerror = () => resolve(fallback);
      tx.onabort = () => resolve(fallback);
    } catch {
      resolve(fallback);
    }
  });
}

/** Entries are stored as `{v}` so that any JSON-like value (null included) round-trips. */
interface Row {
  v: unknown;
}

export const offlineStore: OfflineStore = {
  async get<T>(store: string, key: string): Promise<T | null> {
    const row = await run<Row | undefined>('readonly', undefined, (t) => t.get([store, key] satisfies Key));
    return row && 'v' in row ? (row.v as T) : null;
  },
  put(store, key, value) {
    return run<boolean>('readwrite', false, (t) => t.put({ v: value } satisfies Row, [store, key] satisfies Key), true);
  },
  async delete(store, key) {
    await run<boolean>('readwrite', false, (t) => t.delete([store, key] satisfies Key), true);
  },
  async list<T>(store: string, prefix = ''): Promise<{ key: string; value: T }[]> {
    const db = await open();
    if (!db) return [];
    return new Promise((resolve) => {
      const out: { key: string; value: T }[] = [];
      try {
        const tx = db.transaction(TABLE, 'readonly');
        const range = IDBKeyRange.bound([store, prefix], [store, `${prefix}\uffff`]);
        const req = tx.objectStore(TABLE).openCursor(range);
        req.onsuccess = () => {
          const cursor = req.result;
          if (!cursor) return;
          out.push({ key: (cursor.key as Key)[1], value: (cursor.value as Row).v as T });
          cursor.continue();
        };
        tx.oncomplete = () => resolve(out);
        tx.onerror = () => resolve([]);
        tx.onabort = () => resolve([]);
      } catch {
        resolve([]);
      }
    });
  },
};
