/**
 * env.outbox: writes waiting on the device for the server, one store for every module (the reader's reports and
 * bookmarks, the answerer's answers). See `Outbox` in ./env.ts for what modules may do with it.
 *
 * Each entry carries the user who wrote it. Entries of another user are never listed nor sent: the beacon goes out
 * with the session's token, so sending them would record one user's writes under another's account. They are kept,
 * not dropped, when the user logs out or the session ends: a logout while offline must not lose answers the app
 * already showed as 已保存，联网后提交, and they go out as soon as the same user logs in again. Writes made while
 * nobody is logged in belong to the last user the device saw, unless that user logged out on purpose; then they are
 * nobody's ('') and go out under whoever logs in next, as they did before there were users in the outbox.
 */
import type { EndpointId } from './endpoint-table.gen';
import type { CallReply, Env, KeyValueStore, OfflineStore, Outbox, OutboxEntry, OutboxResult, OutboxWrite } from './env';
import { forgetLastWriter, OWNER_KEY, verdictOf } from './outbox-rules';

export { OWNER_KEY };

/** The env.offline store holding the entries. */
export const OUTBOX_STORE = 'outbox';
/** env.storage: entries being sent right now, kept synchronously (a closing page may never finish the IndexedDB write). */
export const UNSENT_KEY = 'outbox.unsent';
const MAX_UNSENT = 200;

export interface OutboxDeps {
  offline: OfflineStore;
  storage: KeyValueStore;
  beacon: Env['beacon'];
  /** The logged-in user's id (JWT `sub`), '' when nobody is logged in (or the token has expired). */
  user(): string;
}

/** The outbox with what only the app's wiring calls. */
export interface AppOutbox extends Outbox {
  /** The user logged out on purpose: writes made from now until the next login are nobody's. */
  signedOut(): void;
}

const byOrder = (a: OutboxEntry, b: OutboxEntry) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0);

