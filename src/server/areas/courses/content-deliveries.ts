/**
 * Delivery records: what paid content the server has handed to a user. A signed play URL, a chapter past the free
 * ones or a paid bank's questions is "used" for the instant refund (areas/refunds/order-refund.ts) as soon as it leaves
 * the server, whatever the client reports afterwards (an offline download fetches every chapter and reports nothing).
 * Free items and free previews are not recorded.
 *
 * One row per user and item (table content_deliveries): the first delivery inserts it, later ones move `last_at`.
 * The delivering requests are hot, so each server writes a user's item at most once per DELIVERY_RECORD_SECONDS;
 * readers allow for that lag.
 */
import type { Db } from '../../db/connect';
import type { Services } from '../../http/context';
import type { AccessDecision } from './access-check';

export type DeliveryKind = 'course' | 'ebook' | 'question_bank';

/** At most this long between a delivery and the `last_at` that covers it. */
export const DELIVERY_RECORD_SECONDS = 60;

/** Bound of the per-process memo below (cleared when full: the worst case is one extra write per item). */
const MEMO_LIMIT = 20000;

/** Per database (tests run several servers in one process): `user:kind:ref` → when this process last wrote it. */
const lastWritten = new WeakMap<Db, Map<string, number>>();

/** Whether handing out what `decision` allowed counts as a delivery of paid content (not free, not a free preview). */
export function isPaidDelivery(decision: AccessDecision): boolean {
  return decision.allowed && decision.reason !== 'free' && decision.reason !== 'free_preview';
}

/**
 * Records that `userId` received paid content of the item. Awaited before the content is returned, so a reply that
 * carries content was recorded (a failed write fails the request instead of delivering unrecorded).
 */
export async function recordDelivery(s: Pick<Services, 'db' | 'clock'>, userId: number, kind: DeliveryKind, refId: number): Promise<void> {
  const now = s.clock();
  let memo = lastWritten.get(s.db);
  if (!memo) {
    memo = new Map();
    lastWritten.set(s.db, memo);
  }
  const key = `${userId}:${kind}:${refId}`;
  const at = memo.get(key);
  // Written here less than DELIVERY_RECORD_SECONDS ago: last_at ≥ at > now − DELIVERY_RECORD_SECONDS already.
  if (at !== undefined && at <= now && now - at < DELIVERY_RECORD_SECONDS) return;
  await s.db.kysely
    .insertInto('content_deliveries')
    .values({ user_id: userId, kind, ref_id: refId, first_at: now, last_at: now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind', 'ref_id'])
        .doUpdateSet({ last_at: now })
        // Never backwards (another server's clock, or a write that was overtaken).
        .where('content_deliveries.last_at', '<', now),
    )
    .execute();
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, now);
}

/**
 * Whether paid content of any of `refIds` (of `kind`) was delivered to `userId` at or after `since`. A delivery in
 * the last DELIVERY_RECORD_SECONDS before `since` may count too (the write lag): that only sends a refund to review.
 */
export async function deliveredSince(
  s: Pick<Services, 'db'>,
  userId: number,
  kind: DeliveryKind,
  refIds: readonly number[],
  since: number,
): Promise<boolean> {
  if (refIds.length === 0) return false;
  const hit = await s.db.kysely
    .selectFrom('content_deliveries')
    .select('ref_id')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('ref_id', 'in', [...refIds])
    .where('last_at', '>', since - DELIVERY_RECORD_SECONDS)
    .executeTakeFirst();
  return hit !== undefined;
}
