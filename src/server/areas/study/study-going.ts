import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type * as study from '../../../contract/study';
import type { Services } from '../../http/context';
import { ensureSubject } from '../subjects';

/** At most this many items in the going list. */
export const GOING_MAX = 10;

/** Percent of [start, end) elapsed at `now`, clamped to 0–100, full precision (the client shows 2 decimals). */
export function progressAt(start: number, end: number, now: number): number {
  if (end <= start) return 100;
  return Math.min(100, Math.max(0, ((now - start) / (end - start)) * 100));
}

/** Exams and plans of the subject in progress now (started, not ended), the soonest to end first. */
export async function goingList(s: Services, q: ParsedInputOf<typeof study.going>): Promise<OutputOf<typeof study.going>> {
  await ensureSubject(s, q.genus_id, q.category_id);
  const now = s.clock();
  const rows = await s.db.kysely
    .selectFrom('going_items')
    .selectAll()
    .where('genus_id', '=', q.genus_id)
    .where('category_id', '=', q.category_id)
    .where('start_at', '<=', now)
    .where('end_at', '>', now)
    .orderBy('end_at')
    .orderBy('id')
    .limit(GOING_MAX)
    .execute();
  return rows.map((r) => ({ ...r, progress: progressAt(r.start_at, r.end_at, now) }));
}
