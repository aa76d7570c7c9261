/**
 * What a paid order gives its buyer, written inside the transaction that marks it paid (areas/orders/order-state.ts),
 * so it happens exactly once: ownership of courses, e-books and question banks (the `entitlements` the one access
 * check reads) and VIP membership (`user_vips`; buying the same type again extends the running membership).
 */

import { isOwnedKind, type OwnedKind } from '../../../protocol/owned-content';
import type { Services } from '../../http/context';

export interface GrantedLine {
  kind: string;
  ref_id: number;
  vip_type: string;
  vip_days: number;
  quantity: number;
}

export async function grantOrder(tx: Services, userId: number, orderId: number, lines: readonly GrantedLine[], now: number): Promise<void> {
  for (const line of lines) {
    if (isOwnedKind(line.kind)) await grantContent(tx, userId, line.kind, line.ref_id, { source: 'order', orderId }, now);
    else if (line.kind === 'vip') await extendVip(tx, userId, line.vip_type, line.vip_days * line.quantity, 'order', now);
  }
}

/**
 * The one writer of ownership (`entitlements`): a course, e-book or bank for good, from a paid order or an activity
 * prize (`source`), inside the caller's transaction. Owning it already keeps one row, now pointing at this grant.
 */
export async function grantContent(
  tx: Pick<Services, 'db'>,
  userId: number,
  kind: OwnedKind,
  refId: number,
  from: { source: 'order' | 'activity'; orderId: number | null },
  now: number,
): Promise<void> {
  await tx.db.kysely
    .insertInto('entitlements')
    .values({ user_id: userId, kind, ref_id: refId, source: from.source, order_id: from.orderId, granted_at: now, expires_at: null })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind', 'ref_id'])
        .doUpdateSet({ source: from.source, order_id: from.orderId, granted_at: now, expires_at: null }),
    )
    .execute();
}

/** Starts a membership of `vipType`, or extends the caller's running one of that type, by `days`. */
export async function extendVip(
  tx: Pick<Services, 'db'>,
  userId: number,
  vipType: string,
  days: number,
  source: string,
  now: number,
): Promise<number> {
  const db = tx.db.kysely;
  const running = await runningMembership(tx, userId, vipType, now);
  if (running) {
    const until = running.expires_at + days * 86400;
    await db.updateTable('user_vips').set({ expires_at: until }).where('id', '=', running.id).execute();
    return until;
  }
  const until = now + days * 86400;
  // The membership covers its type's subject (genus); a type without one (e.g. super_vip) covers every subject.
  const type = await db
    .selectFrom('vip_types as t')
    .leftJoin('genera as g', 'g.name', 't.genus_name')
    .select(['g.id as genus_id'])
    .where('t.key', '=', vipType)
    .executeTakeFirst();
  const genusId = type?.genus_id ?? null;
  await db
    .insertInto('user_vips')
    .values({ user_id: userId, vip_type: vipType, genus_id: genusId, category_id: null, started_at: now, expires_at: until, source })
    .execute();
  return until;
}

/** Takes back what an activity granted: the entitlement it wrote (one bought meanwhile, from an order, stays). */
export async function withdrawContent(tx: Pick<Services, 'db'>, userId: number, kind: OwnedKind, refId: number): Promise<void> {
  await tx.db.kysely
    .deleteFrom('entitlements')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('ref_id', '=', refId)
    .where('source', '=', 'activity')
    .execute();
}

/** Takes `days` back from the user's running membership of `vipType` (never before now). */
export async function withdrawVip(tx: Pick<Services, 'db'>, userId: number, vipType: string, days: number, now: number): Promise<void> {
  const db = tx.db.kysely;
  const running = await runningMembership(tx, userId, vipType, now);
  if (!running) return;
  await db
    .updateTable('user_vips')
    .set({ expires_at: Math.max(now, running.expires_at - days * 86400) })
    .where('id', '=', running.id)
    .execute();
}

/** The user's running membership of `vipType` (the one ending last), if any. */
function runningMembership(tx: Pick<Services, 'db'>, userId: number, vipType: string, now: number) {
  return tx.db.kysely
    .selectFrom('user_vips')
    .select(['id', 'expires_at'])
    .where('user_id', '=', userId)
    .where('vip_type', '=', vipType)
    .where('expires_at', '>', now)
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
}
