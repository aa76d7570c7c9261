import * as study from '../../contract/study';
import { handle, type RouteHandler } from '../http/define';
import { notFound } from '../http/errors';
import { searchContent } from '../services/search-service';
import { columnArticles, columnsOf } from '../services/study-columns';
import { goingList } from '../services/study-going';
import { ensureSubject } from '../services/subjects';

const STRATEGY_COLUMNS = [
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
const GUIDE_COLUMNS = ['id', 'genus_id', 'category_id', 'kind', 'title', 'content', 'link', 'updated_at'] as const;
const GUIDE_NAME = { signup: '报名信息', outline: '考试大纲' } as const;

/** Handlers of the study area's contract endpoints. */
export const studyRoutes: RouteHandler[] = [
  handle(study.strategyList, async (input, ctx) => {
    await ensureSubject(ctx, input.genus_id, input.category_id);
    return ctx.db.kysely
      .selectFrom('strategies')
      .select(STRATEGY_COLUMNS)
      .where('genus_id', '=', input.genus_id)
      .where('category_id', '=', input.category_id)
      .orderBy('is_top', 'desc')
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.count)
      .offset(input.offset)
      .execute();
  }),

  handle(study.strategyDetailEndpoint, async (input, ctx) => {
    const row = await ctx.db.kysely
      .selectFrom('strategies')
      .select([...STRATEGY_COLUMNS, 'content'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!row) throw notFound(`攻略 id ${input.id} `);
    return row;
  }),

  handle(study.strategyView, async (input, ctx) => {
    const db = ctx.db.kysely;
    const res = await db
      .updateTable('strategies')
      .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw notFound(`攻略 id ${input.id} `);
    const row = await db.selectFrom('strategies').select('view_count').where('id', '=', input.id).executeTakeFirstOrThrow();
    return { view_count: row.view_count };
  }),

  handle(study.going, async (input, ctx) => {
    await ensureSubject(ctx, input.genus_id, input.category_id);
    return goingList(ctx.db, input.genus_id, input.category_id, ctx.clock());
  }),

  ...(['signup', 'outline'] as const).map((kind) =>
    handle(kind === 'signup' ? study.signUpInfo : study.outline, async (input, ctx) => {
      await ensureSubject(ctx, input.genus_id, input.category_id);
      const row = await ctx.db.kysely
        .selectFrom('exam_guides')
        .select(GUIDE_COLUMNS)
        .where('category_id', '=', input.category_id)
        .where('kind', '=', kind)
        .executeTakeFirst();
      if (!row) throw notFound(`科目 category_id ${input.category_id} 的${GUIDE_NAME[kind]}`);
      return row;
    }),
  ),

  handle(study.columnList, async (input, ctx) => {
    const g = await ctx.db.kysely.selectFrom('genera').select('id').where('id', '=', input.genus_id).executeTakeFirst();
    if (!g) throw notFound(`考试大类 genus_id ${input.genus_id} `);
    return columnsOf(ctx.db, input.genus_id);
  }),

  handle(study.columnContent, async (input, ctx) => {
    const column = await ctx.db.kysely
      .selectFrom('study_columns')
      .select(['id', 'genus_id', 'title', 'intro', 'cover'])
      .where('id', '=', input.column_id)
      .executeTakeFirst();
    if (!column) throw notFound(`专栏 column_id ${input.column_id} `);
    const items = await columnArticles(ctx.db, column.id);
    return { ...column, article_count: items.length, items };
  }),

  handle(study.search, async (input, ctx) => {
    await ensureSubject(ctx, input.genus_id, input.category_id);
    return searchContent(ctx.db, input);
  }),

  handle(study.courseList, async (input, ctx) => {
    await ensureSubject(ctx, input.genus_id, input.category_id);
    return ctx.db.kysely
      .selectFrom('courses')
      .select([
        'id',
        'genus_id',
        'category_id',
        'name',
        'intro',
        'cover',
        'teacher',
        'lesson_count',
        'member_count',
        'price',
        'is_free',
        'is_hot',
        'is_recommend',
        'created_at',
      ])
      .where('genus_id', '=', input.genus_id)
      .where('category_id', '=', input.category_id)
      .orderBy('is_recommend', 'desc')
      .orderBy('is_hot', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.count)
      .offset(input.offset)
      .execute();
  }),

  handle(study.ebookList, async (input, ctx) => {
    await ensureSubject(ctx, input.genus_id, input.category_id);
    return ctx.db.kysely
      .selectFrom('ebooks')
      .select(['id', 'genus_id', 'category_id', 'name', 'intro', 'cover', 'author', 'chapter_count', 'price', 'is_free', 'created_at'])
      .where('genus_id', '=', input.genus_id)
      .where('category_id', '=', input.category_id)
      .orderBy('is_free', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.count)
      .offset(input.offset)
      .execute();
  }),
];
