/**
 * The one access check for all paid content (courses and their videos today; e-books, chapters and question banks
 * read it too). It answers whether a user may open an item and why, trying the reasons in a fixed order:
 *
 *   1. free          the item itself is free
 *   2. free_preview  this part of it (a video, a chapter) is a free preview
 *   3. vip           an active VIP membership whose type's benefits include the item (and whose subject scope covers it)
 *   4. owned         an entitlement to the item itself (bought, granted)
 *   5. bundle        an entitlement to a bundle that contains it
 *
 * otherwise `login_required` (no user) or `not_owned`. Entitlements and memberships are read, never written, here:
 * the order state machine writes them when an order is paid (the demo seed until then).
 */
import type { AccessReason } from '../../../contract/courses';
import type { Services } from '../../http/context';
import type { EntitlementKind } from './tables';

export interface AccessItem {
  kind: EntitlementKind;
  id: number;
  genusId: number;
  categoryId: number;
  /** The whole item is free. */
  isFree: boolean;
  /** This part of a paid item is a free preview. */
  isFreePreview?: boolean;
  /** Bundles of the same kind that contain the item. */
  bundleIds?: readonly number[];
}

export interface AccessDecision {
  allowed: boolean;
  reason: AccessReason;
}

/** What a user holds, read once for a batch of items. */
export interface Holdings {
  /** `kind:id` of every entitlement in force. */
  owned: ReadonlySet<string>;
  /** Benefits of the active memberships, each narrowed to the membership's subject scope. */
  vip: ReadonlyArray<{ kind: string; genusId: number | null; categoryId: number | null; refId: number | null }>;
}

const NOTHING: Holdings = { owned: new Set(), vip: [] };

/** The pure rule: the first reason of the fixed order that holds. Unit-tested on its own. */
export function decide(item: AccessItem, userId: number | null, h: Holdings): AccessDecision {
  if (item.isFree) return { allowed: true, reason: 'free' };
  if (item.isFreePreview) return { allowed: true, reason: 'free_preview' };
  if (userId === null) return { allowed: false, reason: 'login_required' };
  const covers = (v: Holdings['vip'][number]) =>
    v.kind === item.kind &&
    (v.refId === null || v.refId === item.id) &&
    (v.genusId === null || v.genusId === item.genusId) &&
    (v.categoryId === null || v.categoryId === item.categoryId);
  if (h.vip.some(covers)) return { allowed: true, reason: 'vip' };
  if (h.owned.has(`${item.kind}:${item.id}`)) return { allowed: true, reason: 'owned' };
  if ((item.bundleIds ?? []).some((b) => h.owned.has(`${item.kind}:${b}`))) return { allowed: true, reason: 'bundle' };
  return { allowed: false, reason: 'not_owned' };
}

/** The user's entitlements of `kind` among `refIds` and their active VIP benefits of `kind`, at the server's time. */
export async function holdingsOf(s: Services, userId: number | null, kind: EntitlementKind, refIds: readonly number[]): Promise<Holdings> {
  if (userId === null) return NOTHING;
  const now = s.clock();
  const db = s.db.kysely;
  const ids = [...new Set(refIds)];
  const [owned, memberships] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('entitlements')
          .select('ref_id')
          .where('user_id', '=', userId)
          .where('kind', '=', kind)
          .where('ref_id', 'in', ids)
          .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
          .execute(),
    db
      .selectFrom('user_vips as m')
      .innerJoin('vip_benefits as b', 'b.vip_type', 'm.vip_type')
      .select(['m.genus_id as m_genus', 'm.category_id as m_category', 'b.genus_id', 'b.category_id', 'b.ref_id', 'b.kind'])
      .where('m.user_id', '=', userId)
      .where('m.started_at', '<=', now)
      .where('m.expires_at', '>', now)
      .where('b.kind', '=', kind)
      .execute(),
  ]);
  const vip: Array<Holdings['vip'][number]> = [];
  for (const m of memberships) {
    // A membership for one subject narrows a benefit for every subject; a benefit for another subject opens nothing.
    const genusId = narrow(m.m_genus, m.genus_id);
    const categoryId = narrow(m.m_category, m.category_id);
    if (genusId === undefined || categoryId === undefined) continue;
    vip.push({ kind: m.kind, genusId, categoryId, refId: m.ref_id });
  }
  return { owned: new Set(owned.map((o) => `${kind}:${o.ref_id}`)), vip };
}

/** Intersection of two scopes (null = any); undefined when they do not overlap. */
function narrow(a: number | null, b: number | null): number | null | undefined {
  if (a === null) return b;
  if (b === null) return a;
  return a === b ? a : undefined;
}

/** Whether `userId` may open each item, with the reason (one read of the user's holdings for the whole batch). */
export async function checkAccessMany(s: Services, userId: number | null, items: readonly AccessItem[]): Promise<AccessDecision[]> {
  if (items.length === 0) return [];
  const kinds = [...new Set(items.map((i) => i.kind))];
  const byKind = new Map<EntitlementKind, Holdings>();
  for (const kind of kinds) {
    const refs = items.filter((i) => i.kind === kind).flatMap((i) => [i.id, ...(i.bundleIds ?? [])]);
    byKind.set(kind, await holdingsOf(s, userId, kind, refs));
  }
  return items.map((i) => decide(i, userId, byKind.get(i.kind) ?? NOTHING));
}

/** Whether `userId` may open the item, with the reason. */
export async function checkAccess(s: Services, userId: number | null, item: AccessItem): Promise<AccessDecision> {
  const [d] = await checkAccessMany(s, userId, [item]);
  return d ?? { allowed: false, reason: 'not_owned' };
}
