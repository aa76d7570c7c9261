import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { id, optionalId, paged } from './fields';

export const newsItem = z.object({
  id: z.number(),
  genus_id: z.number(),
  category_id: z.number(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  source: z.string(),
  view_count: z.number(),
  published_at: z.number(),
});
export type NewsItem = z.infer<typeof newsItem>;
const newsDetail = z.extend(newsItem, {
  content: z.string(),
  /** `content` as HTML, rendered by the server once per version with the client's Markdown renderer and options (raw HTML and unsafe links dropped). */
  content_html: z.string(),
  author: z.string(),
  /** 1 when the logged-in caller has collected this item (always 0 for a visitor). */
  has_collect: z.number(),
  /** The caller's collection id of this item (for `user_center.collection_remove`), 0 when none. */
  collection_id: z.number(),
});
const notice = z.object({ id: z.number(), title: z.string(), link: z.string(), created_at: z.number() });
export type Notice = z.infer<typeof notice>;
const banner = z.object({ id: z.number(), title: z.string(), image: z.string(), link: z.string(), type: z.number() });
export type Banner = z.infer<typeof banner>;
const bannerDetail = z.extend(banner, {
  content: z.string(),
  /** `content` as HTML, rendered by the server once per version with the client's Markdown renderer and options (raw HTML and unsafe links dropped). */
  content_html: z.string(),
});
/** `id` is unique within the feed (news: the news id; strategy: 1000000000 + the strategy id); open by kind + ref_id. */
const feedItem = z.object({
  id: z.number(),
  kind: z.enum(['news', 'notice', 'strategy']),
  ref_id: z.number(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  view_count: z.number(),
  published_at: z.number(),
});
export type FeedItem = z.infer<typeof feedItem>;
const hotWord = z.object({ id: z.number(), word: z.string(), hot: z.number() });

const subject = { genus_id: id(), category_id: id() };

export const news = endpoint({
  id: 'genus.news',
  method: 'GET',
  host: 'platform',
  path: '/api/genus/news',
  input: z.object({ ...subject, ...paged(10) }),
  output: z.array(newsItem),
  auth: 'none',
  summary: '资讯分页列表，按发布时间倒序',
});
export const newsDetailEndpoint = endpoint({
  id: 'genus.news_detail',
  method: 'GET',
  host: 'platform',
  path: '/api/genus/news_detail',
  input: z.object({ id: id() }),
  output: newsDetail,
  auth: 'optional',
  summary: '资讯正文（Markdown）；登录用户还得到自己的收藏状态（has_collect、collection_id）',
  errors: [CODE.notFound],
});
export const newsView = endpoint({
  id: 'genus.news_view',
  method: 'GET',
  host: 'platform',
  path: '/api/genus/news/view',
  input: z.object({ id: id() }),
  output: z.object({ view_count: z.number() }),
  auth: 'none',
  effect: true,
  summary: '资讯浏览量 +1，返回新值',
  errors: [CODE.notFound],
});
export const noticeList = endpoint({
  id: 'genus.notice',
  method: 'GET',
  host: 'platform',
  path: '/api/genus/notice',
  input: z.object({ genus_id: optionalId(), category_id: optionalId(), ...paged(5) }),
  output: z.array(notice),
  auth: 'none',
  summary: '公告（首页取 offset 0, count 5）',
});
export const bannerList = endpoint({
  id: 'genus.banner',
  method: 'GET',
  host: 'platform',
  path: '/api/genus/banner',
  input: z.object({ ...subject, type: z._default(id(), 1) }),
  output: z.array(banner),
  auth: 'none',
  summary: '轮播图；type 1 学习首页，2 商城',
});
export const bannerDetailEndpoint = endpoint({
  id: 'genus.banner_detail',
  method: 'GET',
  host: 'platform',
  path: '/api/genus/banner_detail',
  input: z.object({ id: id() }),
  output: bannerDetail,
  auth: 'none',
  summary: '轮播图详情',
  errors: [CODE.notFound],
});
export const homePageNews = endpoint({
  id: 'genus.home_page_news',
  method: 'GET',
  host: 'platform',
  path: '/api/genus/home_page_news',
  input: z.object({ genus_id: optionalId(), category_id: optionalId() }),
  output: z.array(newsItem),
  auth: 'none',
  summary: '首页推荐资讯（最多 5 条）',
});
export const homePage = endpoint({
  id: 'genus.home_page',
  method: 'GET',
  host: 'platform',
  path: '/api/genus/home_page',
  input: z.object({ ...subject, ...paged(10) }),
  output: z.array(feedItem),
  auth: 'none',
  summary: '首页信息流分页：资讯与备考攻略，推荐（is_home / 置顶）在前，再按发布时间倒序',
});
export const hotWordList = endpoint({
  id: 'genus.hot_word',
  method: 'GET',
  host: 'platform',
  path: '/api/genus/hot_word',
  input: z.object({ genus_id: optionalId(), category_id: optionalId(), ...paged(10) }),
  output: z.array(hotWord),
  auth: 'none',
  summary: '热搜词（offset 0, count 10）',
});
