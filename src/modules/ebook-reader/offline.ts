/**
 * The reader's data on the device (env.offline, IndexedDB): opened and downloaded chapters, the last book detail and
 * bookmark list seen, and the outbox of writes that still have to reach the server (reading reports, bookmark adds
 * and removes). Every queued write carries a client id, so sending it twice (a retry after a lost reply, two tabs)
 * is counted once by the server.
 */
import { CODE } from '../../contract/envelope';
import type { CallReply, Env, InputOfId, KeyValueStore, OutputOfId } from '../../runtime/block-api';

export type Detail = OutputOfId<'ebook.detail'>;
export type Chapter = OutputOfId<'ebook.content'>;
export type ServerBookmark = OutputOfId<'ebook.bookmark_list'>[number];

export const STORES = {
  chapters: 'ebook-chapters',
  books: 'ebook-books',
  bookmarks: 'ebook-bookmarks',
  outbox: 'ebook-outbox',
} as const;

const chapterKey = (ebookId: number, chapterId: number) => `${ebookId}:${chapterId}`;

export function cachedChapter(env: Env, ebookId: number, chapterId: number): Promise<Chapter | null> {
  return env.offline.get<Chapter>(STORES.chapters, chapterKey(ebookId, chapterId));
}
export function cacheChapter(env: Env, c: Chapter): Promise<boolean> {
  return env.offline.put(STORES.chapters, chapterKey(c.ebook_id, c.chapter.id), c);
}
export function forgetChapter(env: Env, ebookId: number, chapterId: number): Promise<void> {
  return env.offline.delete(STORES.chapters, chapterKey(ebookId, chapterId));
}
/** Ids of the book's chapters kept on the device. */
export async function cachedChapterIds(env: Env, ebookId: number): Promise<number[]> {
  const rows = await env.offline.list<unknown>(STORES.chapters, `${ebookId}:`);
  return rows.map((r) => Number(r.key.slice(r.key.indexOf(':') + 1))).filter((n) => n > 0);
}

export function cachedDetail(env: Env, ebookId: number): Promise<Detail | null> {
  return env.offline.get<Detail>(STORES.books, String(ebookId));
}
export function cacheDetail(env: Env, d: Detail): Promise<boolean> {
  return env.offline.put(STORES.books, String(d.id), d);
}
export function cachedBookmarks(env: Env, ebookId: number): Promise<ServerBookmark[] | null> {
  return env.offline.get<ServerBookmark[]>(STORES.bookmarks, String(ebookId));
}
export function cacheBookmarks(env: Env, ebookId: number, list: ServerBookmark[]): Promise<boolean> {
  return env.offline.put(STORES.bookmarks, String(ebookId), list);
}

/** A place reported or bookmarked: the server recomputes preview and fraction. */
export type AnchorInput = { chapter_id: number; span: number; offset: number };

/** The device's own reading record of a book (env.storage, written on every page turn so a closing page keeps it). */
export interface LocalPlace extends AnchorInput {
  /** Client ms of the change. */
  at: number;
  /** A report carrying this place reached the server. */
  synced: boolean;
}
const placeKey = (ebookId: number) => `ebookReader.place.${ebookId}`;
export function localPlace(storage: KeyValueStore, ebookId: number): LocalPlace | null {
  const p = storage.getJson<LocalPlace | null>(placeKey(ebookId), null);
  return p && Number.isInteger(p.chapter_id) && Number.isInteger(p.span) && Number.isInteger(p.offset) ? p : null;
}
export function keepLocalPlace(storage: KeyValueStore, ebookId: number, p: LocalPlace): void {
  storage.setJson(placeKey(ebookId), p);
}

// ---------------------------------------------------------------------------------------------------------------
// The outbox

export type OutboxItem =
  | { kind: 'read'; ebook_id: number; client_id: string; input: InputOfId<'ebook.read'> }
  | {
      kind: 'bookmark_add';
      ebook_id: number;
      client_id: string;
      input: InputOfId<'ebook.bookmark_add'>;
      /** What the bookmark list shows while it is pending. */
      chapter_title: string;
      preview: string;
      fraction: number;
    }
  | { kind: 'bookmark_remove'; ebook_id: number; client_id: string; input: InputOfId<'ebook.bookmark_remove'> };

export interface Queued {
  key: string;
  item: OutboxItem;
}

/** A client id for a write (8–64 of [A-Za-z0-9_-], as the contract asks). */
export function newClientId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto?.getRandomValues?.(bytes);
  let id = '';
  for (const b of bytes) id += (b % 36).toString(36);
  return `r${Date.now().toString(36)}${id}`;
}

let seq = 0;
/** Outbox keys sort in the order the writes were made (time, then a counter, then the client id). */
function outboxKey(clientId: string): string {
  seq = (seq + 1) % 1e6;
  return `${String(Date.now()).padStart(15, '0')}-${String(seq).padStart(6, '0')}-${clientId}`;
}

export async function enqueue(env: Env, item: OutboxItem): Promise<string> {
  const key = outboxKey(item.client_id);
  await env.offline.put(STORES.outbox, key, item);
  return key;
}

export async function queued(env: Env, ebookId?: number): Promise<Queued[]> {
  const rows = await env.offline.list<OutboxItem>(STORES.outbox);
  return rows.map((r) => ({ key: r.key, item: r.value })).filter((q) => ebookId === undefined || q.item.ebook_id === ebookId);
}

