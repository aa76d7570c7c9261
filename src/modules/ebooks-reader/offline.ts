/**
 * The reader's data on the device (env.offline, IndexedDB): opened and downloaded chapters, the last book detail and
 * bookmark list seen; and its writes that still have to reach the server (reading reports, bookmark adds and
 * removes) in env.outbox, which keeps them per user. Every queued write carries a client id, so sending it twice
 * (a retry after a lost reply, two tabs) is counted once by the server.
 */
import type { CallReply, Env, InputOfId, KeyValueStore, OutboxEntry, OutputOfId, Verdict } from '../../runtime/block-api';

export type Detail = OutputOfId<'ebook.detail'>;
export type Chapter = OutputOfId<'ebook.content'>;
export type ServerBookmark = OutputOfId<'ebook.bookmark_list'>[number];

export const STORES = {
  chapters: 'ebook-chapters',
  books: 'ebook-books',
  bookmarks: 'ebook-bookmarks',
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

/** The reader's entries in env.outbox: `ebook:<id>/…`, one per write, in the order they were made. */
const ALL_BOOKS = 'ebook:';
const bookPrefix = (ebookId: number) => `ebook:${ebookId}/`;

function writeOf(item: OutboxItem) {
  const base = { group: `ebook:${item.ebook_id}`, client_id: item.client_id, data: item };
  if (item.kind === 'read') return { ...base, endpoint: 'ebook.read' as const, input: item.input };
  if (item.kind === 'bookmark_add') return { ...base, endpoint: 'ebook.bookmark_add' as const, input: item.input };
  return { ...base, endpoint: 'ebook.bookmark_remove' as const, input: item.input };
}
const queuedOf = (e: OutboxEntry<OutboxItem>): Queued => ({ key: e.key, item: e.data });

/** Puts a write in the outbox for a later flush (one whose send already failed); answers its key. */
export async function enqueue(env: Env, item: OutboxItem): Promise<string> {
  return (await env.outbox.put(writeOf(item))).key;
}

/** The writes waiting (of one book when given), oldest first; only the logged-in user's. */
export async function queued(env: Env, ebookId?: number): Promise<Queued[]> {
  const entries = await env.outbox.list<OutboxItem>(ebookId === undefined ? ALL_BOOKS : bookPrefix(ebookId));
  return entries.map(queuedOf);
}

/** Takes a waiting write out (a pending bookmark removed before it was sent). */
export function unqueue(env: Env, clientId: string): Promise<void> {
  return env.outbox.remove(clientId);
}

/**
 * Puts a write in the outbox and sends it at once (a report made as the page is hidden or closed goes out before the
 * page freezes); it stays in the outbox only when it has to wait. If the page dies first, the next start sends it
 * again, counted once thanks to its client id.
 */
export async function queueAndSend(env: Env, item: OutboxItem): Promise<{ verdict: Verdict; reply: CallReply<unknown> }> {
  const { verdict, reply } = await env.outbox.send(writeOf(item));
  return { verdict, reply };
}

export interface FlushResult {
  sent: Queued[];
  dropped: Queued[];
  /** Items left in the outbox (a network failure stops the flush: the rest waits, in order). */
  kept: number;
}

/**
 * Sends the reader's waiting writes in order, one at a time; stops at the first one that has to wait (network,
 * session), so writes reach the server in the order they were made. A second call while one runs gets the running one.
 */
export function flushOutbox(env: Env): Promise<FlushResult> {
  const running = env.outbox.flush<OutboxItem>(ALL_BOOKS);
  const known = summaries.get(running);
  if (known) return known;
  const summary = running.then(({ results, kept }) => ({
    sent: results.filter((r) => r.verdict === 'sent').map((r) => queuedOf(r.entry)),
    dropped: results.filter((r) => r.verdict === 'drop').map((r) => queuedOf(r.entry)),
    kept,
  }));
  summaries.set(running, summary);
  return summary;
}

/** The summary of each running flush: callers that joined one flush get one result. */
const summaries = new WeakMap<Promise<unknown>, Promise<FlushResult>>();
