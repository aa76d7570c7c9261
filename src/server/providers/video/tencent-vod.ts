import { newUs, signedUrl, streamDir } from './key-sign';
import type { PlayInfo, PlayRequest, VideoProvider } from './types';

export interface TencentVodOptions {
  /** https base URL of the VOD / CDN domain with key hotlink protection on, e.g. `https://1250000000.vod2.myqcloud.com`. */
  domain: string;
  /** The domain's hotlink protection KEY (console: 分发播放设置 → Key 防盗链). */
  key: string;
  /** Lifetime of a play URL in seconds. */
  ttlSeconds: number;
  /** Path before the media key on the domain ('' or e.g. `/vod`). */
  pathPrefix: string;
  /** Unix seconds (default: the system clock). */
  clock?: () => number;
}

/**
 * Tencent Cloud VOD: the signed URL of `{domain}{pathPrefix}/{mediaKey}/index.m3u8`. The CDN checks the signature
 * (it covers the directory, so the segments of the playlist are accepted with the same parameters). The stream's
 * length is not known without a call to the VOD API, so durationOf answers null.
 */
export class TencentVodProvider implements VideoProvider {
  readonly name = 'tencent';
  private readonly domain: string;
  private readonly prefix: string;
  private readonly clock: () => number;

  constructor(private readonly opts: TencentVodOptions) {
    if (!/^https:\/\/[^\s/?#]+/.test(opts.domain)) throw new Error(`VOD domain must be an https URL, got "${opts.domain}"`);
    if (!opts.key) throw new Error('the VOD hotlink protection key is empty');
    this.domain = opts.domain.replace(/\/+$/, '');
    this.prefix = normalizePrefix(opts.pathPrefix);
    this.clock = opts.clock ?? (() => Math.floor(Date.now() / 1000));
  }

  playInfo(req: PlayRequest): PlayInfo {
    const dir = streamDir(this.prefix, req.mediaKey);
    const expiresAt = this.clock() + this.opts.ttlSeconds;
    return {
      url: signedUrl(this.domain, dir, 'index.m3u8', this.opts.key, expiresAt, newUs(req.viewerId)),
      expires_at: expiresAt,
      provider: this.name,
    };
  }

  durationOf(mediaKey: string): number | null {
    streamDir(this.prefix, mediaKey);
    return null;
  }
}

/** '' or `/a/b` (leading slash, no trailing slash); throws on anything but path parts. */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  if (!/^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(trimmed) || trimmed.split('/').some((p) => p === '.' || p === '..')) {
    throw new Error(`VOD path prefix must be a plain path, got "${prefix}"`);
  }
  return `/${trimmed}`;
}