export function unqueue(env: Env, key: string): Promise<void> {
  return env.offline.delete(STORES.outbox, key);
}

/** What to do with a queued write after the server answered. */
export type Verdict = 'sent' | 'keep' | 'drop';

/**
 * Sent (status 0); kept for later on a network failure (-1: offline, timeout, 5xx), a missing session (4010, 4440:
 * sent once the user logs in again) or too many requests (4029); dropped when the server refused it (any other 4xx:
 * bad input, gone, not allowed): sending it again would be refused again.
 */
export function verdictOf(reply: CallReply<unknown>): Verdict {
  if (reply.status === 0) return 'sent';
  const code = reply.code;
  if (reply.status === -1 || code === -1 || code === CODE.unauthorized || code === CODE.sessionInvalid || code === CODE.tooMany)
    return 'keep';
  if (code >= 5000) return 'keep';
  return 'drop';
}

function send(env: Env, item: OutboxItem): Promise<CallReply<unknown>> {
  // beacon: not counted as in flight (no loading overlay), and it survives the page being hidden or closed.
  if (item.kind === 'read') return env.beacon('ebook.read', item.input);
  if (item.kind === 'bookmark_add') return env.beacon('ebook.bookmark_add', item.input);
  return env.beacon('ebook.bookmark_remove', item.input);
}

/** Keys being sent right now (by queueAndSend or a flush): a flush does not send them a second time. */
const inFlight = new Set<string>();

/** Client ids of the writes being sent by this page (their env.storage copy is not adopted meanwhile). */
const inFlightIds = new Set<string>();

async function settle(env: Env, key: string, item: OutboxItem, stored: Promise<unknown>) {
  inFlight.add(key);
  inFlightIds.add(item.client_id);
  try {
    const reply = await send(env, item);
    const verdict = verdictOf(reply);
    await stored;
    if (verdict !== 'keep') await unqueue(env, key);
    return { verdict, reply };
  } finally {
    inFlight.delete(key);
    inFlightIds.delete(item.client_id);
  }
}

/**
 * Writes made as the page goes away, kept synchronously in env.storage until they are settled: IndexedDB is
 * asynchronous and a closing page may never finish the outbox write, and a browser may drop a keepalive request
 * made while the page unloads (Chromium does, now and then, on a reload). The next start moves them to the outbox.
 */
export const UNSENT_KEY = 'ebookReader.unsent';
const MAX_UNSENT = 50;

function unsent(storage: KeyValueStore): OutboxItem[] {
  const list = storage.getJson<unknown>(UNSENT_KEY, []);
  return Array.isArray(list) ? (list as OutboxItem[]) : [];
}

/**
 * Puts a write in the outbox and sends it at once, both started together (a report made as the page is hidden or
 * closed goes out before the page freezes); until the server answered (or the outbox holds it) it is also kept in
 * env.storage. If the page dies first, the next start sends it again, counted once thanks to its client id.
 */
export async function queueAndSend(env: Env, item: OutboxItem): Promise<{ verdict: Verdict; reply: CallReply<unknown> }> {
  const key = outboxKey(item.client_id);
  env.storage.setJson(UNSENT_KEY, [...unsent(env.storage), item].slice(-MAX_UNSENT));
  try {
    return await settle(env, key, item, env.offline.put(STORES.outbox, key, item));
  } finally {
    env.storage.setJson(
      UNSENT_KEY,
      unsent(env.storage).filter((u) => u.client_id !== item.client_id),
    );
  }
}

/** Writes a closing page kept in env.storage go to the outbox (in the order they were made). */
async function adoptUnsent(env: Env): Promise<void> {
  const list = unsent(env.storage).filter((u) => !inFlightIds.has(u.client_id));
  if (list.length === 0) return;
  const waiting = new Set((await queued(env)).map((q) => q.item.client_id));
  for (const item of list) if (!waiting.has(item.client_id)) await enqueue(env, item);
  const moved = new Set(list.map((i) => i.client_id));
  env.storage.setJson(
    UNSENT_KEY,
    unsent(env.storage).filter((u) => !moved.has(u.client_id)),
  );
}

export interface FlushResult {
  sent: Queued[];
  dropped: Queued[];
  /** Items left in the outbox (a network failure stops the flush: the rest waits, in order). */
  kept: number;
}

const flushing = new WeakMap<Env, Promise<FlushResult>>();

/**
 * Sends the outbox in order, one write at a time; stops at the first one that has to wait (network, session), so
 * writes reach the server in the order they were made. One flush per environment at a time: a second call while
 * one runs gets the running one.
 */
export function flushOutbox(env: Env): Promise<FlushResult> {
  const running = flushing.get(env);
  if (running) return running;
  const p = (async (): Promise<FlushResult> => {
    const out: FlushResult = { sent: [], dropped: [], kept: 0 };
    await adoptUnsent(env);
    const all = await queued(env);
    for (let i = 0; i < all.length; i++) {
      const q = all[i] as Queued;
      if (inFlight.has(q.key)) continue;
      const { verdict } = await settle(env, q.key, q.item, Promise.resolve());
      if (verdict === 'sent') out.sent.push(q);
      else if (verdict === 'drop') out.dropped.push(q);
      else {
        out.kept = all.length - i;
        break;
      }
    }
    return out;
  })().finally(() => flushing.delete(env));
  flushing.set(env, p);
  return p;
}
