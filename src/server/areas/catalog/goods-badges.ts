/**
 * The badges a good may show must be true. 热销 (`is_hot`) is derived from sales, never set by hand: a good is a hot
 * seller once it has sold at least `HOT_SALES` (its `sales_volume`, paid orders less refunds). 置顶 (`is_top`) is an
 * operator's ordering flag: it orders lists and is never shown to users as a badge.
 */

/** Sold at least this many: 热销. */
export const HOT_SALES = 50;

/** 1 when the good's sales make 热销 true. */
export function hotOf(salesVolume: number): 0 | 1 {
  return salesVolume >= HOT_SALES ? 1 : 0;
}
