import fs from 'node:fs';
import path from 'node:path';
import { MEDIA_KEY, newUs, type QueryLike, signedUrl, streamDir, type VerifyResult, verifySigned } from './key-sign';
import type { PlayInfo, PlayRequest, VideoProvider } from './types';

/** Same-origin path prefix of the sandbox's streams (`/vod/{mediaKey}/index.m3u8`, served by media/vod-routes.ts). */
export const VOD_PREFIX = '/vod';
export const PLAYLIST_FILE = 'index.m3u8';

/** Seconds of an HLS media playlist: the sum of its `#EXTINF` durations (to the millisecond). */
export function playlistDuration(m3u8: string): number {
  let total = 0;
  for (const m of m3u8.matchAll(/^#EXTINF:\s*([0-9]+(?:\.[0-9]+)?)/gm)) total += Number(m[1]);
  return Math.round(total * 1000) / 1000;
}

/**
 * Seconds of the stream `mediaKey` of `mediaDir` (a folder of media/hls holding index.m3u8), read from its
 * playlist; null when there is no such stream. Throws on a malformed mediaKey. Not cached: see
 * SandboxVodProvider.durationOf for the cached form.
 */
export function readStreamDuration(mediaDir: string, mediaKey: string): number | null {
  streamDir('', mediaKey);
  const file = path.join(mediaDir, ...mediaKey.split('/'), PLAYLIST_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw e;
  }
  return playlistDuration(text);
}

export interface SandboxVodOptions {
  /** Absolute path of media/hls. */
  mediaDir: string;
  /** Signing key (VOD_KEY). */
  key: string;
  /** Lifetime of a play URL in seconds. */
  ttlSeconds: number;
  /** Unix seconds (the server's clock: tests move it). */
  clock: () => number;
}

/** A file of the sandbox asked for by URL path: the stream's Dir (what the signature covers) and the file on disk. */
export interface VodFile {
  /** `/vod/{mediaKey}/`. */
  dir: string;
  /** `index.m3u8` or `seg-000.ts`. */
  name: string;
  kind: 'playlist' | 'segment';
  /** Absolute path inside mediaDir (it may not exist). */
  file: string;
}

const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*\.(m3u8|ts)$/;

/**
 * The offline stand-in for Tencent Cloud VOD: signs same-origin URLs of the HLS streams of media/hls exactly as the
 * CDN's key hotlink protection does, and (through media/vod-routes.ts) serves them only with a valid signature.
 */
export class SandboxVodProvider implements VideoProvider {
  readonly name = 'sandbox';
  readonly mediaDir: string;
  readonly clock: () => number;
  private readonly durations = new Map<string, number>();

  constructor(private readonly opts: SandboxVodOptions) {
    this.mediaDir = path.resolve(opts.mediaDir);
    this.clock = opts.clock;
  }

  playInfo(req: PlayRequest): PlayInfo {
    const dir = streamDir(VOD_PREFIX, req.mediaKey);
    const expiresAt = this.clock() + this.opts.ttlSeconds;
    return {
      url: signedUrl('', dir, PLAYLIST_FILE, this.opts.key, expiresAt, newUs(req.viewerId)),
      expires_at: expiresAt,
      provider: this.name,
    };
  }

  /** Sum of the stream's #EXTINF (cached once read); null when media/hls has no such stream. */
  durationOf(mediaKey: string): number | null {
    const cached = this.durations.get(mediaKey);
    if (cached !== undefined) return cached;
    const seconds = readStreamDuration(this.mediaDir, mediaKey);
    if (seconds !== null) this.durations.set(mediaKey, seconds);
    return seconds;
  }

  /** Whether `query` signs `dir` now (the provider's clock). */
  verify(dir: string, query: QueryLike): VerifyResult {
    return verifySigned(this.opts.key, dir, query, this.clock());
  }

  /**
   * The file a raw (still percent-encoded) URL path names: `/vod/{mediaKey}/{file}.m3u8|.ts` with a well-formed
   * mediaKey and file name, resolved inside mediaDir; null for anything else (`..`, encoded characters, other types).
   */
  fileOf(urlPath: string): VodFile | null {
    if (!urlPath.startsWith(`${VOD_PREFIX}/`) || urlPath.length > 300) return null;
    const rest = urlPath.slice(VOD_PREFIX.length + 1);
    const cut = rest.lastIndexOf('/');
    if (cut <= 0) return null;
    const mediaKey = rest.slice(0, cut);
    const name = rest.slice(cut + 1);
    const type = FILE_NAME.exec(name)?.[1];
    if (!type || !MEDIA_KEY.test(mediaKey)) return null;
    const file = path.resolve(this.mediaDir, ...mediaKey.split('/'), name);
    const rel = path.relative(this.mediaDir, file);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
    return { dir: streamDir(VOD_PREFIX, mediaKey), name, kind: type === 'm3u8' ? 'playlist' : 'segment', file };
  }
}
