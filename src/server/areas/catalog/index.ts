/**
 * The `catalog` area's door. Goods: what is for sale and at what price.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { catalogRoutes } from './routes';

export const catalogArea = defineArea({
  name: 'catalog',
  routes: [...catalogRoutes],
});

export { HOT_SALES, hotOf } from './goods-badges';
export { type GoodsRow, genusCategoryOf, goodsDetail, listGoods, mappingOf, mustBuy, offerPrices } from './goods-catalog';
