/**
 * Tencent Cloud VOD key hotlink protection ("Key 防盗链"), as pure functions.
 *
 * For a file at `/{Dir}/{File}` (Dir with its leading and trailing slash, e.g. `/vod/sample/lesson-a/`), the URL
 * carries `?t=…&us=…&sign=…`: `t` the expiry as lowercase hex unix seconds, `us` a random string naming the link
 * (we write `u<viewerId>-<random>` or `anon-<random>`) and `sign = md5(KEY + Dir + t + us)` in lowercase hex.
 * The signature covers the directory, not the file: one signature is valid for the playlist and every segment
 * beside it. A URL is accepted up to and including its second `t`.
 */
import crypto from 'node:crypto';

/** The three query parameters of a signed URL (a type, not an interface, so it is a QueryLike too). */
export type SignedQuery = { t: string; us: string; sign: string };

export type VerifyResult = { ok: true } | { ok: false; reason: 'missing' | 'expired' | 'bad-sign' };

/** A query as Fastify parses it, or as URLSearchParams. */
export type QueryLike = URLSearchParams | Readonly<Record<string, unknown>>;

const HEX_T = /^[0-9a-f]{1,13}$/;
const HEX_SIGN = /^[0-9a-f]{32}$/;
const US = /^[A-Za-z0-9_-]{1,64}$/;

/** A stream's name: lowercase path parts of letters, digits and `-` (never `.` or `..`), e.g. `sample/lesson-a`. */
export const MEDIA_KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

/** Dir of a stream under `prefix` ('' or `/vod`, no trailing slash): `{prefix}/{mediaKey}/`; throws on a bad key. */
export function streamDir(prefix: string, mediaKey: string): string {
  if (mediaKey.length > 200 || !MEDIA_KEY.test(mediaKey)) throw new Error(`invalid mediaKey "${mediaKey.slice(0, 80)}"`);
  return `${prefix}/${mediaKey}/`;
}

function assertDir(dir: string): void {
  if (!dir.startsWith('/') || !dir.endsWith('/')) throw new Error(`Dir must start and end with "/", got "${dir}"`);
}

/** `t` of an expiry: lowercase hex unix seconds. */
export function hexTime(expiresAt: number): string {
  if (!Number.isSafeInteger(expiresAt) || expiresAt < 0) throw new Error(`expiry must be non-negative unix seconds, got ${expiresAt}`);
  return expiresAt.toString(16);
}

/** A fresh `us`: `u<viewerId>-<random>` for a viewer, `anon-<random>` for public media. */
export function newUs(viewerId: number | null): string {
  const random = crypto.randomBytes(6).toString('hex');
  return viewerId === null ? `anon-${random}` : `u${viewerId}-${random}`;
}

function md5Hex(text: string): string {
  return crypto.createHash('md5').update(text, 'utf8').digest('hex');
}

/** The query signing every file of `dir` until `expiresAt` (unix seconds). */
export function signDir(key: string, dir: string, expiresAt: number, us: string): SignedQuery {
  assertDir(dir);
  if (!US.test(us)) throw new Error(`us must be 1-64 letters, digits, "-" or "_", got "${us}"`);
  const t = hexTime(expiresAt);
  return { t, us, sign: md5Hex(key + dir + t + us) };
}

/** `?t=…&us=…&sign=…` of a signed query (all three are URL-safe as issued). */
export function queryString(q: SignedQuery): string {
  return `?t=${q.t}&us=${q.us}&sign=${q.sign}`;
}

/** `base + dir + file` signed for `dir`; base is `https://host` (a CDN) or '' (same origin). */
export function signedUrl(base: string, dir: string, file: string, key: string, expiresAt: number, us: string): string {
  if (file.includes('/') || file === '') throw new Error(`file must be a bare file name, got "${file}"`);
  return `${base}${dir}${file}${queryString(signDir(key, dir, expiresAt, us))}`;
}

/** A single string value of the query, else undefined (absent, empty, repeated or not a string). */
function one(query: QueryLike, name: string): string | undefined {
  if (query instanceof URLSearchParams) {
    const all = query.getAll(name);
    return all.length === 1 && all[0] ? all[0] : undefined;
  }
  const v = query[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/**
 * Whether `query` signs `dir` at `now` (unix seconds). The signature is checked before the expiry, so `expired`
 * only ever describes a genuine URL; a malformed `t` or `sign` is `bad-sign`.
 */
export function verifySigned(key: string, dir: string, query: QueryLike, now: number): VerifyResult {
  const t = one(query, 't');
  const us = one(query, 'us');
  const sign = one(query, 'sign');
  if (t === undefined || us === undefined || sign === undefined) return { ok: false, reason: 'missing' };
  if (!HEX_T.test(t) || !HEX_SIGN.test(sign)) return { ok: false, reason: 'bad-sign' };
  const expected = Buffer.from(md5Hex(key + dir + t + us), 'hex');
  if (!crypto.timingSafeEqual(expected, Buffer.from(sign, 'hex'))) return { ok: false, reason: 'bad-sign' };
  if (now > Number.parseInt(t, 16)) return { ok: false, reason: 'expired' };
  return { ok: true };
}
