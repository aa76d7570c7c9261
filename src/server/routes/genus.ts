import { sql } from 'kysely';
import * as genus from '../../contract/genus';
import { handle, type RouteHandler } from '../http/define';
import { notFound } from '../http/errors';
import { ensureSubject } from '../services/subjects';

/** Feed ids of strategies are offset so that they never collide with news ids. */
const STRATEGY_FEED_ID = 1_000_000_000;
const NEWS_COLUMNS = ['id', 'genus_id', 'category_id', 'title', 'summary', 'cover', 'source', 'view_count', 'published_at'] as const;

export const genusRoutes: RouteHandler[] = [
  handle(genus.genusList, async (_input, ctx) =>
    ctx.db.kysely.selectFrom('genera').select(['id', 'name', 'icon', 'description']).orderBy('sort').orderBy('id').execute(),
  ),

  handle(genus.categoryList, async (input, ctx) => {
    const g = await ctx.db.kysely.selectFrom('genera').select('id').where('id', '=', input.genus_id).executeTakeFirst();
    if (!g) throw notFound(`考试大类 genus_id ${input.genus_id} `);
    return ctx.db.kysely
      .selectFrom('categories')
      .select(['id', 'genus_id', 'name'])
      .where('genus_id', '=', input.genus_id)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }),

  handle(genus.news, async (input, ctx) => {
    await ensureSubject(ctx, input.genus_id, input.category_id);
    return ctx.db.kysely
      .selectFrom('news')
      .select(NEWS_COLUMNS)
      .where('genus_id', '=', input.genus_id)
      .where('category_id', '=', input.category_id)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.count)
      .offset(input.offset)
      .execute();
  }),

  handle(genus.newsDetailEndpoint, async (input, ctx) => {
    const row = await ctx.db.kysely.selectFrom('news').select([...NEWS_COLUMNS, 'content', 'author']).where('id', '=', input.id).executeTakeFirst();
    if (!row) throw notFound(`资讯 id ${input.id} `);
    return row;
  }),

  handle(genus.newsView, async (input, ctx) => {
    const db = ctx.db.kysely;
    const res = await db.updateTable('news').set((eb) => ({ view_count: eb('view_count', '+', 1) })).where('id', '=', input.id).executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw notFound(`资讯 id ${input.id} `);
    const row = await db.selectFrom('news').select('view_count').where('id', '=', input.id).executeTakeFirstOrThrow();
    return { view_count: row.view_count };
  }),

  handle(genus.noticeList, async (input, ctx) => {
    let q = ctx.db.kysely.selectFrom('notices').select(['id', 'title', 'link', 'created_at']);
    if (input.genus_id !== undefined) {
      const gid = input.genus_id;
      q = q.where((eb) => eb.or([eb('genus_id', 'is', null), eb('genus_id', '=', gid)]));
    }
    if (input.category_id !== undefined) {
      const cid = input.category_id;
      q = q.where((eb) => eb.or([eb('category_id', 'is', null), eb('category_id', '=', cid)]));
    }
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(input.count).offset(input.offset).execute();
  }),

  handle(genus.bannerList, async (input, ctx) => {
    await ensureSubject(ctx, input.genus_id, input.category_id);
    return ctx.db.kysely
      .selectFrom('banners')
      .select(['id', 'title', 'image', 'link', 'type'])
      .where('type', '=', input.type)
      .where((eb) =>
        eb.or([
          eb.and([eb('genus_id', 'is', null), eb('category_id', 'is', null)]),
          eb.and([eb('genus_id', '=', input.genus_id), eb('category_id', '=', input.category_id)]),
        ]),
      )
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }),

  handle(genus.bannerDetailEndpoint, async (input, ctx) => {
    const row = await ctx.db.kysely.selectFrom('banners').select(['id', 'title', 'image', 'link', 'type', 'content']).where('id', '=', input.id).executeTakeFirst();
    if (!row) throw notFound(`轮播图 id ${input.id} `);
    return row;
  }),

  handle(genus.homePageNews, async (input, ctx) => {
    let q = ctx.db.kysely.selectFrom('news').select(NEWS_COLUMNS).where('is_home', '=', 1);
    if (input.genus_id !== undefined) q = q.where('genus_id', '=', input.genus_id);
    if (input.category_id !== undefined) q = q.where('category_id', '=', input.category_id);
    return q.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(5).execute();
  }),

  // News and strategies of the subject in one feed: recommended ones (news is_home, strategies is_top) first.
  handle(genus.homePage, async (input, ctx) => {
    await ensureSubject(ctx, input.genus_id, input.category_id);
    const db = ctx.db.kysely;
    const columns = ['id as ref_id', 'title', 'summary', 'cover', 'view_count', 'published_at'] as const;
    const rows = await db
      .selectFrom('news')
      .select([sql<string>`'news'`.as('kind'), ...columns, 'is_home as pinned'])
      .where('genus_id', '=', input.genus_id)
      .where('category_id', '=', input.category_id)
      .unionAll(
        db
          .selectFrom('strategies')
          .select([sql<string>`'strategy'`.as('kind'), ...columns, 'is_top as pinned'])
          .where('genus_id', '=', input.genus_id)
          .where('category_id', '=', input.category_id),
      )
      .orderBy('pinned', 'desc')
      .orderBy('published_at', 'desc')
      .orderBy('kind')
      .orderBy('ref_id', 'desc')
      .limit(input.count)
      .offset(input.offset)
      .execute();
    return rows.map(({ pinned: _pinned, kind, ...r }) =>
      kind === 'strategy' ? { ...r, id: STRATEGY_FEED_ID + r.ref_id, kind: 'strategy' as const } : { ...r, id: r.ref_id, kind: 'news' as const },
    );
  }),

  handle(genus.hotWordList, async (input, ctx) => {
    let q = ctx.db.kysely.selectFrom('hot_words').select(['id', 'word', 'hot']);
    if (input.genus_id !== undefined) {
      const gid = input.genus_id;
      q = q.where((eb) => eb.or([eb('genus_id', 'is', null), eb('genus_id', '=', gid)]));
    }
    return q.orderBy('hot', 'desc').orderBy('id').limit(input.count).offset(input.offset).execute();
  }),
];
