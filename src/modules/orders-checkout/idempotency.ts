/**
 * One Idempotency-Key per checkout: kept in sessionStorage per good (list) with the body it was made for, so a reload or
 * a retry of the same order sends the same key (the server makes one order), and any change of quantity, address or
 * remark makes a new one (the server refuses a known key with another body).
 */

/** The part of Storage used here (sessionStorage in the app, a map in tests). */
export interface KeyStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = 'beikao.checkout-key.';

/** A fresh key within the server's 1–64 of `A-Za-z0-9_.:-`. */
export function newKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A stable text of the body (key order of `goods` does not matter). */
export function fingerprint(body: { goods: Record<string, number> } & Record<string, unknown>): string {
  const goods = Object.keys(body.goods)
    .sort()
    .map((k) => `${k}:${body.goods[k]}`)
    .join(',');
  return JSON.stringify([goods, body.address_id ?? 0, body.remark ?? '', body.referrer_id ?? 0]);
}

/** The key for this checkout (`scope`: the route's good ids) and body: the kept one when the body is the same, else a new one (kept). */
export function checkoutKey(
  store: KeyStore | undefined,
  scope: string,
  body: Parameters<typeof fingerprint>[0],
  make: () => string = newKey,
): string {
  const fp = fingerprint(body);
  const slot = PREFIX + scope;
  try {
    const kept = JSON.parse(store?.getItem(slot) ?? 'null') as { fp?: string; key?: string } | null;
    if (kept && kept.fp === fp && typeof kept.key === 'string' && kept.key) return kept.key;
  } catch {
    // unreadable: make a new one
  }
  const key = make();
  try {
    store?.setItem(slot, JSON.stringify({ fp, key }));
  } catch {
    // storage full or blocked: the key still protects this screen's double taps
  }
  return key;
}

/** Forgets the key once its order was made, so a later visit starts a new order. */
export function forgetKey(store: KeyStore | undefined, scope: string): void {
  try {
    store?.removeItem(PREFIX + scope);
  } catch {
    // nothing to do
  }
}

/** sessionStorage when the browser allows it. */
export function sessionStore(): KeyStore | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}
