import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type * as uc from '../../../contract/users-center';
import type { CollectionType } from '../../../contract/users-center';
import type { Services } from '../../http/context';
import { badInput, notFound } from '../../http/errors';
import { courseLink } from '../courses';

/** What the collection list shows of a collected item (a snapshot taken when it is collected). */
interface Snapshot {
  genus_id: number;
  category_id: number;
  title: string;
  summary: string;
  cover: string;
  link: string;
}

type Resolver = (s: Services, refId: number) => Promise<Snapshot | undefined>;

/** Human names of the collection types, used in messages. */
export const TYPE_NAMES: Record<CollectionType, string> = {
  news: '资讯',
  strategy: '攻略',
  course: '课程',
  ebook: '电子书',
  question: '题目',
  goods: '商品',
};

/**
 * How each collectable type finds its item. News, courses and e-books exist today; the areas that add strategies,
 * courses, e-books, questions and goods register a resolver here and their type becomes collectable.
 */
const RESOLVERS: Partial<Record<CollectionType, Resolver>> = {
  news: async (s, refId) => {
    const n = await s.db.kysely
      .selectFrom('news')
      .select(['id', 'genus_id', 'category_id', 'title', 'summary', 'cover'])
      .where('id', '=', refId)
      .executeTakeFirst();
    return (
      n && {
        genus_id: n.genus_id,
        category_id: n.category_id,
        title: n.title,
        summary: n.summary,
        cover: n.cover,
        link: `/news/detail/${n.id}`,
      }
    );
  },
  course: async (s, refId) => {
    const c = await s.db.kysely
      .selectFrom('courses')
      .select(['id', 'genus_id', 'category_id', 'name', 'intro', 'cover', 'is_single'])
      .where('id', '=', refId)
      .executeTakeFirst();
    return (
      c && {
        genus_id: c.genus_id,
        category_id: c.category_id,
        title: c.name,
        summary: c.intro.slice(0, 200),
        cover: c.cover,
        link: courseLink(c),
      }
    );
  },
  goods: async (s, refId) => {
    const g = await s.db.kysely
      .selectFrom('goods')
      .select(['id', 'genus_id', 'category_id', 'name', 'selling_point', 'cover'])
      .where('id', '=', refId)
      .where('on_sale', '=', 1)
      .executeTakeFirst();
    return (
      g && {
        genus_id: g.genus_id,
        category_id: g.category_id,
        title: g.name,
        summary: g.selling_point.split('\n')[0] ?? '',
        cover: g.cover,
        link: `/mall/detail/${g.id}`,
      }
    );
  },
  ebook: async (s, refId) => {
    const e = await s.db.kysely
      .selectFrom('ebooks')
      .select(['id', 'genus_id', 'category_id', 'name', 'intro', 'cover'])
      .where('id', '=', refId)
      .executeTakeFirst();
    return (
      e && {
        genus_id: e.genus_id,
        category_id: e.category_id,
        title: e.name,
        summary: e.intro.slice(0, 200),
        cover: e.cover,
        link: `/ebook/detail/${e.id}`,
      }
    );
  },
};

/** One page of the user's collections, newest first; items that belong to no subject (genus 0) show under every subject. */
export async function listCollections(
  s: Services,
  userId: number,
  f: ParsedInputOf<typeof uc.collections>,
): Promise<OutputOf<typeof uc.collections>> {
  let q = s.db.kysely.selectFrom('collections').selectAll().where('user_id', '=', userId);
  if (f.type) q = q.where('type', '=', f.type);
  if (f.genus_id !== undefined) q = q.where('genus_id', 'in', [f.genus_id, 0]);
  if (f.category_id !== undefined) q = q.where('category_id', 'in', [f.category_id, 0]);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').offset(f.offset).limit(f.count).execute();
}

/** Collects an item; collecting it again returns the existing collection (created 0). */
export async function addCollection(
  s: Services,
  userId: number,
  type: CollectionType,
  refId: number,
): Promise<OutputOf<typeof uc.addCollection>> {
  const resolve = RESOLVERS[type];
  if (!resolve) throw badInput(`参数 type 暂不支持收藏${TYPE_NAMES[type]}（${type}）`);
  const snap = await resolve(s, refId);
  const db = s.db.kysely;
  if (!snap) throw notFound(`${TYPE_NAMES[type]} id ${refId} `);
  const res = await db
    .insertInto('collections')
    .values({ user_id: userId, type, ref_id: refId, ...snap, created_at: s.clock() })
    .onConflict((oc) => oc.columns(['user_id', 'type', 'ref_id']).doNothing())
    .executeTakeFirst();
  const row = await db
    .selectFrom('collections')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('ref_id', '=', refId)
    .executeTakeFirstOrThrow();
  return { id: row.id, created: Number(res.numInsertedOrUpdatedRows ?? 0) > 0 ? 1 : 0 };
}

/** Removes one of the user's own collections; another user's id is "not found" and nothing changes. */
export async function removeCollection(s: Services, userId: number, id: number): Promise<OutputOf<typeof uc.removeCollection>> {
  const res = await s.db.kysely.deleteFrom('collections').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound(`收藏 id ${id} `);
  return { id };
}
