import { describe, expect, it, type Mock, vi } from 'vitest';
import { fakeEnv } from '../../../tests/support/fake-env';
import type { CallReply } from '../../runtime/block-api';
import { OUTBOX_STORE, UNSENT_KEY } from '../../runtime/outbox';
import { newClientId, verdictOf } from '../../runtime/outbox-rules';
import { enqueue, flushOutbox, type OutboxItem, queueAndSend, queued } from './offline';

const ok = (data: unknown = {}): CallReply<unknown> => ({ status: 0, code: 0, msg: 'ok', data });
const offline: CallReply<unknown> = { status: -1, code: -1, msg: '网络异常，请检查网络后重试', data: null };
const refused = (code: number, msg: string): CallReply<unknown> => ({ status: 1, code, msg, data: null });

const read = (n: number): OutboxItem => {
  const client_id = `read-client-${n}`;
  return {
    kind: 'read',
    ebook_id: 1,
    client_id,
    input: { ebook_id: 1, chapter_id: 2, duration: n, anchor_point: { chapter_id: 2, span: n, offset: 0 }, at: 1000 + n, client_id },
  };
};
const addMark = (n: number): OutboxItem => {
  const client_id = `mark-client-${n}`;
  return {
    kind: 'bookmark_add',
    ebook_id: 1,
    client_id,
    input: { ebook_id: 1, ebook_chapter_id: 2, anchor_point: { chapter_id: 2, span: n, offset: 3 }, client_id },
    chapter_title: '第一章',
    preview: '很多同学',
    fraction: 0.1,
  };
};

/** An environment whose server answers each endpoint from a list of replies, in order, and records what it got. */
function server(replies: Record<string, CallReply<unknown>[]>) {
  const sent: { id: string; input: Record<string, unknown> }[] = [];
  const env = fakeEnv();
  (env.beacon as unknown as Mock).mockImplementation(async (id: string, input: unknown) => {
    sent.push({ id, input: input as Record<string, unknown> });
    return replies[id]?.shift() ?? ok();
  });
  return { env, sent };
}

describe('the offline queue', () => {
  it('sends each queued item once, in the order they were made, and empties the outbox', async () => {
    const { env, sent } = server({});
    await enqueue(env, read(1));
    await enqueue(env, addMark(1));
    await enqueue(env, read(2));
    await enqueue(env, { kind: 'bookmark_remove', ebook_id: 1, client_id: 'rm-client-1', input: { id: 7 } });
    // Two flushes at once (the online event and the reader starting) are one flush.
    const [a, b] = await Promise.all([flushOutbox(env), flushOutbox(env)]);
    expect(a).toBe(b);
    expect(sent.map((s) => [s.id, s.input.client_id ?? s.input.id])).toEqual([
      ['ebook.read', 'read-client-1'],
      ['ebook.bookmark_add', 'mark-client-1'],
      ['ebook.read', 'read-client-2'],
      ['ebook.bookmark_remove', 7],
    ]);
    expect(a.sent).toHaveLength(4);
    expect(await queued(env)).toEqual([]);
    await flushOutbox(env);
    expect(sent).toHaveLength(4);
  });

  it('drops an item the server refused with a 4xx and goes on with the next', async () => {
    const { env, sent } = server({ 'ebook.bookmark_add': [refused(4030, '该章节需购买电子书后阅读')] });
    await enqueue(env, addMark(1));
    await enqueue(env, read(1));
    const res = await flushOutbox(env);
    expect(res.dropped.map((q) => q.item.client_id)).toEqual(['mark-client-1']);
    expect(res.sent.map((q) => q.item.client_id)).toEqual(['read-client-1']);
    expect(sent).toHaveLength(2);
    expect(await queued(env)).toEqual([]);
  });

  it('keeps items on a network failure (and everything after them, in order) until the next flush', async () => {
    const { env, sent } = server({ 'ebook.read': [ok(), offline] });
    await enqueue(env, read(1));
    await enqueue(env, read(2));
    await enqueue(env, addMark(1));
    const first = await flushOutbox(env);
    expect(first.sent.map((q) => q.item.client_id)).toEqual(['read-client-1']);
    expect(first.kept).toBe(2);
    expect((await queued(env)).map((q) => q.item.client_id)).toEqual(['read-client-2', 'mark-client-1']);
    expect(sent).toHaveLength(2);
    // Back online: the rest goes, with the same client ids (the server counts a repeated one once).
    const second = await flushOutbox(env);
    expect(second.sent.map((q) => q.item.client_id)).toEqual(['read-client-2', 'mark-client-1']);
    expect(sent.map((s) => s.input.client_id)).toEqual(['read-client-1', 'read-client-2', 'read-client-2', 'mark-client-1']);
    expect(await queued(env)).toEqual([]);
  });

  it('keeps items while the session is missing or the server is busy; drops on bad input', () => {
    expect(verdictOf(offline)).toBe('keep');
    expect(verdictOf(refused(4010, '请先登录'))).toBe('keep');
    expect(verdictOf(refused(4440, '登录已失效'))).toBe('keep');
    expect(verdictOf(refused(4029, '操作太频繁'))).toBe('keep');
    expect(verdictOf(refused(4000, '参数 anchor_point.span 超出本章段落数'))).toBe('drop');
    expect(verdictOf(refused(4004, '书签 id 7 不存在'))).toBe('drop');
    expect(verdictOf(ok())).toBe('sent');
  });

  it('a report is written to the outbox and sent at once; it stays there only when the network failed', async () => {
    const { env } = server({ 'ebook.read': [offline, ok()] });
    const put = vi.spyOn(env.offline, 'put');
    const failed = await queueAndSend(env, read(1));
    expect(failed.verdict).toBe('keep');
    expect(put).toHaveBeenCalledWith(
      OUTBOX_STORE,
      expect.stringContaining('read-client-1'),
      expect.objectContaining({ user: '1', data: expect.objectContaining({ kind: 'read' }) }),
    );
    expect((await queued(env)).map((q) => q.item.client_id)).toEqual(['read-client-1']);
    // Settled: the synchronous env.storage copy is gone (the outbox holds what is left).
    expect(env.storage.getJson(UNSENT_KEY, null)).toBeNull();
    const sent = await queueAndSend(env, read(2));
    expect(sent.verdict).toBe('sent');
    expect((await queued(env)).map((q) => q.item.client_id)).toEqual(['read-client-1']);
  });

  it('a report whose page closed before anything settled (kept in env.storage) is sent by the next start, once', async () => {
    const { env, sent } = server({});
    const key = await enqueue(env, read(7));
    // The storage copy of a page that died; the outbox write finished too: still one send.
    env.storage.setJson(UNSENT_KEY, [await env.offline.get(OUTBOX_STORE, key)]);
    await flushOutbox(env);
    expect(sent.map((s) => s.input.client_id)).toEqual(['read-client-7']);
    expect(env.storage.getJson(UNSENT_KEY, null)).toBeNull();
    expect(await queued(env)).toEqual([]);
    // Only the storage copy (the outbox write never finished): sent once too.
    const only = await enqueue(env, read(8));
    env.storage.setJson(UNSENT_KEY, [await env.offline.get(OUTBOX_STORE, only)]);
    await env.offline.delete(OUTBOX_STORE, only);
    await flushOutbox(env);
    expect(sent.map((s) => s.input.client_id)).toEqual(['read-client-7', 'read-client-8']);
    expect(env.storage.getJson(UNSENT_KEY, null)).toBeNull();
    expect(await queued(env)).toEqual([]);
  });

  it('makes client ids the contract accepts, all different', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newClientId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
