import { sql } from 'kysely';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type * as genus from '../../../contract/study-genus';
import type { Services } from '../../http/context';
import { ensureSubject } from '../subjects';

/** Feed ids of strategies are offset so that they never collide with news ids. */
const STRATEGY_FEED_ID = 1_000_000_000;

/** News and strategies of the subject in one feed: recommended ones (news is_home, strategies is_top) first, then newest. */
export async function homeFeed(s: Services, q: ParsedInputOf<typeof genus.homePage>): Promise<OutputOf<typeof genus.homePage>> {
  await ensureSubject(s, q.genus_id, q.category_id);
  const db = s.db.kysely;
  // Both halves of the UNION need the same columns, in the same order.
  const columns = ['id as ref_id', 'title', 'summary', 'cover', 'view_count', 'published_at'] as const;
  const rows = await db
    .selectFrom('news')
    .select([sql<string>`'news'`.as('kind'), ...columns, 'is_home as pinned'])
    .where('genus_id', '=', q.genus_id)
    .where('category_id', '=', q.category_id)
    .unionAll(
      db
        .selectFrom('strategies')
        .select([sql<string>`'strategy'`.as('kind'), ...columns, 'is_top as pinned'])
        .where('genus_id', '=', q.genus_id)
        .where('category_id', '=', q.category_id),
    )
    .orderBy('pinned', 'desc')
    .orderBy('published_at', 'desc')
    .orderBy('kind')
    .orderBy('ref_id', 'desc')
    .limit(q.count)
    .offset(q.offset)
    .execute();
  return rows.map(({ kind, ...r }) =>
    kind === 'strategy'
      ? { ...r, id: STRATEGY_FEED_ID + r.ref_id, kind: 'strategy' as const }
      : { ...r, id: r.ref_id, kind: 'news' as const },
  );
}
