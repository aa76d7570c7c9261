import { describe, expect, it, vi } from 'vitest';
import { createCall } from '../../src/api/client';
import { createHttp, type FetchLike, type HttpHooks } from '../../src/api/http';
import { news } from '../../src/contract/study-genus';
import { genusList } from '../../src/contract/subjects';
import { encryptJson } from '../../src/protocol/cipher';
import { computeSign } from '../../src/protocol/sign';

interface Sent {
  url: URL;
  init: RequestInit;
  headers: Record<string, string>;
  params: Record<string, string>;
}

function setup(reply: (sent: Sent) => { status: number; data: unknown } | Error | 'hang', timeoutMs = 30000) {
  const hooks: HttpHooks = {
    signKey: 'sk',
    encryptKey: 'ek',
    timeoutMs,
    token: vi.fn(() => 'tok'),
    onUnauthorized: vi.fn(),
    onSessionInvalid: vi.fn(),
    onStart: vi.fn(),
    onEnd: vi.fn(),
  };
  const seen: Sent[] = [];
  const fakeFetch: FetchLike = (url, init) => {
    const u = new URL(url, 'http://app.test');
    const sent: Sent = { url: u, init, headers: init.headers as Record<string, string>, params: Object.fromEntries(u.searchParams) };
    seen.push(sent);
    const r = reply(sent);
    if (r === 'hang') {
      return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    }
    if (r instanceof Error) return Promise.reject(r);
    const text = typeof r.data === 'string' ? r.data : JSON.stringify(r.data);
    return Promise.resolve({ status: r.status, text: async () => text });
  };
  const http = createHttp(hooks, fakeFetch);
  return { hooks, http, seen, call: createCall(http) };
}

const ok = (data: unknown) => ({ status: 200, data: { status: 0, msg: 'ok', code: 0, data } });

