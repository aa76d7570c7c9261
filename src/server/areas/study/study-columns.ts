import type { OutputOf } from '../../../contract/endpoint';
import type * as study from '../../../contract/study';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import { ensureGenus } from '../subjects';

type ColumnItem = OutputOf<typeof study.columnContent>['items'][number];

/** What a column shows of its news and strategies (both tables have these columns; the Markdown body is left out). */
const ITEM_FIELDS = ['id', 'title', 'summary', 'cover', 'view_count', 'published_at'] as const;

/** Columns of a genus with their item counts, in display order; an unknown genus is a 404. */
export async function listColumns(s: Services, genusId: number): Promise<OutputOf<typeof study.columnList>> {
  await ensureGenus(s, genusId);
  const rows = await s.db.kysely
    .selectFrom('study_columns as c')
    .leftJoin('column_articles as i', 'i.column_id', 'c.id')
    .select((eb) => ['c.id', 'c.genus_id', 'c.title', 'c.intro', 'c.cover', eb.fn.count<number>('i.id').as('article_count')])
    .where('c.genus_id', '=', genusId)
    .groupBy(['c.id', 'c.genus_id', 'c.title', 'c.intro', 'c.cover', 'c.sort'])
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ ...r, article_count: Number(r.article_count) }));
}

/** A column with its items (news and strategies) in the column's order; items whose news or strategy is gone are skipped. */
export async function columnContent(s: Services, columnId: number): Promise<OutputOf<typeof study.columnContent>> {
  const column = await s.db.kysely.selectFrom('study_columns').selectAll().where('id', '=', columnId).executeTakeFirst();
  if (!column) throw notFound(`专栏 column_id ${columnId} `);
  const items = await columnItems(s, column.id);
  return { ...column, article_count: items.length, items };
}

async function columnItems(s: Services, columnId: number): Promise<ColumnItem[]> {
  const db = s.db.kysely;
  const links = await db
    .selectFrom('column_articles')
    .select(['kind', 'ref_id'])
    .where('column_id', '=', columnId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const ids = (kind: ColumnItem['kind']) => links.filter((l) => l.kind === kind).map((l) => l.ref_id);
  const newsIds = ids('news');
  const strategyIds = ids('strategy');
  const news = newsIds.length ? await db.selectFrom('news').select(ITEM_FIELDS).where('id', 'in', newsIds).execute() : [];
  const strategies = strategyIds.length
    ? await db.selectFrom('strategies').select(ITEM_FIELDS).where('id', 'in', strategyIds).execute()
    : [];
  const byKey = new Map<string, ColumnItem>();
  for (const n of news) byKey.set(`news:${n.id}`, { kind: 'news', ...n });
  for (const st of strategies) byKey.set(`strategy:${st.id}`, { kind: 'strategy', ...st });
  return links.flatMap((l) => {
    const item = byKey.get(`${l.kind}:${l.ref_id}`);
    return item ? [item] : [];
  });
}
