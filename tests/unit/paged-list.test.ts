import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../src/i18n';
import { getList, listKey, loadPage, type PageReply, resetListsFor } from '../../src/state/paged-list';

interface Item {
  id: number;
}

/** A fetcher whose replies the test settles by hand. */
function fakeFetcher() {
  const calls: { offset: number; count: number; resolve(r: PageReply<Item>): void; reject(e: unknown): void }[] = [];
  const fetch = (offset: number, count: number) =>
    new Promise<PageReply<Item>>((resolve, reject) => {
      calls.push({ offset, count, resolve, reject });
    });
  const call = (i: number) => {
    const c = calls[i];
    if (!c) throw new Error(`no call #${i}`);
    return c;
  };
  return { fetch, calls, call };
}

const ok = (from: number, n: number): PageReply<Item> => ({
  status: 0,
  msg: '',
  data: Array.from({ length: n }, (_, i) => ({ id: from + i })),
});
const ids = (key: string) => getList<Item>(key).items.map((it) => it.id);
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

/** Fills the list under `key` with `n` items (one reply of n items, page size `pageSize`). */
async function fill(key: string, n: number, pageSize: number) {
  const f = fakeFetcher();
  const p = loadPage(key, f.fetch, { offset: 0, pageSize });
  f.call(0).resolve(ok(0, n));
  await p;
}

const KEY = listKey('news', 1, 2);

afterEach(() => resetListsFor());