describe('every-request rules', () => {
  it('sends DeviceType web, the Bearer token and a sign over path and params', async () => {
    const t = setup(() => ok([]));
    await t.call(news, { genus_id: 1, category_id: 2, offset: 0, count: 10 });
    const c = t.seen[0];
    expect(c?.headers.DeviceType).toBe('web');
    expect(c?.headers.Authorization).toBe('Bearer tok');
    expect(c?.url.pathname).toBe('/api/genus/news');
    const { sign, ...rest } = c?.params ?? {};
    expect(rest).toEqual({ genus_id: '1', category_id: '2', offset: '0', count: '10' });
    expect(sign).toBe(computeSign('sk', '/api/genus/news', { genus_id: 1, category_id: 2, offset: 0, count: 10 }));
  });

  it('sends no sign when there are no params', async () => {
    const t = setup(() => ok([]));
    await t.call(genusList, {});
    expect(t.seen[0]?.params.sign).toBeUndefined();
  });

  it('POST sends the params as a JSON body and the sign in the query', async () => {
    const t = setup(() => ok({}));
    await t.call({ id: 'x.save', method: 'POST', host: 'platform', path: '/api/x', auth: 'none' }, { name: '林', tags: [1, 2] });
    const c = t.seen[0];
    expect(c?.init.method).toBe('POST');
    expect(c?.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(c?.init.body))).toEqual({ name: '林', tags: [1, 2] });
    expect(c?.params.sign).toBe(computeSign('sk', '/api/x', { name: '林', tags: [1, 2] }));
  });

  it('gives up after the timeout with the timeout message', async () => {
    const t = setup(() => 'hang', 20);
    const res = await t.call(genusList, {});
    expect(res).toMatchObject({ status: -1, msg: '请求超时，请稍后再试' });
    expect(t.hooks.onEnd).toHaveBeenCalledTimes(1);
  });

  it('HTTP 200 to 499 never throws; the envelope comes back', async () => {
    const t = setup(() => ({ status: 404, data: { status: 1, msg: '接口不存在', code: 4004, data: null } }));
    const res = await t.call(genusList, {});
    expect(res).toMatchObject({ status: 1, msg: '接口不存在' });
  });

  it('a 5xx or network failure resolves with status -1 and a Chinese message', async () => {
    const t = setup(() => ({ status: 502, data: 'bad gateway' }));
    const res = await t.call(genusList, {});
    expect(res.status).toBe(-1);
    expect(res.msg).toMatch(/网络/);
  });

  it('HTTP 401 clears the login', async () => {
    const t = setup(() => ({ status: 401, data: { status: 1, msg: '请先登录', code: 4010, data: null } }));
    await t.call(genusList, {});
    expect(t.hooks.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('envelope code 4440 triggers the session-invalid flow', async () => {
    const t = setup(() => ({ status: 200, data: { status: 1, msg: '登录已失效', code: 4440, data: null } }));
    await t.call(genusList, {});
    expect(t.hooks.onSessionInvalid).toHaveBeenCalledTimes(1);
    expect(t.hooks.onSessionInvalid).toHaveBeenCalledWith('登录已失效');
  });

  it('decrypts data.encrypt on HTTP 200 with status 0', async () => {
    const plain = [{ id: 1, name: '英语四六级', icon: '', description: '' }];
    const t = setup(() => ok({ encrypt: encryptJson('ek', plain, new Uint8Array(12)) }));
    const res = await t.call(genusList, {});
    expect(res.data).toEqual(plain);
  });

  it('does not decrypt when status is not 0', async () => {
    const t = setup(() => ({ status: 200, data: { status: 2, msg: 'x', code: 1, data: { encrypt: 'zzz' } } }));
    const res = await t.call(genusList, {});
    expect(res.data).toEqual({ encrypt: 'zzz' });
  });

  it('counts requests in flight up and down, failures included', async () => {
    const t = setup(() => new Error('offline'));
    await t.call(genusList, {});
    expect(t.hooks.onStart).toHaveBeenCalledTimes(1);
    expect(t.hooks.onEnd).toHaveBeenCalledTimes(1);
  });
});

describe('identical reads in flight (the course page: its player and its catalogue read the catalogue together)', () => {
  const q = { genus_id: 1, category_id: 2, offset: 0, count: 10 };

  it('share one request and one reply while the first is unanswered; each caller is counted in flight', async () => {
    const t = setup(() => ok([{ id: 1 }]));
    const [a, b] = await Promise.all([t.call(news, q), t.call(news, q)]);
    expect(t.seen).toHaveLength(1);
    expect(a).toEqual(b);
    expect(a.data).toEqual([{ id: 1 }]);
    expect(t.hooks.onStart).toHaveBeenCalledTimes(2);
    expect(t.hooks.onEnd).toHaveBeenCalledTimes(2);
  });

  it('ask again once answered, and for other params, another token or a write', async () => {
    let token = 'tok';
    const t = setup(() => ok([]));
    (t.hooks.token as ReturnType<typeof vi.fn>).mockImplementation(() => token);
    await t.call(news, q);
    await t.call(news, q);
    expect(t.seen).toHaveLength(2);
    const first = t.call(news, q);
    const other = t.call(news, { ...q, offset: 10 });
    token = 'after-login';
    const loggedIn = t.call(news, q);
    const save = { id: 'x.save', method: 'POST', host: 'platform', path: '/api/x', auth: 'none' } as const;
    await Promise.all([first, other, loggedIn, t.call(save, { a: 1 }), t.call(save, { a: 1 })]);
    expect(t.seen).toHaveLength(7);
    expect(t.seen[4]?.headers.Authorization).toBe('Bearer after-login');
  });

  it('a failure reaches every caller that shared it, and the next read asks again', async () => {
    let fail = true;
    const t = setup(() => (fail ? new Error('offline') : ok([])));
    const [a, b] = await Promise.all([t.call(news, q), t.call(news, q)]);
    expect([a.status, b.status]).toEqual([-1, -1]);
    expect(t.seen).toHaveLength(1);
    fail = false;
    expect((await t.call(news, q)).status).toBe(0);
  });
});
