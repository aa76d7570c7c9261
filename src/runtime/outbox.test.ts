import { describe, expect, it } from 'vitest';
import { memoryOfflineStore, memoryStore } from '../../tests/support/fake-env';
import type { CallReply, Env, OutboxWrite } from './env';
import { createOutbox, OWNER_KEY, UNSENT_KEY } from './outbox';

const ok: CallReply<unknown> = { status: 0, code: 0, msg: 'ok', data: {} };
const offline: CallReply<unknown> = { status: -1, code: -1, msg: '网络异常，请检查网络后重试', data: null };
const noSession: CallReply<unknown> = { status: 1, code: 4010, msg: '请先登录', data: null };

/**
 * An outbox over memory stores, with a session that tests switch (`as`), and a server that records each write with
 * the user whose token it came with (the session's user at the time of the send).
 */
function device(reply: (id: string) => CallReply<unknown> = () => ok) {
  const session = { user: 'A' };
  const received: { user: string; id: string; client_id: string }[] = [];
  const offlineStore = memoryOfflineStore();
  const storage = memoryStore();
  const beacon = (async (id: string, input: { client_id?: string; n?: string }) => {
    const r = reply(id);
    if (r.status === 0) received.push({ user: session.user, id, client_id: String(input.client_id) });
    return r;
  }) as unknown as Env['beacon'];
  const outbox = createOutbox({ offline: offlineStore, storage, beacon, user: () => session.user });
  const as = (user: string) => {
    session.user = user;
  };
  return { outbox, as, received, storage, offlineStore, session };
}

const write = (client_id: string, group = 'ebook:1', slot?: string): OutboxWrite<'ebook.bookmark_remove', { n: string }> => ({
  group,
  slot,
  client_id,
  endpoint: 'ebook.bookmark_remove',
  input: { id: 1, client_id } as unknown as OutboxWrite<'ebook.bookmark_remove'>['input'],
  data: { n: client_id },
});