describe('paged list store', () => {
  it('keys a list by name, genus and category', () => {
    expect(listKey('news', 1, 2)).toBe('news:1:2');
    expect(listKey('course', null, null)).toBe('course:null:null');
    expect(getList(KEY)).toBe(getList(KEY));
    expect(getList(KEY)).toEqual({ items: [], loading: false, loaded: false, error: '', errorCode: 0 });
  });

  it('tracks loading while a request runs and stores the page on status 0', async () => {
    const f = fakeFetcher();
    const p = loadPage(KEY, f.fetch, { offset: 0, pageSize: 10 });
    expect(getList(KEY).loading).toBe(true);
    expect(f.calls).toHaveLength(1);
    expect(f.call(0)).toMatchObject({ offset: 0, count: 10 });
    f.call(0).resolve(ok(0, 10));
    expect(await p).toBe('loaded');
    expect(getList(KEY)).toMatchObject({ loading: false, loaded: false, error: '' });
    expect(ids(KEY)).toEqual(range(0, 10));
  });

  it('skips a load while a request runs (fetch is called once)', async () => {
    const f = fakeFetcher();
    const first = loadPage(KEY, f.fetch, { offset: 0, pageSize: 10 });
    expect(await loadPage(KEY, f.fetch, { offset: 0, pageSize: 10 })).toBe('skipped');
    expect(await loadPage(KEY, f.fetch, { offset: 10, pageSize: 10 })).toBe('skipped');
    expect(f.calls).toHaveLength(1);
    f.call(0).resolve(ok(0, 10));
    expect(await first).toBe('loaded');
    expect(ids(KEY)).toEqual(range(0, 10));
  });

  it('skips a load when all is loaded', async () => {
    await fill(KEY, 4, 10);
    expect(getList(KEY).loaded).toBe(true);
    const f = fakeFetcher();
    expect(await loadPage(KEY, f.fetch, { offset: 4, pageSize: 10 })).toBe('skipped');
    expect(await loadPage(KEY, f.fetch, { pageSize: 10 })).toBe('skipped');
    expect(f.calls).toHaveLength(0);
    expect(getList(KEY).loading).toBe(false);
  });

  it('skips a load when the requested range is already held', async () => {
    await fill(KEY, 20, 20);
    const f = fakeFetcher();
    expect(await loadPage(KEY, f.fetch, { offset: 0, pageSize: 10 })).toBe('skipped');
    expect(await loadPage(KEY, f.fetch, { offset: 10, pageSize: 10 })).toBe('skipped');
    expect(f.calls).toHaveLength(0);
    expect(getList(KEY).loading).toBe(false);
    // One past the held range is not held: it loads.
    const p = loadPage(KEY, f.fetch, { offset: 11, pageSize: 10 });
    expect(f.calls).toHaveLength(1);
    f.call(0).resolve(ok(20, 10));
    expect(await p).toBe('loaded');
  });

  it('continues from the held length when the offset lies inside the held items', async () => {
    await fill(KEY, 20, 20);
    const f = fakeFetcher();
    const p = loadPage(KEY, f.fetch, { offset: 15, pageSize: 10 });
    expect(f.calls).toHaveLength(1);
    expect(f.call(0)).toMatchObject({ offset: 20, count: 10 });
    f.call(0).resolve(ok(20, 10));
    expect(await p).toBe('loaded');
    expect(ids(KEY)).toEqual(range(0, 30));
  });

  it('loads the next page from the held length when no offset is given', async () => {
    await fill(KEY, 10, 10);
    const f = fakeFetcher();
    const p = loadPage(KEY, f.fetch, { pageSize: 10 });
    expect(f.call(0)).toMatchObject({ offset: 10, count: 10 });
    f.call(0).resolve(ok(10, 10));
    await p;
    expect(ids(KEY)).toEqual(range(0, 20));
  });

  it('marks the list loaded on a reply shorter than the page size, not on a full one', async () => {
    const f = fakeFetcher();
    const p1 = loadPage(KEY, f.fetch, { offset: 0, pageSize: 10 });
    f.call(0).resolve(ok(0, 10));
    await p1;
    expect(getList(KEY).loaded).toBe(false);
    const p2 = loadPage(KEY, f.fetch, { pageSize: 10 });
    f.call(1).resolve(ok(10, 9));
    expect(await p2).toBe('loaded');
    expect(getList(KEY).loaded).toBe(true);
    expect(ids(KEY)).toEqual(range(0, 19));
  });

  it('marks the list loaded on an empty or null reply', async () => {
    const f = fakeFetcher();
    const p = loadPage(KEY, f.fetch, { offset: 0, pageSize: 10 });
    f.call(0).resolve({ status: 0, msg: '', data: null });
    expect(await p).toBe('loaded');
    expect(getList(KEY)).toMatchObject({ items: [], loaded: true, loading: false });
  });

  it('forceUpdate with offset 0 resets the list and reloads from 0, even while loaded', async () => {
    await fill(KEY, 5, 10);
    expect(getList(KEY).loaded).toBe(true);
    const f = fakeFetcher();
    const p = loadPage(KEY, f.fetch, { offset: 0, pageSize: 10, forceUpdate: true });
    expect(getList(KEY)).toMatchObject({ items: [], loaded: false, loading: true });
    expect(f.calls).toHaveLength(1);
    expect(f.call(0)).toMatchObject({ offset: 0, count: 10 });
    f.call(0).resolve({ status: 0, msg: '', data: [{ id: 100 }, { id: 101 }] });
    expect(await p).toBe('loaded');
    expect(ids(KEY)).toEqual([100, 101]);
    expect(getList(KEY).loaded).toBe(true);
  });

  it('forceUpdate without an offset means offset 0', async () => {
    await fill(KEY, 20, 20);
    const f = fakeFetcher();
    const p = loadPage(KEY, f.fetch, { pageSize: 10, forceUpdate: true });
    expect(f.call(0)).toMatchObject({ offset: 0, count: 10 });
    f.call(0).resolve(ok(50, 10));
    await p;
    expect(ids(KEY)).toEqual(range(50, 10));
  });

  it('forceUpdate with offset 0 supersedes a running request, whose reply is dropped', async () => {
    const f = fakeFetcher();
    const stale = loadPage(KEY, f.fetch, { offset: 0, pageSize: 10 });
    const fresh = loadPage(KEY, f.fetch, { offset: 0, pageSize: 10, forceUpdate: true });
    expect(f.calls).toHaveLength(2);
    f.call(1).resolve(ok(100, 10));
    expect(await fresh).toBe('loaded');
    f.call(0).resolve(ok(0, 3));
    expect(await stale).toBe('skipped');
    expect(ids(KEY)).toEqual(range(100, 10));
    expect(getList(KEY)).toMatchObject({ loading: false, loaded: false });
  });

  it('stores data only on status 0: a failure keeps the items, clears loading and records the message', async () => {
    await fill(KEY, 10, 10);
    const f = fakeFetcher();
    const p = loadPage(KEY, f.fetch, { pageSize: 10 });
    f.call(0).resolve({ status: 1, msg: '服务器繁忙', data: [{ id: 999 }] });
    expect(await p).toBe('failed');
    expect(ids(KEY)).toEqual(range(0, 10));
    expect(getList(KEY)).toMatchObject({ loading: false, loaded: false, error: '服务器繁忙' });

    // A retry is allowed after a failure and clears the error.
    const retry = loadPage(KEY, f.fetch, { pageSize: 10 });
    expect(getList(KEY)).toMatchObject({ loading: true, error: '' });
    expect(f.call(1)).toMatchObject({ offset: 10, count: 10 });
    f.call(1).resolve(ok(10, 10));
    expect(await retry).toBe('loaded');
    expect(ids(KEY)).toEqual(range(0, 20));
  });

  it('a failure without a message or a thrown fetch still records an error', async () => {
    const f = fakeFetcher();
    const p1 = loadPage(KEY, f.fetch, { offset: 0, pageSize: 10 });
    f.call(0).resolve({ status: -1, msg: '', data: null });
    expect(await p1).toBe('failed');
    expect(getList(KEY).error).toBe(i18n.network.failed);
    const p2 = loadPage(KEY, f.fetch, { offset: 0, pageSize: 10 });
    f.call(1).reject(new Error('boom'));
    expect(await p2).toBe('failed');
    expect(getList(KEY)).toMatchObject({ loading: false, loaded: false, items: [], error: i18n.network.failed });
  });

  it('lists of different genus or category are independent', async () => {
    const a = listKey('news', 1, 2);
    const b = listKey('news', 1, 3);
    const c = listKey('news', 4, 2);
    const f = fakeFetcher();
    const pa = loadPage(a, f.fetch, { offset: 0, pageSize: 10 });
    // a's running request does not block b or c.
    const pb = loadPage(b, f.fetch, { offset: 0, pageSize: 10 });
    const pc = loadPage(c, f.fetch, { offset: 0, pageSize: 10 });
    expect(f.calls).toHaveLength(3);
    f.call(0).resolve(ok(0, 10));
    f.call(1).resolve(ok(100, 2));
    f.call(2).resolve({ status: 1, msg: 'x', data: null });
    expect(await Promise.all([pa, pb, pc])).toEqual(['loaded', 'loaded', 'failed']);
    expect(ids(a)).toEqual(range(0, 10));
    expect(getList(a)).toMatchObject({ loaded: false, error: '' });
    expect(ids(b)).toEqual([100, 101]);
    expect(getList(b)).toMatchObject({ loaded: true, error: '' });
    expect(getList(c)).toMatchObject({ items: [], loaded: false, error: 'x' });
  });

  it('resetListsFor drops matching lists only and discards their in-flight replies', async () => {
    const news1 = listKey('news', 1, 2);
    const news2 = listKey('news', 3, 4);
    const course = listKey('course', 1, 2);
    await fill(news1, 3, 10);
    await fill(course, 3, 10);
    const f = fakeFetcher();
    const held = getList<Item>(news2);
    const inflight = loadPage(news2, f.fetch, { offset: 0, pageSize: 10 });

    resetListsFor('news');
    expect(held).toMatchObject({ items: [], loading: false, loaded: false });
    f.call(0).resolve(ok(0, 10));
    expect(await inflight).toBe('skipped');
    expect(held.items).toEqual([]);
    expect(getList(news2)).not.toBe(held);
    expect(getList(news1)).toMatchObject({ items: [], loaded: false });
    expect(ids(course)).toEqual([0, 1, 2]);

    resetListsFor(course);
    expect(getList(course).items).toEqual([]);
  });

  it('rejects a page size that is not a positive integer', async () => {
    const f = fakeFetcher();
    await expect(loadPage(KEY, f.fetch, { pageSize: 0 })).rejects.toThrow(RangeError);
    expect(f.calls).toHaveLength(0);
  });
});
