import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Request signing, shared by the client (`src/api`) and the server.
 *
 * canonical = path + "?" + the params whose value is neither undefined nor null, sorted by key,
 * each as `key=value` (objects and arrays as JSON with sorted keys, everything else as String(v)),
 * joined by "&". sign = hex(HMAC-SHA256(signKey, canonical)). The `sign` key itself never takes part.
 * The path is the endpoint's path on its host (without the host's base URL or prefix).
 */
export type Params = Record<string, unknown>;

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function signedEntries(params: Params | undefined): [string, unknown][] {
  if (!params) return [];
  return Object.entries(params)
    .filter(([k, v]) => k !== 'sign' && v !== undefined && v !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function canonicalString(path: string, params: Params | undefined): string {
  const parts = signedEntries(params).map(([k, v]) => `${k}=${typeof v === 'object' ? stableJson(v) : String(v)}`);
  return `${path}?${parts.join('&')}`;
}

export function hmacHex(key: string, message: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(message)));
}

/** The `sign` value for a call, or undefined when there are no params to sign. */
export function computeSign(key: string, path: string, params: Params | undefined): string | undefined {
  if (signedEntries(params).length === 0) return undefined;
  return hmacHex(key, canonicalString(path, params));
}

/** Constant-time comparison of two hex strings. */
export function safeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Token for the signed send-mobile-code variant: `<seconds>.<hex HMAC(key, mobile:seconds)>`. */
export function mobileCodeToken(key: string, mobile: string, seconds: number): string {
  return `${seconds}.${hmacHex(key, `${mobile}:${seconds}`)}`;
}
