/**
 * The video sandbox's CDN: `GET /vod/{mediaKey}/{file}` serves the HLS files of media/hls only with a valid key
 * hotlink signature of the file's directory (providers/video/key-sign.ts) at the provider's clock, as Tencent
 * Cloud VOD's CDN does. Playlists go out with the same signature on every segment URI, so players fetch signed
 * segments.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxVodProvider } from '../providers/video/sandbox-vod';

const TEXT = 'text/plain; charset=utf-8';
const REFUSED = { expired: '播放地址已过期', missing: '播放地址签名无效', 'bad-sign': '播放地址签名无效' } as const;
const NOT_FOUND = '视频不存在';

function plain(reply: FastifyReply, code: number, text: string): FastifyReply {
  return reply.code(code).type(TEXT).header('cache-control', 'no-store').send(text);
}

/**
 * `query` (`?t=…&us=…&sign=…`) appended to every relative URI of the playlist's own directory: the URI lines and
 * `URI="…"` attributes (keys, init sections). Absolute URIs and other directories are left alone (the signature
 * would not cover them).
 */
export function signPlaylist(m3u8: string, query: string): string {
  const sign = (uri: string) => (/^[^/:?#]+$/.test(uri) ? `${uri}${query}` : uri);
  return m3u8
    .split(/\r?\n/)
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '') return line;
      if (trimmed.startsWith('#')) return line.replace(/URI="([^"]*)"/g, (_m, uri: string) => `URI="${sign(uri)}"`);
      return sign(trimmed);
    })
    .join('\n');
}

/** A single byte range of `bytes=a-b` / `bytes=a-` / `bytes=-n`; null to send the whole file, 'bad' when unsatisfiable. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null; // several ranges or another unit: the whole file is a valid answer
  const [a, b] = [m[1] ?? '', m[2] ?? ''];
  if (a === '' && b === '') return 'bad';
  if (a === '') {
    const n = Number(b);
    if (n === 0 || size === 0) return 'bad';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return 'bad';
  return { start, end };
}

export function registerVodRoutes(app: FastifyInstance, provider: SandboxVodProvider): void {
  let root: Promise<string> | undefined;
  const realRoot = () => {
    root ??= fs.promises.realpath(provider.mediaDir).catch(() => provider.mediaDir);
    return root;
  };

  app.get('/vod/*', async (req, reply) => {
    const q = req.url.indexOf('?');
    const pathname = q < 0 ? req.url : req.url.slice(0, q);
    const query = new URLSearchParams(q < 0 ? '' : req.url.slice(q + 1));
    const target = provider.fileOf(pathname);
    if (!target) return plain(reply, 404, NOT_FOUND);
    const verdict = provider.verify(target.dir, query);
    if (!verdict.ok) return plain(reply, 403, REFUSED[verdict.reason]);

    // A symbolic link inside media/hls must not lead out of it either.
    const real = await fs.promises.realpath(target.file).catch(() => null);
    const base = await realRoot();
    if (!real?.startsWith(`${base}${path.sep}`)) return plain(reply, 404, NOT_FOUND);
    const stat = await fs.promises.stat(real).catch(() => null);
    if (!stat?.isFile()) return plain(reply, 404, NOT_FOUND);

    if (target.kind === 'playlist') {
      const signed = `?t=${encodeURIComponent(query.get('t') ?? '')}&us=${encodeURIComponent(query.get('us') ?? '')}&sign=${encodeURIComponent(query.get('sign') ?? '')}`;
      const text = signPlaylist(await fs.promises.readFile(real, 'utf8'), signed);
      return reply.type('application/vnd.apple.mpegurl').header('cache-control', 'private, max-age=60').send(text);
    }

    reply.type('video/mp2t').header('cache-control', 'private, max-age=3600').header('accept-ranges', 'bytes');
    const range = rangeOf(req.headers.range, stat.size);
    if (range === 'bad') return reply.code(416).header('content-range', `bytes */${stat.size}`).send();
    if (range) {
      reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
        .header('content-length', range.end - range.start + 1);
      return reply.send(fs.createReadStream(real, { start: range.start, end: range.end }));
    }
    reply.header('content-length', stat.size);
    return reply.send(fs.createReadStream(real));
  });
}
