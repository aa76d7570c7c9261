/**
 * The cryptography of WeChat Pay API v3, on node:crypto only, shared by the real adapter and the sandbox
 * (which speaks the same protocol with its own keys). From the published rules (../shared/reference/
 * wechat-pay-security-performance.md §1): a request is signed SHA256withRSA over `METHOD\nURL\ntimestamp\nnonce\nbody\n`;
 * the JSAPI `paySign` over `appId\ntimeStamp\nnonceStr\nprepay_id=…\n`; replies and notifications are verified over
 * `timestamp\nnonce\nbody\n` with the key named by `Wechatpay-Serial` (the WeChat Pay public key `PUB_KEY_ID_…`, or a
 * platform certificate's serial for older merchants), refused 5 minutes or more off, and a notification's `resource`
 * is AES-256-GCM under the APIv3 key (the ciphertext ends in the 16-byte tag).
 */
import crypto, { type KeyObject } from 'node:crypto';

/** Lines each ending in `\n`, the last one too (a GET's empty body still ends the message). */
export function message(...lines: readonly string[]): string {
  return lines.map((l) => `${l}\n`).join('');
}

export function signSha256Rsa(text: string, privateKey: KeyObject): string {
  return crypto.sign('sha256', Buffer.from(text, 'utf8'), privateKey).toString('base64');
}

export function verifySha256Rsa(text: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return crypto.verify('sha256', Buffer.from(text, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export interface MerchantSigner {
  mchid: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  privateKey: KeyObject;
}

/** The `Authorization` header of a v3 request; `urlPath` is the path with its query, exactly as sent. */
export function authorization(
  m: MerchantSigner,
  req: { method: string; urlPath: string; body: string; timestamp: number; nonce: string },
): string {
  const signature = signSha256Rsa(message(req.method, req.urlPath, String(req.timestamp), req.nonce, req.body), m.privateKey);
  return `WECHATPAY2-SHA256-RSA2048 mchid="${m.mchid}",nonce_str="${req.nonce}",timestamp="${req.timestamp}",serial_no="${m.serialNo}",signature="${signature}"`;
}

/** Parses an `Authorization` header made by `authorization` (the sandbox and the test fake read it). */
export function parseAuthorization(header: string): Record<string, string> | null {
  const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header);
  if (!m?.[1]) return null;
  const out: Record<string, string> = {};
  for (const part of m[1].matchAll(/(\w+)="([^"]*)"/g)) out[part[1] as string] = part[2] as string;
  return out;
}

/** The JSAPI parameters `WeixinJSBridge.invoke('getBrandWCPayRequest', …)` takes, signed with the merchant key. */
export interface JsapiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

export function jsapiPayParams(appId: string, prepayId: string, privateKey: KeyObject, timestamp: number, nonce: string): JsapiPayParams {
  const pkg = `prepay_id=${prepayId}`;
  const timeStamp = String(timestamp);
  return {
    appId,
    timeStamp,
    nonceStr: nonce,
    package: pkg,
    signType: 'RSA',
    paySign: signSha256Rsa(message(appId, timeStamp, nonce, pkg), privateKey),
  };
}

/** Headers WeChat Pay signs its replies and notifications with. */
export interface SignedHeaders {
  timestamp: string;
  nonce: string;
  signature: string;
  serial: string;
}

export function signedHeadersOf(headers: Record<string, string | string[] | undefined>): SignedHeaders | null {
  const get = (name: string) => {
    const v = headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  };
  const timestamp = get('Wechatpay-Timestamp');
  const nonce = get('Wechatpay-Nonce');
  const signature = get('Wechatpay-Signature');
  const serial = get('Wechatpay-Serial');
  if (!timestamp || !nonce || !signature || !serial) return null;
  return { timestamp, nonce, signature, serial };
}

export type VerifyFailure = 'missing_headers' | 'unknown_serial' | 'stale' | 'probe' | 'bad_signature';

/** WeChat Pay refuses a timestamp this far (or further) from now, and so do we. */
export const MAX_SKEW_SECONDS = 300;

/**
 * Verifies a reply or notification: the serial must be one we know, the timestamp within 5 minutes of `now`, the
 * signature right over the raw body. A `WECHATPAY/SIGNTEST/` probe is a failure like any bad signature.
 */
export function verifySigned(
  h: SignedHeaders | null,
  rawBody: string,
  keys: ReadonlyMap<string, KeyObject>,
  now: number,
): { ok: true } | { ok: false; reason: VerifyFailure } {
  if (!h) return { ok: false, reason: 'missing_headers' };
  const key = keys.get(h.serial);
  if (!key) return { ok: false, reason: 'unknown_serial' };
  const ts = Number(h.timestamp);
  if (!Number.isInteger(ts) || Math.abs(now - ts) >= MAX_SKEW_SECONDS) return { ok: false, reason: 'stale' };
  if (h.signature.startsWith('WECHATPAY/SIGNTEST/')) return { ok: false, reason: 'probe' };
  if (!verifySha256Rsa(message(h.timestamp, h.nonce, rawBody), h.signature, key)) return { ok: false, reason: 'bad_signature' };
  return { ok: true };
}

/** Signs a reply or notification the way WeChat Pay does (the sandbox and the test fake). */
export function signReply(rawBody: string, privateKey: KeyObject, serial: string, timestamp: number, nonce: string): SignedHeaders {
  return { timestamp: String(timestamp), nonce, serial, signature: signSha256Rsa(message(String(timestamp), nonce, rawBody), privateKey) };
}

export interface EncryptedResource {
  algorithm: 'AEAD_AES_256_GCM';
  ciphertext: string;
  associated_data: string;
  nonce: string;
  original_type: string;
}

function apiV3Key(key: string): Buffer {
  const b = Buffer.from(key, 'utf8');
  if (b.length !== 32) throw new Error('the APIv3 key must be 32 bytes');
  return b;
}

/** Decrypts a notification's `resource` (throws on a wrong key or a tampered text: the GCM tag fails). */
export function decryptResource(r: Pick<EncryptedResource, 'ciphertext' | 'associated_data' | 'nonce'>, key: string): string {
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = crypto.createDecipheriv('aes-256-gcm', apiV3Key(key), Buffer.from(r.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/** Encrypts a resource as WeChat Pay does (the sandbox and the test fake); `nonce` is 12 characters. */
export function encryptResource(
  plaintext: string,
  key: string,
  nonce: string,
  associatedData: string,
  originalType: string,
): EncryptedResource {
  const cipher = crypto.createCipheriv('aes-256-gcm', apiV3Key(key), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: body.toString('base64'),
    associated_data: associatedData,
    nonce,
    original_type: originalType,
  };
}

/** A random nonce of letters and digits (32 for requests, 12 for AES-GCM). */
export function nonceOf(length = 32): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[crypto.randomInt(0, alphabet.length)];
  return out;
}
