import crypto from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexTime, newUs, type QueryLike, signDir, signedUrl, streamDir, verifySigned } from '../../src/server/providers/video/key-sign';
import { normalizePrefix, TencentVodProvider } from '../../src/server/providers/video/tencent-vod';

const KEY = 'test-key-123';
const DIR = '/vod/sample/lesson-a/';
const T = 1_800_000_000; // 0x6b49d200
const query = (url: string) => new URL(url, 'http://x').searchParams;

describe('Tencent VOD key hotlink signature (Key 防盗链)', () => {
  it('sign = md5(KEY + Dir + t + us), t the expiry in lowercase hex', () => {
    expect(hexTime(T)).toBe('6b49d200');
    expect(hexTime(0x5e0f_ab12)).toBe('5e0fab12');
    const expected = crypto.createHash('md5').update('test-key-123/vod/sample/lesson-a/6b49d200u7-abc').digest('hex');
    expect(signDir(KEY, DIR, T, 'u7-abc')).toEqual({ t: '6b49d200', us: 'u7-abc', sign: expected });
    expect(signedUrl('https://vod.example.com', DIR, 'index.m3u8', KEY, T, 'u7-abc')).toBe(
      `https://vod.example.com/vod/sample/lesson-a/index.m3u8?t=6b49d200&us=u7-abc&sign=${expected}`,
    );
  });

  it('us names the viewer or is anonymous, with a random part', () => {
    expect(newUs(42)).toMatch(/^u42-[0-9a-f]{12}$/);
    expect(newUs(null)).toMatch(/^anon-[0-9a-f]{12}$/);
    expect(newUs(1)).not.toBe(newUs(1));
  });

  it('verifies until t inclusive, then refuses as expired', () => {
    const q = query(signedUrl('', DIR, 'seg-003.ts', KEY, T, 'u1-x'));
    expect(verifySigned(KEY, DIR, q, T - 7200)).toEqual({ ok: true });
    expect(verifySigned(KEY, DIR, q, T)).toEqual({ ok: true });
    expect(verifySigned(KEY, DIR, q, T + 1)).toEqual({ ok: false, reason: 'expired' });
    // A parsed query object (Fastify's) works the same.
    expect(verifySigned(KEY, DIR, Object.fromEntries(q), T)).toEqual({ ok: true });
  });

  it('refuses a tampered sign, a tampered t, another us, another directory or another key', () => {
    const good = signDir(KEY, DIR, T, 'u1-x');
    const check = (q: QueryLike, dir = DIR, key = KEY) => verifySigned(key, dir, q, T - 10);
    const flipped = (good.sign[0] === 'a' ? 'b' : 'a') + good.sign.slice(1);
    expect(check({ ...good, sign: flipped })).toEqual({ ok: false, reason: 'bad-sign' });
    expect(check({ ...good, sign: good.sign.toUpperCase() })).toEqual({ ok: false, reason: 'bad-sign' });
    expect(check({ ...good, sign: good.sign.slice(0, 31) })).toEqual({ ok: false, reason: 'bad-sign' });
    expect(check({ ...good, t: (T + 3600).toString(16) })).toEqual({ ok: false, reason: 'bad-sign' });
    // An earlier t is not an "expired" link: it was never issued.
    expect(check({ ...good, t: (T - 3600).toString(16) })).toEqual({ ok: false, reason: 'bad-sign' });
    expect(check({ ...good, t: 'zz' })).toEqual({ ok: false, reason: 'bad-sign' });
    expect(check({ ...good, us: 'u2-x' })).toEqual({ ok: false, reason: 'bad-sign' });
    expect(check(good, '/vod/sample/lesson-b/')).toEqual({ ok: false, reason: 'bad-sign' });
    expect(check(good, '/vod/sample/')).toEqual({ ok: false, reason: 'bad-sign' });
    expect(check(good, DIR, 'other-key')).toEqual({ ok: false, reason: 'bad-sign' });
    expect(check(good)).toEqual({ ok: true });
  });

  it('a missing, empty or repeated parameter is "missing"', () => {
    const good = signDir(KEY, DIR, T, 'u1-x');
    for (const name of ['t', 'us', 'sign'] as const) {
      const { [name]: _dropped, ...rest } = good;
      expect(verifySigned(KEY, DIR, rest, T)).toEqual({ ok: false, reason: 'missing' });
      expect(verifySigned(KEY, DIR, { ...good, [name]: '' }, T)).toEqual({ ok: false, reason: 'missing' });
      expect(verifySigned(KEY, DIR, { ...good, [name]: [good[name], good[name]] }, T)).toEqual({ ok: false, reason: 'missing' });
    }
    expect(verifySigned(KEY, DIR, new URLSearchParams(`t=${good.t}&t=${good.t}&us=${good.us}&sign=${good.sign}`), T)).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(verifySigned(KEY, DIR, {}, T)).toEqual({ ok: false, reason: 'missing' });
  });

  it('only well-formed media keys make a Dir', () => {
    expect(streamDir('/vod', 'sample/lesson-a')).toBe('/vod/sample/lesson-a/');
    expect(streamDir('', 'a')).toBe('/a/');
    for (const bad of ['', '..', 'sample/..', '../x', 'a//b', '/a', 'a/', 'A', 'a.b', 'a/-', '-a', 'a b', 'a%2f..', 'a\\b']) {
      expect(() => streamDir('/vod', bad), bad).toThrow(/invalid mediaKey/);
    }
    expect(() => signDir(KEY, 'vod/x/', T, 'u')).toThrow();
    expect(() => signDir(KEY, DIR, T, 'a&b')).toThrow();
  });

  it('property: any signed URL verifies for its directory until it expires, and not after', () => {
    const part = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,8}$/);
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.array(part, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('index.m3u8', 'seg-000.ts', 'seg-117.ts'),
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.integer({ min: 0, max: 86_400 }),
        fc.oneof(fc.constant(null), fc.nat()),
        (key, parts, file, expiresAt, before, viewer) => {
          const dir = streamDir('/vod', parts.join('/'));
          const q = query(signedUrl('', dir, file, key, expiresAt, newUs(viewer)));
          expect(verifySigned(key, dir, q, Math.max(0, expiresAt - before))).toEqual({ ok: true });
          expect(verifySigned(key, dir, q, expiresAt + 1 + before)).toEqual({ ok: false, reason: 'expired' });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('TencentVodProvider', () => {
  it('signs https://domain{prefix}/{mediaKey}/index.m3u8 for the stream directory, expiring after the TTL', () => {
    const p = new TencentVodProvider({
      domain: 'https://vod.example.com/',
      key: KEY,
      ttlSeconds: 600,
      pathPrefix: '/media/',
      clock: () => T,
    });
    const info = p.playInfo({ mediaKey: 'sample/lesson-a', viewerId: 9 });
    expect(info.provider).toBe('tencent');
    expect(info.expires_at).toBe(T + 600);
    const url = new URL(info.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://vod.example.com/media/sample/lesson-a/index.m3u8');
    expect(url.searchParams.get('t')).toBe((T + 600).toString(16));
    expect(url.searchParams.get('us')).toMatch(/^u9-/);
    expect(verifySigned(KEY, '/media/sample/lesson-a/', url.searchParams, T + 600)).toEqual({ ok: true });
    expect(p.durationOf('sample/lesson-a')).toBeNull();
    expect(() => p.playInfo({ mediaKey: '../secret', viewerId: null })).toThrow();
  });

  it('checks its options', () => {
    expect(normalizePrefix('')).toBe('');
    expect(normalizePrefix('/')).toBe('');
    expect(normalizePrefix('vod/')).toBe('/vod');
    expect(() => normalizePrefix('/a/../b')).toThrow();
    expect(() => new TencentVodProvider({ domain: 'http://vod.example.com', key: KEY, ttlSeconds: 1, pathPrefix: '' })).toThrow(/https/);
    expect(() => new TencentVodProvider({ domain: 'https://vod.example.com', key: '', ttlSeconds: 1, pathPrefix: '' })).toThrow(/key/);
  });
});
