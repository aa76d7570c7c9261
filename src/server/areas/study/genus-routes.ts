import * as genus from '../../../contract/study-genus';
import { handle, type RouteHandler } from '../../http/define';
import { homeFeed } from './genus-feed';
import { bannerDetail, listBanners, listHotWords, listNotices } from './genus-home';
import { homePageNews, listNews, newsDetail, viewNews } from './genus-news';

/** Handlers of the study content on the `genus.*` wire: news, notices, banners, hot words, the home feed. */
export const genusRoutes: RouteHandler[] = [
  handle(genus.news, async (input, ctx) => listNews(ctx, input)),
  handle(genus.newsDetailEndpoint, async (input, ctx) => newsDetail(ctx, ctx.user?.id ?? null, input.id)),
  handle(genus.newsView, async (input, ctx) => viewNews(ctx, input.id)),
  handle(genus.noticeList, async (input, ctx) => listNotices(ctx, input)),
  handle(genus.bannerList, async (input, ctx) => listBanners(ctx, input)),
  handle(genus.bannerDetailEndpoint, async (input, ctx) => bannerDetail(ctx, input.id)),
  handle(genus.homePageNews, async (input, ctx) => homePageNews(ctx, input)),
  handle(genus.homePage, async (input, ctx) => homeFeed(ctx, input)),
  handle(genus.hotWordList, async (input, ctx) => listHotWords(ctx, input)),
];
