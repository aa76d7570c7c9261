import * as goods from '../../../contract/catalog';
import { handle, type RouteHandler } from '../../http/define';
import { genusCategoryOf, goodsDetail, listGoods, mappingOf, mustBuy } from './goods-catalog';

/** Handlers of the goods endpoints: what is for sale, at what price (ordering a good is the orders area's). */
export const catalogRoutes: RouteHandler[] = [
  handle(goods.mustBuyList, async (input, ctx) => mustBuy(ctx, ctx.user?.id ?? null, input)),
  handle(goods.list, async (input, ctx) => listGoods(ctx, ctx.user?.id ?? null, input)),
  handle(goods.detail, async (input, ctx) => goodsDetail(ctx, ctx.user.id, input.id)),
  handle(goods.genusCategory, async (input, ctx) => genusCategoryOf(ctx, input.id)),
  handle(goods.mapping, async (input, ctx) => mappingOf(ctx, input)),
];
