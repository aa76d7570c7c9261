import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type * as study from '../../../contract/study';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import { withContentHtml } from '../articles';
import { ensureSubject } from '../subjects';

/** The list leaves out the Markdown body (`content`) it never shows: each would be read for nothing. */
const STRATEGY_WITHOUT_BODY = [
  'id',
  'genus_id',
  'category_id',
  'title',
  'summary',
  'cover',
  'author',
  'view_count',
  'is_top',
  'published_at',
] as const;

/** One page of the subject's strategies: pinned (is_top) first, then newest. */
export async function listStrategies(
  s: Services,
  q: ParsedInputOf<typeof study.strategyList>,
): Promise<OutputOf<typeof study.strategyList>> {
  await ensureSubject(s, q.genus_id, q.category_id);
  return s.db.kysely
    .selectFrom('strategies')
    .select(STRATEGY_WITHOUT_BODY)
    .where('genus_id', '=', q.genus_id)
    .where('category_id', '=', q.category_id)
    .orderBy('is_top', 'desc')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.count)
    .offset(q.offset)
    .execute();
}

export async function strategyDetail(s: Services, id: number): Promise<OutputOf<typeof study.strategyDetailEndpoint>> {
  const row = await s.db.kysely.selectFrom('strategies').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`攻略 id ${id} `);
  return withContentHtml(row);
}

/** Counts one view and returns the new count. */
export async function viewStrategy(s: Services, id: number): Promise<OutputOf<typeof study.strategyView>> {
  const db = s.db.kysely;
  // Look first: a refused view writes nothing (an UPDATE of no row would still fire PostgreSQL's cache trigger).
  const found = await db.selectFrom('strategies').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) throw notFound(`攻略 id ${id} `);
  const res = await db
    .updateTable('strategies')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound(`攻略 id ${id} `);
  return db.selectFrom('strategies').select('view_count').where('id', '=', id).executeTakeFirstOrThrow();
}
