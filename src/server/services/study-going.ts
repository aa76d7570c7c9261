import type { GoingItem } from '../../contract/study';
import type { Db } from '../db/connect';

/** At most this many items in the going list. */
export const GOING_MAX = 10;

/** Percent of [start, end) elapsed at `now`, clamped to 0–100, full precision (the client shows 2 decimals). */
export function progressAt(start: number, end: number, now: number): number {
  if (end <= start) return 100;
  return Math.min(100, Math.max(0, ((now - start) / (end - start)) * 100));
}

/** Exams and plans of the subject in progress at `now` (started, not ended), the soonest to end first. */
export async function goingList(db: Db, genusId: number, categoryId: number, now: number): Promise<GoingItem[]> {
  const rows = await db.kysely
    .selectFrom('going_items')
    .select(['id', 'kind', 'title', 'description', 'link', 'start_at', 'end_at'])
    .where('genus_id', '=', genusId)
    .where('category_id', '=', categoryId)
    .where('start_at', '<=', now)
    .where('end_at', '>', now)
    .orderBy('end_at')
    .orderBy('id')
    .limit(GOING_MAX)
    .execute();
  return rows.map((r) => ({ ...r, progress: progressAt(r.start_at, r.end_at, now) }));
}
