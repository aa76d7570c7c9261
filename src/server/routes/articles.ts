import * as articles from '../../contract/articles';
import { handle, type RouteHandler } from '../http/define';
import { notFound } from '../http/errors';
import { articleOfKind, listSkills, skillDetail } from '../services/articles-content';
import { faqDetail, listFaq } from '../services/articles-faq';
import { ARTICLE_KIND } from '../services/articles-kinds';

const QA_COLUMNS = ['id', 'title', 'tag', 'asker', 'answerer', 'answerer_title', 'view_count', 'created_at'] as const;

/** Handlers of the articles area's contract endpoints. */
export const articlesRoutes: RouteHandler[] = [
  handle(articles.faqList, async (input, ctx) => listFaq(ctx, input)),
  handle(articles.faqDetail, async (input, ctx) => faqDetail(ctx, input.id)),

  handle(articles.answerQuestionList, async (input, ctx) =>
    ctx.db.kysely
      .selectFrom('answer_questions')
      .select(QA_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
  ),
  handle(articles.answerQuestionDetail, async (input, ctx) => {
    const row = await ctx.db.kysely
      .selectFrom('answer_questions')
      .select([...QA_COLUMNS, 'question', 'answer', 'answered_at'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!row) throw notFound(`问答 id ${input.id} `);
    return row;
  }),

  handle(articles.skillList, async (input, ctx) => listSkills(ctx, input)),
  handle(articles.politicsSkillDetail, async (input, ctx) => skillDetail(ctx, 'politics', input.skill_id, '政治技巧 skill_id')),
  handle(articles.kaoGongSkillDetail, async (input, ctx) => skillDetail(ctx, 'kao_gong', input.id, '面试技巧 id')),
  handle(articles.pubMedMathSkillDetail, async (input, ctx) => skillDetail(ctx, 'pub_med_math', input.id, '数学技巧 id')),

  handle(articles.skillReadInfo, async (input, ctx) => {
    const row = await ctx.db.kysely
      .selectFrom('content_articles')
      .select(['title', 'content', 'published_at'])
      .where('kind', '=', ARTICLE_KIND.guide)
      .where('slug', '=', input.type)
      .executeTakeFirst();
    if (!row) throw notFound(`说明文章 type ${input.type} `);
    return { type: input.type, title: row.title, content: row.content, updated_at: row.published_at };
  }),

  handle(articles.learningMaterialsDetail, async (input, ctx) => {
    const r = await articleOfKind(ctx, ARTICLE_KIND.material, input.id, '学习资料 id');
    return { id: r.id, title: r.title, summary: r.summary, cover: r.cover, author: r.author, content: r.content, published_at: r.published_at };
  }),
  handle(articles.advertsH5Detail, async (input, ctx) => {
    const r = await articleOfKind(ctx, ARTICLE_KIND.advert, input.id, '推荐内容 id');
    return { id: r.id, title: r.title, cover: r.cover, content: r.content, link: r.link, link_text: r.link_text, published_at: r.published_at };
  }),
  handle(articles.schoolNewsDetail, async (input, ctx) => {
    const r = await articleOfKind(ctx, ARTICLE_KIND.schoolNews, input.id, '院校资讯 id');
    return { id: r.id, school: r.school, title: r.title, source: r.source, content: r.content, published_at: r.published_at };
  }),
  handle(articles.nemtSchoolNewsDetail, async (input, ctx) => {
    const r = await articleOfKind(ctx, ARTICLE_KIND.nemtSchoolNews, input.id, '高考院校资讯 id');
    return { id: r.id, school: r.school, title: r.title, source: r.source, content: r.content, published_at: r.published_at };
  }),

  handle(articles.feedbackHtmlContent, async (input, ctx) => {
    let sql = ctx.db.kysely
      .selectFrom('content_articles')
      .select(['id', 'title', 'content', 'published_at'])
      .where('kind', '=', ARTICLE_KIND.feedbackHelp);
    sql = input.id === undefined ? sql.orderBy('sort').orderBy('id').limit(1) : sql.where('id', '=', input.id);
    const row = await sql.executeTakeFirst();
    if (!row) throw notFound(input.id === undefined ? '反馈说明' : `反馈说明 id ${input.id} `);
    return { id: row.id, title: row.title, content: row.content, updated_at: row.published_at };
  }),
];
