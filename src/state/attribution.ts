import { STORAGE_KEYS, storage } from '../platform/storage';

/**
 * The referral attribution a visitor carries to their first login (issue 23): the signed ticket the server gave for a
 * referral link (`activity.attribution`), kept on the device through WeChat OAuth, the SMS step and browsing other
 * pages, and sent as `from_activity` with the first login. The first unexpired ticket is kept (the server counts an
 * invitee for their first referrer only); it is forgotten after a login.
 */
interface KeptTicket {
  ticket: string;
  /** Unix seconds. */
  expiresAt: number;
}

function read(): KeptTicket | null {
  const t = storage.getJson<KeptTicket | null>(STORAGE_KEYS.attribution, null);
  return t && typeof t.ticket === 'string' && typeof t.expiresAt === 'number' ? t : null;
}

/** The kept ticket while it is valid ('' when none or expired; an expired one is dropped). */
export function pendingAttribution(nowMs = Date.now()): string {
  const t = read();
  if (!t) return '';
  if (t.expiresAt * 1000 <= nowMs) {
    storage.remove(STORAGE_KEYS.attribution);
    return '';
  }
  return t.ticket;
}

/** Keeps `t` unless an unexpired ticket is kept already (the first referral link wins). */
export function keepAttribution(t: KeptTicket, nowMs = Date.now()): void {
  if (!t.ticket || t.expiresAt * 1000 <= nowMs || pendingAttribution(nowMs)) return;
  storage.setJson(STORAGE_KEYS.attribution, t);
}

/** After a login: the ticket went with it (or the visitor was no longer new). */
export function forgetAttribution(): void {
  storage.remove(STORAGE_KEYS.attribution);
}
