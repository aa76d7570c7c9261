// Endpoints of the study area (see docs/architecture.md, "The API contract"): strategies, the going list, sign-up info and
// syllabus, columns and search (courses: course.ts, e-books: ebook.ts).
import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { count, id, paged, text } from './fields';

const subject = { genus_id: id(), category_id: id() };

export const strategyItem = z.object({
  id: z.number(),
  genus_id: z.number(),
  category_id: z.number(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  author: z.string(),
  view_count: z.number(),
  is_top: z.number(),
  published_at: z.number(),
});
export type StrategyItem = z.infer<typeof strategyItem>;
const strategyDetail = z.extend(strategyItem, {
  content: z.string(),
  /** `content` as HTML, rendered by the server once per version with the client's Markdown renderer and options (raw HTML and unsafe links dropped). */
  content_html: z.string(),
});

const goingItem = z.object({
  id: z.number(),
  kind: z.enum(['exam', 'plan']),
  title: z.string(),
  description: z.string(),
  link: z.string(),
  start_at: z.number(),
  end_at: z.number(),
  /** Percent of the span elapsed, 0–100, full precision (the client shows 2 decimals). */
  progress: z.number(),
});
export type GoingItem = z.infer<typeof goingItem>;

const guide = z.object({
  id: z.number(),
  genus_id: z.number(),
  category_id: z.number(),
  kind: z.enum(['signup', 'outline']),
  title: z.string(),
  content: z.string(),
  /** `content` as HTML, rendered by the server once per version with the client's Markdown renderer and options (raw HTML and unsafe links dropped). */
  content_html: z.string(),
  /** Official registration site (sign-up info) or '' (syllabus). */
  link: z.string(),
  updated_at: z.number(),
});

const column = z.object({
  id: z.number(),
  genus_id: z.number(),
  title: z.string(),
  intro: z.string(),
  cover: z.string(),
  article_count: z.number(),
});
const columnArticle = z.object({
  kind: z.enum(['news', 'strategy']),
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  view_count: z.number(),
  published_at: z.number(),
});

export const searchKinds = ['news', 'strategy', 'course', 'ebook'] as const;
export type SearchKind = (typeof searchKinds)[number];
const searchHit = z.object({
  kind: z.enum(searchKinds),
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  /** Publication (news, strategies) or creation time (courses, e-books), unix seconds. */
  published_at: z.number(),
  /** 1 when every search term is in the title (ranked above body-only hits). */
  title_hit: z.number(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const strategyList = endpoint({
  id: 'study.strategy',
  method: 'GET',
  host: 'platform',
  path: '/api/genus/strategy',
  input: z.object({ ...subject, ...paged(10) }),
  output: z.array(strategyItem),
  auth: 'none',
  summary: '备考攻略分页列表（置顶优先，再按发布时间倒序）',
});
export const strategyDetailEndpoint = endpoint({
  id: 'study.strategy_detail',
  method: 'GET',
  host: 'platform',
  path: '/api/genus/strategy_detail',
  input: z.object({ id: id() }),
  output: strategyDetail,
  auth: 'none',
  summary: '备考攻略正文（Markdown）',
  errors: [CODE.notFound],
});
export const strategyView = endpoint({
  id: 'study.strategy_view',
  method: 'POST',
  host: 'platform',
  path: '/api/genus/strategy/view',
  input: z.object({ id: id() }),
  output: z.object({ view_count: z.number() }),
  auth: 'none',
  summary: '攻略浏览量 +1，返回新值',
  errors: [CODE.notFound],
});
export const going = endpoint({
  id: 'study.going',
  method: 'GET',
  host: 'platform',
  path: '/api/genus/going',
  input: z.object(subject),
  output: z.array(goingItem),
  auth: 'none',
  summary: '进行中的考试与备考计划（progress 为已进行百分比，客户端保留 2 位小数），最先结束的在前，最多 10 条',
});
export const signUpInfo = endpoint({
  id: 'study.sign_up_info',
  method: 'GET',
  host: 'platform',
  path: '/api/genus/sign_up_info',
  input: z.object(subject),
  output: guide,
  auth: 'none',
  summary: '科目的报名入口与报名须知',
  errors: [CODE.notFound],
});
export const outline = endpoint({
  id: 'study.outline',
  method: 'GET',
  host: 'platform',
  path: '/api/genus/outline',
  input: z.object(subject),
  output: guide,
  auth: 'none',
  summary: '科目的考试大纲',
  errors: [CODE.notFound],
});
export const columnList = endpoint({
  id: 'study.column',
  method: 'GET',
  host: 'platform',
  path: '/api/genus/column',
  input: z.object({ genus_id: id() }),
  output: z.array(column),
  auth: 'none',
  summary: '大类下的专栏（文章合集）',
  errors: [CODE.notFound],
});
export const columnContent = endpoint({
  id: 'study.column_content',
  method: 'GET',
  host: 'platform',
  path: '/api/genus/column/content',
  input: z.object({ column_id: id() }),
  output: z.extend(column, { items: z.array(columnArticle) }),
  auth: 'none',
  summary: '专栏信息及其文章（资讯与攻略，按专栏内顺序）',
  errors: [CODE.notFound],
});
export const search = endpoint({
  id: 'study.search',
  method: 'POST',
  host: 'platform',
  path: '/api/genus/search',
  input: z.object({ ...subject, word: text(50), count: count(10, 30) }),
  output: z.object({
    word: z.string(),
    total: z.number(),
    news: z.array(searchHit),
    strategy: z.array(searchHit),
    course: z.array(searchHit),
    ebook: z.array(searchHit),
  }),
  auth: 'none',
  summary: '在所选科目内按标题和正文搜索资讯、攻略、课程、电子书；标题命中在前，再按时间倒序；count 为每类条数',
});
