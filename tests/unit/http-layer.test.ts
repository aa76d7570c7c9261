import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createCall } from '../../src/api/client';
import { createHttp, type HttpHooks } from '../../src/api/http';
import { genusList, news } from '../../src/contract/genus';
import { encryptJson } from '../../src/protocol/cipher';
import { computeSign } from '../../src/protocol/sign';

function setup(reply: (config: InternalAxiosRequestConfig) => { status: number; data: unknown } | Error) {
  const hooks: HttpHooks = {
    signKey: 'sk',
    encryptKey: 'ek',
    timeoutMs: 30000,
    token: vi.fn(() => 'tok'),
    onUnauthorized: vi.fn(),
    onSessionInvalid: vi.fn(),
    onStart: vi.fn(),
    onEnd: vi.fn(),
  };
  const http = createHttp(hooks);
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const r = reply(config);
    if (r instanceof Error) throw r;
    const response = { status: r.status, statusText: '', data: r.data, headers: {}, config };
    const ok = config.validateStatus ? config.validateStatus(r.status) : true;
    if (!ok) throw Object.assign(new Error(`HTTP ${r.status}`), { response, config });
    return response;
  };
  http.defaults.adapter = adapter;
  return { hooks, http, seen, call: createCall(http) };
}

const ok = (data: unknown) => ({ status: 200, data: { status: 0, msg: 'ok', code: 0, data } });

describe('every-request rules', () => {
  it('sends DeviceType web, the Bearer token, a 30 s timeout and a sign over path and params', async () => {
    const t = setup(() => ok([]));
    await t.call(news, { genus_id: 1, category_id: 2, offset: 0, count: 10 });
    const c = t.seen[0];
    expect(c?.headers.get('DeviceType')).toBe('web');
    expect(c?.headers.get('Authorization')).toBe('Bearer tok');
    expect(c?.timeout).toBe(30000);
    const params = c?.params as Record<string, unknown>;
    const { sign, ...rest } = params;
    expect(sign).toBe(computeSign('sk', '/api/genus/news', rest));
  });

  it('sends no sign when there are no params', async () => {
    const t = setup(() => ok([]));
    await t.call(genusList, {});
    expect((t.seen[0]?.params as Record<string, unknown> | undefined)?.sign).toBeUndefined();
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
