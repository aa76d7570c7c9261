import type { Db } from '../db/connect';

export interface ColumnArticle {
  kind: 'news' | 'strategy';
  id: number;
  title: string;
  summary: string;
  cover: string;
  view_count: number;
  published_at: number;
}

const ARTICLE_COLUMNS = ['id', 'title', 'summary', 'cover', 'view_count', 'published_at'] as const;

/** Columns of a genus with their article counts, in display order. */
export async function columnsOf(db: Db, genusId: number) {
  return db.kysely
    .selectFrom('study_columns as c')
    .leftJoin('column_articles as a', 'a.column_id', 'c.id')
    .select((eb) => ['c.id', 'c.genus_id', 'c.title', 'c.intro', 'c.cover', eb.fn.count<number>('a.id').as('article_count')])
    .where('c.genus_id', '=', genusId)
    .groupBy(['c.id', 'c.genus_id', 'c.title', 'c.intro', 'c.cover', 'c.sort'])
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, article_count: Number(r.article_count) })));
}

/** The articles of a column in its own order; entries whose article is gone are skipped. */
export async function columnArticles(db: Db, columnId: number): Promise<ColumnArticle[]> {
  const links = await db.kysely
    .selectFrom('column_articles')
    .select(['kind', 'ref_id'])
    .where('column_id', '=', columnId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const ids = (kind: string) => links.filter((l) => l.kind === kind).map((l) => l.ref_id);
  const newsIds = ids('news');
  const strategyIds = ids('strategy');
  const news = newsIds.length ? await db.kysely.selectFrom('news').select(ARTICLE_COLUMNS).where('id', 'in', newsIds).execute() : [];
  const strategies = strategyIds.length
    ? await db.kysely.selectFrom('strategies').select(ARTICLE_COLUMNS).where('id', 'in', strategyIds).execute()
    : [];
  const byKey = new Map<string, ColumnArticle>();
  for (const n of news) byKey.set(`news:${n.id}`, { kind: 'news', ...n });
  for (const s of strategies) byKey.set(`strategy:${s.id}`, { kind: 'strategy', ...s });
  return links.flatMap((l) => {
    const a = byKey.get(`${l.kind}:${l.ref_id}`);
    return a ? [a] : [];
  });
}