describe('env.outbox', () => {
  it('tags every entry with the user who wrote it and lists only theirs', async () => {
    const d = device();
    await d.outbox.put(write('a-1'));
    d.as('B');
    await d.outbox.put(write('b-1'));
    expect((await d.outbox.list()).map((e) => [e.client_id, e.user])).toEqual([['b-1', 'B']]);
    d.as('A');
    expect((await d.outbox.list()).map((e) => [e.client_id, e.user])).toEqual([['a-1', 'A']]);
  });

  it("flushes only the logged-in user's entries, in order; another user's wait for that user's next login", async () => {
    let net = false;
    const d = device(() => (net ? ok : offline));
    // A writes offline, then logs out; B logs in and writes too.
    expect((await d.outbox.send(write('a-1'))).verdict).toBe('keep');
    await d.outbox.put(write('a-2', 'question:5', '11'));
    d.outbox.signedOut();
    d.as('');
    d.as('B');
    await d.outbox.put(write('b-1'));
    net = true;
    const b = await d.outbox.flush();
    expect(b.results.map((r) => r.entry.client_id)).toEqual(['b-1']);
    expect(d.received).toEqual([{ user: 'B', id: 'ebook.bookmark_remove', client_id: 'b-1' }]);
    expect(await d.outbox.list()).toEqual([]);
    // A logs in again: A's writes go out, in the order they were made, under A's token.
    d.as('A');
    expect((await d.outbox.flush()).results.map((r) => r.verdict)).toEqual(['sent', 'sent']);
    expect(d.received.slice(1)).toEqual([
      { user: 'A', id: 'ebook.bookmark_remove', client_id: 'a-1' },
      { user: 'A', id: 'ebook.bookmark_remove', client_id: 'a-2' },
    ]);
    expect(await d.offlineStore.list('outbox')).toEqual([]);
  });

  it('writes made after the session ran out (no logout) stay the last user’s; after a logout they are nobody’s', async () => {
    const d = device(() => noSession);
    d.as('A');
    await d.outbox.put(write('a-1'));
    d.as(''); // the token expired, or the server answered 4440
    expect((await d.outbox.send(write('a-2'))).verdict).toBe('keep');
    expect(d.storage.get(OWNER_KEY)).toBe('A');
    expect((await d.outbox.list()).map((e) => [e.client_id, e.user])).toEqual([
      ['a-1', 'A'],
      ['a-2', 'A'],
    ]);
    // Nobody logged in: A's entries are not sent without A's token.
    expect((await d.outbox.flush()).results).toEqual([]);
    // An explicit logout: what is written next belongs to nobody, and goes out under the next login.
    d.outbox.signedOut();
    await d.outbox.put(write('x-1'));
    expect((await d.outbox.list()).map((e) => [e.client_id, e.user])).toEqual([['x-1', '']]);
    d.as('B');
    expect((await d.outbox.list()).map((e) => e.client_id)).toEqual(['x-1']);
  });

  it('keeps an entry refused for a missing session (4010) until the same user is logged in again', async () => {
    let session = false;
    const d = device(() => (session ? ok : noSession));
    await d.outbox.put(write('a-1'));
    expect((await d.outbox.flush()).kept).toBe(1);
    d.as('B');
    session = true;
    expect((await d.outbox.flush()).results).toEqual([]);
    d.as('A');
    expect((await d.outbox.flush()).results.map((r) => r.verdict)).toEqual(['sent']);
    expect(d.received.map((r) => r.user)).toEqual(['A']);
  });

  it('stops a flush when another user logs in while it runs', async () => {
    const d = device();
    await d.outbox.put(write('a-1'));
    await d.outbox.put(write('a-2'));
    const beaconed: string[] = [];
    const slow = createOutbox({
      offline: d.offlineStore,
      storage: d.storage,
      beacon: (async (_id: string, input: { client_id: string }) => {
        beaconed.push(input.client_id);
        d.as('B'); // the first send's reply arrives after B logged in
        return ok;
      }) as unknown as Env['beacon'],
      user: () => d.session.user,
    });
    const res = await slow.flush();
    expect(beaconed).toEqual(['a-1']);
    expect(res.kept).toBe(1);
    d.as('A');
    expect((await slow.list()).map((e) => e.client_id)).toEqual(['a-2']);
  });

  it('one entry per slot: a newer write replaces a waiting one, and only its own reply settles it', async () => {
    const d = device(() => offline);
    await d.outbox.send(write('q-1', 'question:5', '11'));
    await d.outbox.send(write('q-2', 'question:5', '11'));
    expect((await d.outbox.list('question:5/')).map((e) => e.client_id)).toEqual(['q-2']);
    await d.outbox.clear('question:5/');
    expect(await d.outbox.list()).toEqual([]);
    expect(d.storage.get(UNSENT_KEY)).toBeNull();
  });

  it('without IndexedDB a kept write stays in storage and is sent by a later flush', async () => {
    let net = false;
    const d = device(() => (net ? ok : offline));
    const broken = createOutbox({
      offline: { get: async () => null, put: async () => false, delete: async () => {}, list: async () => [] },
      storage: d.storage,
      beacon: (async (id: string, input: { client_id: string }) => {
        if (!net) return offline;
        d.received.push({ user: d.session.user, id, client_id: input.client_id });
        return ok;
      }) as unknown as Env['beacon'],
      user: () => d.session.user,
    });
    expect((await broken.send(write('a-1'))).verdict).toBe('keep');
    expect((await broken.list()).map((e) => e.client_id)).toEqual(['a-1']);
    net = true;
    expect((await broken.flush()).results.map((r) => r.verdict)).toEqual(['sent']);
    expect(d.received.map((r) => r.client_id)).toEqual(['a-1']);
    expect(d.storage.get(UNSENT_KEY)).toBeNull();
  });
});
