import { describe, expect, it, vi } from 'vitest';
import { createCall } from '../../src/api/client';
import { createHttp, type FetchLike, type HttpHooks } from '../../src/api/http';
import { progressReport } from '../../src/contract/courses';
import { computeSign } from '../../src/protocol/sign';

function setup() {
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
  const seen: { url: URL; init: RequestInit }[] = [];
  const fakeFetch: FetchLike = (url, init) => {
    seen.push({ url: new URL(url, 'http://app.test'), init });
    const text = JSON.stringify({ status: 0, code: 0, msg: 'ok', data: { ok: 1 } });
    return Promise.resolve({ status: 200, text: async () => text });
  };
  return { hooks, seen, call: createCall(createHttp(hooks, fakeFetch)) };
}

describe('keepalive calls (env.beacon: video progress on pause, page hide and unload)', () => {
  const body = { course_id: 7, video_id: 12, duration: 37, at: 1777622400000 };

  it('go out with fetch keepalive and every rule of a normal call: DeviceType, Bearer token, sign, JSON body', async () => {
    const t = setup();
    const res = await t.call(progressReport, body, { keepalive: true });
    expect(res.status).toBe(0);
    const sent = t.seen[0];
    expect(sent?.init.keepalive).toBe(true);
    expect(sent?.init.method).toBe('POST');
    expect(sent?.url.pathname).toBe('/api/course/progress');
    expect(sent?.init.headers).toMatchObject({ DeviceType: 'web', Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
    expect(sent?.url.searchParams.get('sign')).toBe(computeSign('sk', '/api/course/progress', body));
    expect(JSON.parse(String(sent?.init.body))).toEqual(body);
  });

  it('are not counted in flight (no loading overlay); normal calls are, and carry no keepalive', async () => {
    const t = setup();
    await t.call(progressReport, body, { keepalive: true });
    expect(t.hooks.onStart).not.toHaveBeenCalled();
    expect(t.hooks.onEnd).not.toHaveBeenCalled();
    await t.call(progressReport, body);
    expect(t.hooks.onStart).toHaveBeenCalledOnce();
    expect(t.seen[1]?.init.keepalive).toBeUndefined();
  });
});

describe('idempotent calls (order creation)', () => {
  it('send the key as the Idempotency-Key header, and only when given', async () => {
    const t = setup();
    const body = { course_id: 7, video_id: 12, duration: 37, at: 1777622400000 };
    await t.call(progressReport, body, { idempotencyKey: 'checkout-abc' });
    await t.call(progressReport, body);
    expect(t.seen[0]?.init.headers).toMatchObject({ 'Idempotency-Key': 'checkout-abc' });
    expect(t.seen[1]?.init.headers).not.toHaveProperty('Idempotency-Key');
  });
});
