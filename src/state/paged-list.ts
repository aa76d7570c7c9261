import { proxy } from 'valtio';
import { i18n } from '../i18n';

/**
 * Paged lists (spec §4 "Paged lists"). Each list is a valtio proxy keyed by a list name plus the
 * subject (genus and category), so lists of different subjects never mix.
 */
export interface PagedList<T> {
  /** The held items, contiguous from offset 0. */
  items: T[];
  /** A request for this list is running. */
  loading: boolean;
  /** The server has no more items (a reply was shorter than the page size). */
  loaded: boolean;
  /** Message of the last failed load ('' when the last load did not fail). */
  error: string;
  /** Envelope code of the last failed load (0 when it did not fail; -1 network): 4000 tells a bad value in the link. */
  errorCode: number;
}

/** The part of a response envelope a page load reads. `status` 0 is success. */
export interface PageReply<T> {
  status: number;
  /** The envelope code (4004 not found, 4000 bad input); absent counts as -1 on a failure. */
  code?: number;
  msg: string;
  data: T[] | null;
}

export type PageFetcher<T> = (offset: number, count: number) => Promise<PageReply<T>>;

export interface LoadPageOptions {
  /** First index wanted; defaults to the held length (the next page), or 0 with `forceUpdate`. */
  offset?: number;
  pageSize: number;
  /** With offset 0: drop the held items and the loaded flag, then load from 0 (even while loaded or loading). */
  forceUpdate?: boolean;
}

/** 'loaded': a page was stored; 'skipped': nothing was fetched or the reply was superseded; 'failed': non-0 status. */
export type LoadOutcome = 'loaded' | 'skipped' | 'failed';

const lists = new Map<string, PagedList<unknown>>();
/** Bumped on every reset so that a reply to an earlier request is discarded. */
const generations = new WeakMap<object, number>();

function generationOf(list: object): number {
  return generations.get(list) ?? 0;
}

function clear(list: PagedList<unknown>): void {
  generations.set(list, generationOf(list) + 1);
  list.items = [];
  list.loading = false;
  list.loaded = false;
  list.error = '';
  list.errorCode = 0;
}

/** The key of a list: `${name}:${genus_id}:${category_id}`. */
export function listKey(name: string, genusId: number | null, categoryId: number | null): string {
  return `${name}:${genusId}:${categoryId}`;
}

/** The list under `key` (a valtio proxy), created empty on first use. */
export function getList<T>(key: string): PagedList<T> {
  let list = lists.get(key);
  if (!list) {
    list = proxy<PagedList<unknown>>({ items: [], loading: false, loaded: false, error: '', errorCode: 0 });
    lists.set(key, list);
  }
  return list as PagedList<T>;
}

/**
 * Loads one page into the list under `key`:
 * - skipped while a request runs or when all is loaded;
 * - skipped when the requested range `[offset, offset + pageSize)` is already held;
 * - otherwise fetches `pageSize` items from the held length (so an offset inside the held items continues from there);
 * - a reply shorter than `pageSize` marks the list loaded;
 * - data is stored only when `status` is 0; a failure keeps the items and records `error` (the server `msg`);
 * - `forceUpdate` with offset 0 resets the list first and supersedes any running request.
 */
export async function loadPage<T>(key: string, fetch: PageFetcher<T>, opts: LoadPageOptions): Promise<LoadOutcome> {
  const { pageSize, forceUpdate = false } = opts;
  if (!Number.isInteger(pageSize) || pageSize <= 0) throw new RangeError(`pageSize must be a positive integer: ${pageSize}`);
  const list = getList<T>(key);
  const offset = opts.offset ?? (forceUpdate ? 0 : list.items.length);

  if (forceUpdate && offset === 0) {
    clear(list as PagedList<unknown>);
  } else {
    if (list.loading || list.loaded) return 'skipped';
    if (offset + pageSize <= list.items.length) return 'skipped';
  }

  const generation = generationOf(list);
  const from = list.items.length;
  list.loading = true;
  list.error = '';
  list.errorCode = 0;

  let reply: PageReply<T>;
  try {
    reply = await fetch(from, pageSize);
  } catch {
    reply = { status: -1, msg: i18n.network.failed, data: null };
  }

  // The list was reset (forceUpdate or resetListsFor) while this request ran: its reply is stale.
  if (generationOf(list) !== generation) return 'skipped';

  list.loading = false;
  if (reply.status !== 0) {
    list.error = reply.msg || i18n.network.failed;
    list.errorCode = reply.code ?? -1;
    return 'failed';
  }
  const page = Array.isArray(reply.data) ? reply.data : [];
  list.items.push(...page);
  if (page.length < pageSize) list.loaded = true;
  return 'loaded';
}

/**
 * Drops lists: all of them without an argument, else those whose key equals `prefix` or starts with `${prefix}:`
 * (a list name, `name:genus`, or a full key). A dropped list is emptied in place (so subscribers re-render),
 * replies still in flight for it are discarded, and the next `getList` creates a fresh one.
 */
export function resetListsFor(prefix?: string): void {
  for (const [key, list] of lists) {
    if (prefix === undefined || key === prefix || key.startsWith(`${prefix}:`)) {
      clear(list);
      lists.delete(key);
    }
  }
}
