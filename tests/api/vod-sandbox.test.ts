import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySigned } from '../../src/server/providers/video/key-sign';
import { playlistDuration, readStreamDuration } from '../../src/server/providers/video/sandbox-vod';
import { TencentVodProvider } from '../../src/server/providers/video/tencent-vod';
import { databases, startTestServer, type TestServer } from '../support/test-server';

/** Lengths of the committed sample streams (media/hls/README.md). */
const LENGTH = { 'sample/lesson-a': 60, 'sample/lesson-b': 95 } as const;
const EXPIRED = '播放地址已过期';
const BAD_SIGN = '播放地址签名无效';

/** A GET with the path sent exactly as written (fetch would resolve `..` before sending). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; type: string; body: Buffer }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  const play = (mediaKey = 'sample/lesson-a', viewerId: number | null = 1) => s.services.providers.video.playInfo({ mediaKey, viewerId });
  const get = (url: string, init?: RequestInit) => fetch(new URL(url, s.url), init);
  /** The playlist of a play URL and the absolute URLs of its segments. */
  const playlist = async (url: string) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    const text = await res.text();
    const segments = text
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('#'))
      .map((l) => new URL(l, new URL(url, s.url)).toString());
    return { res, text, segments };
  };
  const expectRefused = async (res: Response, message: string) => {
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe(message);
  };

  it('issues a same-origin signed play URL of the sandbox', () => {
    const now = s.services.clock();
    const info = play('sample/lesson-a', 7);
    expect(info.provider).toBe('sandbox');
    expect(info.expires_at).toBe(now + s.services.config.vodTtlSeconds);
    expect(info.url).toMatch(/^\/vod\/sample\/lesson-a\/index\.m3u8\?t=[0-9a-f]+&us=u7-[0-9a-f]+&sign=[0-9a-f]{32}$/);
    expect(new URL(info.url, s.url).searchParams.get('t')).toBe(info.expires_at.toString(16));
    expect(play('sample/lesson-a', null).url).toMatch(/us=anon-/);
    expect(() => play('../secret')).toThrow();
    expect(() => play('sample/../../x')).toThrow();
  });

  it('serves the playlist with the signature on every segment URI', async () => {
    const info = play();
    const { res, text, segments } = await playlist(info.url);
    expect(res.headers.get('content-type')).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
    expect(text.startsWith('#EXTM3U')).toBe(true);
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text).toContain('#EXT-X-ENDLIST');
    expect(segments).toHaveLength(10);
    const q = new URL(info.url, s.url).searchParams;
    for (const seg of segments) {
      const u = new URL(seg);
      expect(u.pathname).toMatch(/^\/vod\/sample\/lesson-a\/seg-\d{3}\.ts$/);
      expect(u.searchParams.get('t')).toBe(q.get('t'));
      expect(u.searchParams.get('us')).toBe(q.get('us'));
      expect(u.searchParams.get('sign')).toBe(q.get('sign'));
    }
  });

  it('serves a signed segment as MPEG-TS, whole or by range', async () => {
    const { segments } = await playlist(play().url);
    const seg = segments[3] ?? '';
    const res = await get(seg);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp2t');
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeGreaterThan(188);
    expect(body.length % 188).toBe(0);
    expect(body[0]).toBe(0x47);
    expect(body[188]).toBe(0x47);
    expect(body.equals(fs.readFileSync(path.join(s.services.config.mediaDir, 'sample/lesson-a/seg-003.ts')))).toBe(true);

    const part = await get(seg, { headers: { range: 'bytes=188-375' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 188-375/${body.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(body.subarray(188, 376))).toBe(true);
    expect((await get(seg, { headers: { range: `bytes=${body.length}-` } })).status).toBe(416);
  });

  it('refuses a segment without signature, with a tampered sign or with the sign of another directory', async () => {
    const { segments } = await playlist(play().url);
    const seg = new URL(segments[0] ?? '');
    await expectRefused(await get(seg.pathname), BAD_SIGN);

    const tampered = new URL(seg);
    const sign = tampered.searchParams.get('sign') ?? '';
    tampered.searchParams.set('sign', (sign[0] === '0' ? '1' : '0') + sign.slice(1));
    await expectRefused(await get(tampered.toString()), BAD_SIGN);

    const noUs = new URL(seg);
    noUs.searchParams.delete('us');
    await expectRefused(await get(noUs.toString()), BAD_SIGN);

    // lesson-b's valid signature does not open lesson-a's files, and the reverse.
    const other = new URL(play('sample/lesson-b').url, s.url);
    await expectRefused(await get(`${seg.pathname}${other.search}`), BAD_SIGN);
    await expectRefused(await get(`/vod/sample/lesson-b/index.m3u8${seg.search}`), BAD_SIGN);
    expect((await get(`/vod/sample/lesson-b/seg-000.ts${other.search}`)).status).toBe(200);
  });

  it('a signed URL of a missing file or stream is a 404', async () => {
    const q = new URL(play().url, s.url).search;
    const missing = await get(`/vod/sample/lesson-a/seg-999.ts${q}`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('视频不存在');
    expect((await get(play('sample/nope').url)).status).toBe(404);
    expect(s.services.providers.video.durationOf('sample/nope')).toBeNull();
  });

  it('never serves a file outside media/hls', async () => {
    const q = new URL(play().url, s.url).search;
    const pkg = fs.readFileSync('package.json');
    const attempts = [
      '/vod/../package.json',
      '/vod/../../package.json',
      `/vod/sample/lesson-a/../../../../package.json${q}`,
      `/vod/sample/lesson-a/..%2f..%2f..%2f..%2fpackage.json${q}`,
      `/vod/%2e%2e/%2e%2e/package.json${q}`,
      `/vod/sample/lesson-a/%2e%2e/%2e%2e/%2e%2e/%2e%2e/package.json${q}`,
      `/vod/%2e%2e%2f%2e%2e%2fpackage.json${q}`,
      `/vod/sample/lesson-a/..%5c..%5c..%5cpackage.json${q}`,
      `/vod/sample/lesson-a/%00index.m3u8${q}`,
      '/vod/../README.md',
      '/vod/..%2fREADME.md',
    ];
    for (const p of attempts) {
      const res = await rawGet(s.url, p);
      expect(res.status, p).not.toBe(200);
      expect(res.body.includes(pkg.subarray(0, 40)), p).toBe(false);
      expect(res.type, p).not.toMatch(/json|mpegurl|mp2t/);
    }
  });

  it('durationOf sums the playlist: within 1 s of the real length, cached', () => {
    for (const [key, seconds] of Object.entries(LENGTH)) {
      const d = s.services.providers.video.durationOf(key);
      expect(d, key).not.toBeNull();
      expect(Math.abs((d ?? 0) - seconds), key).toBeLessThanOrEqual(1);
      expect(readStreamDuration(s.services.config.mediaDir, key)).toBe(d);
      expect(s.services.providers.video.durationOf(key)).toBe(d);
    }
    expect(playlistDuration('#EXTM3U\n#EXTINF:6.000000,\na.ts\n#EXTINF:4.5,\nb.ts\n#EXT-X-ENDLIST\n')).toBe(10.5);
    expect(() => s.services.providers.video.durationOf('../etc')).toThrow();
  });

  it('the Tencent adapter signs https://vod.example.com URLs that verify', () => {
    const config = s.services.config;
    const tencent = new TencentVodProvider({
      domain: 'https://vod.example.com',
      key: config.vodKey,
      ttlSeconds: config.vodTtlSeconds,
      pathPrefix: '',
      clock: s.services.clock,
    });
    const info = tencent.playInfo({ mediaKey: 'sample/lesson-a', viewerId: 3 });
    const url = new URL(info.url);
    expect(url.origin).toBe('https://vod.example.com');
    expect(url.pathname).toBe('/sample/lesson-a/index.m3u8');
    expect(info.provider).toBe('tencent');
    expect(verifySigned(config.vodKey, '/sample/lesson-a/', url.searchParams, s.services.clock())).toEqual({ ok: true });
    expect(verifySigned(config.vodKey, '/sample/lesson-a/', url.searchParams, info.expires_at + 1)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('after the TTL the playlist and its segments are refused as expired', async () => {
    // The clock stands still but for `advance`: a real second passing between the play URL and the last second of its
    // life would expire it one second early (seen on a loaded machine).
    s.freeze();
    const info = play();
    const { segments } = await playlist(info.url);
    const seg = segments[1] ?? '';
    expect((await get(seg)).status).toBe(200);
    const ttl = s.services.config.vodTtlSeconds;
    s.advance(ttl);
    expect((await get(info.url)).status).toBe(200);
    s.advance(1);
    try {
      await expectRefused(await get(info.url), EXPIRED);
      await expectRefused(await get(seg), EXPIRED);
      // A fresh URL plays again.
      expect((await get(play().url)).status).toBe(200);
    } finally {
      s.advance(-(ttl + 1));
      s.thaw();
    }
  });
});
