import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type * as genus from '../../../contract/study-genus';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import { withContentHtml } from '../articles';
import { ensureSubject } from '../subjects';

/** Lists leave out the Markdown body (`content`) they never show: each would be read for nothing. */
const NEWS_WITHOUT_BODY = ['id', 'genus_id', 'category_id', 'title', 'summary', 'cover', 'source', 'view_count', 'published_at'] as const;

/** One page of the subject's news, newest first. */
export async function listNews(s: Services, q: ParsedInputOf<typeof genus.news>): Promise<OutputOf<typeof genus.news>> {
  await ensureSubject(s, q.genus_id, q.category_id);
  return s.db.kysely
    .selectFrom('news')
    .select(NEWS_WITHOUT_BODY)
    .where('genus_id', '=', q.genus_id)
    .where('category_id', '=', q.category_id)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.count)
    .offset(q.offset)
    .execute();
}

/** One news item with its body; a logged-in caller (`userId`) also gets whether they collected it. */
export async function newsDetail(s: Services, userId: number | null, id: number): Promise<OutputOf<typeof genus.newsDetailEndpoint>> {
  const db = s.db.kysely;
  const row = await db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`资讯 id ${id} `);
  const collected =
    userId === null
      ? undefined
      : await db
          .selectFrom('collections')
          .select('id')
          .where('user_id', '=', userId)
          .where('type', '=', 'news')
          .where('ref_id', '=', id)
          .executeTakeFirst();
  return { ...withContentHtml(row), has_collect: collected ? 1 : 0, collection_id: collected?.id ?? 0 };
}

/** Counts one view and returns the new count. */
export async function viewNews(s: Services, id: number): Promise<OutputOf<typeof genus.newsView>> {
  const db = s.db.kysely;
  // Look first: a refused view writes nothing (an UPDATE of no row would still fire PostgreSQL's cache trigger).
  const found = await db.selectFrom('news').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) throw notFound(`资讯 id ${id} `);
  const res = await db
    .updateTable('news')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound(`资讯 id ${id} `);
  return db.selectFrom('news').select('view_count').where('id', '=', id).executeTakeFirstOrThrow();
}

/** The newest five news recommended for the home page (is_home 1), of the genus / category when given. */
export async function homePageNews(s: Services, q: ParsedInputOf<typeof genus.homePageNews>): Promise<OutputOf<typeof genus.homePageNews>> {
  let sql = s.db.kysely.selectFrom('news').select(NEWS_WITHOUT_BODY).where('is_home', '=', 1);
  if (q.genus_id !== undefined) sql = sql.where('genus_id', '=', q.genus_id);
  if (q.category_id !== undefined) sql = sql.where('category_id', '=', q.category_id);
  return sql.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(5).execute();
}
