/** The outbox's small rules: what a reply means for a queued write, the client id a write carries, where it keeps whose. */
import { CODE } from '../contract/envelope';
import type { CallReply, KeyValueStore, Verdict } from './env';

/** env.storage: the last user who wrote, for writes made after the session ran out (removed on an explicit logout). */
export const OWNER_KEY = 'outbox.owner';

/** An explicit logout: writes made from now until the next login are nobody's. */
export function forgetLastWriter(storage: KeyValueStore): void {
  storage.remove(OWNER_KEY);
}

/**
 * Sent (status 0); kept for later on a network failure (-1: offline, timeout), a 5xx, a missing session (4010, 4440:
 * sent once the same user logs in again) or too many requests (4029); dropped when the server refused it (any other
 * 4xx: bad input, gone, not allowed): sending it again would be refused again.
 */
export function verdictOf(reply: CallReply<unknown>): Verdict {
  if (reply.status === 0) return 'sent';
  const code = reply.code;
  if (reply.status === -1 || code === -1 || code === CODE.unauthorized || code === CODE.sessionInvalid || code === CODE.tooMany)
    return 'keep';
  if (code >= 5000) return 'keep';
  return 'drop';
}

/** A client id for a write (8–64 of [A-Za-z0-9_-], as the contracts ask): the time, then 12 random characters. */
export function newClientId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto?.getRandomValues?.(bytes);
  let id = '';
  for (const b of bytes) id += (b % 36).toString(36);
  return `c${Date.now().toString(36)}${id}`;
}
