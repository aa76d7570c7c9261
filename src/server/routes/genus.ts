import * as genus from '../../contract/genus';
import { handle, type RouteHandler } from '../http/define';
import { homeFeed } from '../services/genus-feed';
import { bannerDetail, listBanners, listHotWords, listNotices } from '../services/genus-home';
import { homePageNews, listNews, newsDetail, viewNews } from '../services/genus-news';
import { listCategories, listGenera } from '../services/genus-subjects';

/** Handlers of the genus area's contract endpoints. */
export const genusRoutes: RouteHandler[] = [
  handle(genus.genusList, async (_input, ctx) => listGenera(ctx)),
  handle(genus.categoryList, async (input, ctx) => listCategories(ctx, input.genus_id)),
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