export function createOutbox(deps: OutboxDeps): AppOutbox {
  let seq = 0;
  /** Client ids being sent right now: a flush does not send them a second time. */
  const inFlight = new Set<string>();
  const flushing = new Map<string, Promise<{ results: OutboxResult[]; kept: number }>>();

  /** Who writes now: the logged-in user, else the last one who was (until an explicit logout). */
  function writer(): string {
    const user = deps.user();
    if (!user) return deps.storage.get(OWNER_KEY) ?? '';
    if (deps.storage.get(OWNER_KEY) !== user) deps.storage.set(OWNER_KEY, user);
    return user;
  }
  /** Entries the current writer may see and manage: their own and nobody's. */
  const visibleTo = (who: string) => (e: OutboxEntry) => e.user === '' || e.user === who;

  function unsent(): OutboxEntry[] {
    const list = deps.storage.getJson<unknown>(UNSENT_KEY, []);
    return Array.isArray(list) ? (list as OutboxEntry[]) : [];
  }
  function keepUnsent(list: OutboxEntry[]): void {
    if (list.length === 0) deps.storage.remove(UNSENT_KEY);
    else deps.storage.setJson(UNSENT_KEY, list.slice(-MAX_UNSENT));
  }

  function entryOf<D>(w: Omit<OutboxWrite<EndpointId, D>, 'input'> & { input: unknown }): OutboxEntry<D> {
    seq = (seq + 1) % 1e6;
    const order = `${String(Date.now()).padStart(15, '0')}-${String(seq).padStart(6, '0')}`;
    return {
      key: `${w.group}/${w.slot ?? `${order}-${w.client_id}`}`,
      user: writer(),
      client_id: w.client_id,
      endpoint: w.endpoint,
      input: w.input as Record<string, unknown>,
      order,
      data: w.data,
    };
  }

  /** Every entry under `prefix` (the store's, and storage copies of writes a page did not finish), oldest first. */
  async function all(prefix: string): Promise<OutboxEntry[]> {
    const rows = await deps.offline.list<OutboxEntry>(OUTBOX_STORE, prefix);
    const byKey = new Map(rows.map((r) => [r.key, r.value]));
    for (const u of unsent()) {
      if (!u.key.startsWith(prefix)) continue;
      const cur = byKey.get(u.key);
      if (!cur || cur.order < u.order) byKey.set(u.key, u);
    }
    return [...byKey.values()].sort(byOrder);
  }

  /** Removes the stored entry only while it is still this write (a newer one to the same slot stays). */
  async function settled(entry: OutboxEntry): Promise<void> {
    const cur = await deps.offline.get<OutboxEntry>(OUTBOX_STORE, entry.key);
    if (cur && cur.client_id === entry.client_id) await deps.offline.delete(OUTBOX_STORE, entry.key);
  }

  async function sendOne<D>(entry: OutboxEntry<D>, stored: Promise<boolean>): Promise<OutboxResult<D>> {
    inFlight.add(entry.client_id);
    try {
      // A beacon: not counted as in flight (no loading overlay), and it survives the page being hidden or closed.
      const reply = (await deps.beacon(entry.endpoint, entry.input as never)) as CallReply<unknown>;
      const verdict = verdictOf(reply);
      const inStore = await stored;
      if (verdict !== 'keep') await settled(entry);
      // Once the store holds a kept write the storage copy can go; without IndexedDB it is the only copy.
      if (verdict !== 'keep' || inStore) keepUnsent(unsent().filter((u) => u.client_id !== entry.client_id));
      return { entry, verdict, reply };
    } finally {
      inFlight.delete(entry.client_id);
    }
  }

  /** Storage copies left by a page that died go to the store (those this page is sending are its own business). */
  async function adopt(prefix: string): Promise<void> {
    const list = unsent().filter((u) => u.key.startsWith(prefix) && !inFlight.has(u.client_id));
    if (list.length === 0) return;
    const moved = new Set<string>();
    for (const u of list) {
      const cur = await deps.offline.get<OutboxEntry>(OUTBOX_STORE, u.key);
      if (cur && cur.order >= u.order) moved.add(u.client_id);
      else if (await deps.offline.put(OUTBOX_STORE, u.key, u)) moved.add(u.client_id);
    }
    keepUnsent(unsent().filter((u) => !moved.has(u.client_id)));
  }

  return {
    send(write) {
      const entry = entryOf(write);
      keepUnsent([...unsent().filter((u) => u.key !== entry.key), entry]);
      return sendOne(entry, deps.offline.put(OUTBOX_STORE, entry.key, entry));
    },

    async put(write) {
      const entry = entryOf(write);
      if (!(await deps.offline.put(OUTBOX_STORE, entry.key, entry))) {
        keepUnsent([...unsent().filter((u) => u.key !== entry.key), entry]);
      }
      return entry;
    },

    async list<D>(prefix = '') {
      return (await all(prefix)).filter(visibleTo(writer())) as OutboxEntry<D>[];
    },

    async remove(clientId) {
      const gone = (await all('')).filter((e) => e.client_id === clientId).filter(visibleTo(writer()));
      for (const e of gone) await settled(e);
      if (gone.length > 0) keepUnsent(unsent().filter((u) => u.client_id !== clientId));
    },

    async clear(prefix) {
      const gone = (await all(prefix)).filter(visibleTo(writer()));
      for (const e of gone) await settled(e);
      const ids = new Set(gone.map((e) => e.client_id));
      keepUnsent(unsent().filter((u) => !ids.has(u.client_id)));
    },

    flush<D>(prefix = '') {
      const running = flushing.get(prefix);
      if (running) return running as Promise<{ results: OutboxResult<D>[]; kept: number }>;
      const p = (async () => {
        await adopt(prefix);
        // Only the session's own writes (and nobody's) go out under its token.
        const me = deps.user();
        if (me) writer();
        const mine = (await all(prefix)).filter(visibleTo(me));
        const results: OutboxResult[] = [];
        let kept = 0;
        for (let i = 0; i < mine.length; i++) {
          const entry = mine[i] as OutboxEntry;
          if (inFlight.has(entry.client_id)) continue;
          // Another user logged in while this flush ran: the rest waits for a flush of theirs.
          if (deps.user() !== me) {
            kept = mine.length - i;
            break;
          }
          const r = await sendOne(entry, Promise.resolve(true));
          results.push(r);
          if (r.verdict === 'keep') {
            kept = mine.length - i;
            break;
          }
        }
        return { results, kept };
      })().finally(() => flushing.delete(prefix));
      flushing.set(prefix, p);
      return p as Promise<{ results: OutboxResult<D>[]; kept: number }>;
    },

    signedOut() {
      forgetLastWriter(deps.storage);
    },
  };
}
