import crypto from 'node:crypto';
import zlib from 'node:zlib';

/**
 * One cached reply, ready to send: the envelope's JSON as UTF-8 bytes, its ETag and (made on first demand) its gzip
 * and brotli bodies — the work a request would otherwise redo (query, contract parse, JSON, UTF-8 encoding, SHA-1,
 * compression).
 */
export interface CachedReply {
  /** Stamps of the reply's tables, taken before it was read (see db/table-versions.ts). */
  readonly stamps: readonly number[];
  /** The page store's version when the reply was made ('' when it does not depend on pages). */
  readonly pages: string;
  readonly body: Buffer;
  readonly etag: string;
  gzip?: Buffer;
  br?: Buffer;
}

export function etagOf(json: string | Buffer): string {
  return `W/"${crypto.createHash('sha1').update(json).digest('base64url')}"`;
}

/** Replies under this many bytes go out as they are (compressing them saves less than the headers cost). */
export const COMPRESS_MIN_BYTES = 1024;

export function encodedBody(entry: CachedReply, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    entry.br ??= zlib.brotliCompressSync(entry.body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
    });
    return entry.br;
  }
  entry.gzip ??= zlib.gzipSync(entry.body, { level: 9 });
  return entry.gzip;
}

/**
 * The encoding to send a cached body in, from `Accept-Encoding`: brotli, else gzip, else none. A coding listed with
 * `q=0` is refused.
 */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  let gzip = false;
  let br = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === '*') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : undefined;
}

function sizeOf(e: CachedReply): number {
  return e.body.length + (e.gzip?.length ?? 0) + (e.br?.length ?? 0) + 200;
}

/**
 * Replies by key, least recently used dropped first, bounded by entry count and by (approximate) bytes. Knows
 * nothing about validity: the caller compares an entry's stamps with the current ones.
 */
export class ReadCache {
  private readonly entries = new Map<string, CachedReply>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    readonly maxEntries = 5000,
    readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedReply | undefined {
    const e = this.entries.get(key);
    if (e) {
      this.entries.delete(key);
      this.entries.set(key, e);
    }
    return e;
  }

  set(key: string, entry: CachedReply): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= sizeOf(old);
      this.entries.delete(key);
    }
    const size = sizeOf(entry);
    if (size > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += size;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value as string;
      const gone = this.entries.get(oldest) as CachedReply;
      this.bytes -= sizeOf(gone);
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= sizeOf(old);
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
