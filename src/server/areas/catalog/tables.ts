import type { Generated } from 'kysely';

/** Tables of the catalog: the goods for sale. Money is fen; flags 0/1 (joined into Database in ../../db/schema.ts). */
export interface GoodsTable {
  id: Generated<number>;
  /** course, ebook, question_bank, vip, physical. */
  kind: string;
  /** The course / e-book / top question bank sold (0 for vip and physical). */
  ref_id: number;
  vip_type: string;
  vip_days: number;
  /** 0: every subject. */
  genus_id: number;
  category_id: number;
  name: string;
  cover: string;
  cover_aspect_ratio: number;
  price: number;
  display_price: number;
  sales_volume: number;
  /** Physical goods: left to sell (never negative); -1: no stock (virtual). */
  stock: number;
  is_hot: number;
  is_top: number;
  is_recommend: number;
  must_buy: number;
  cet_vip: number;
  upgrade_vip: number;
  buy_gift: string;
  description: string;
  /** Selling points, one per line. */
  selling_point: string;
  on_sale: number;
  sort: number;
  created_at: number;
}

export interface CatalogTables {
  goods: GoodsTable;
}
