import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type * as genus from '../../../contract/study-genus';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import { withContentHtml } from '../articles';
import { ensureSubject } from '../subjects';

/** Notices of the subject and those for every subject (genus / category NULL), newest first. */
export async function listNotices(s: Services, q: ParsedInputOf<typeof genus.noticeList>): Promise<OutputOf<typeof genus.noticeList>> {
  let sql = s.db.kysely.selectFrom('notices').selectAll();
  const { genus_id: genusId, category_id: categoryId } = q;
  if (genusId !== undefined) sql = sql.where((eb) => eb.or([eb('genus_id', 'is', null), eb('genus_id', '=', genusId)]));
  if (categoryId !== undefined) sql = sql.where((eb) => eb.or([eb('category_id', 'is', null), eb('category_id', '=', categoryId)]));
  return sql.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.count).offset(q.offset).execute();
}

/** Banners of one type for the subject plus those for every subject, in the editor's order. */
export async function listBanners(s: Services, q: ParsedInputOf<typeof genus.bannerList>): Promise<OutputOf<typeof genus.bannerList>> {
  await ensureSubject(s, q.genus_id, q.category_id);
  return s.db.kysely
    .selectFrom('banners')
    .selectAll()
    .where('type', '=', q.type)
    .where((eb) =>
      eb.or([
        eb.and([eb('genus_id', 'is', null), eb('category_id', 'is', null)]),
        eb.and([eb('genus_id', '=', q.genus_id), eb('category_id', '=', q.category_id)]),
      ]),
    )
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function bannerDetail(s: Services, id: number): Promise<OutputOf<typeof genus.bannerDetailEndpoint>> {
  const row = await s.db.kysely.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`轮播图 id ${id} `);
  return withContentHtml(row);
}

/** Hot search words of the genus and those for every genus, hottest first. */
export async function listHotWords(s: Services, q: ParsedInputOf<typeof genus.hotWordList>): Promise<OutputOf<typeof genus.hotWordList>> {
  let sql = s.db.kysely.selectFrom('hot_words').selectAll();
  const genusId = q.genus_id;
  if (genusId !== undefined) sql = sql.where((eb) => eb.or([eb('genus_id', 'is', null), eb('genus_id', '=', genusId)]));
  return sql.orderBy('hot', 'desc').orderBy('id').limit(q.count).offset(q.offset).execute();
}
