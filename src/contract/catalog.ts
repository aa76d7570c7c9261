// Endpoints of the mall (spec §7 "Goods"): goods lists and detail with the caller's flags, a good's
// subject, the good that sells a course / e-book / question bank / VIP type, and order creation. Prices are fen and
// always come from the database.
import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { count, id, offset, optionalId } from './fields';

export const GOODS_KINDS = ['course', 'ebook', 'question_bank', 'vip', 'physical'] as const;
export type GoodsKind = (typeof GOODS_KINDS)[number];
const GOOD_IS_PUBLIC = { public: '商品是公开的目录内容' } as const;

/** Spec §3 "Goods item", plus what it sells. */
export const goodsItem = z.object({
  id: z.number(),
  kind: z.enum(GOODS_KINDS),
  /** The course / e-book / question bank it sells (0 for VIP and physical goods). */
  ref_id: z.number(),
  /** The VIP type a VIP good grants ('' otherwise) and for how many days. */
  vip_type: z.string(),
  vip_days: z.number(),
  genus_id: z.number(),
  category_id: z.number(),
  cover: z.string(),
  cover_aspect_ratio: z.number(),
  name: z.string(),
  sales_volume: z.number(),
  /** Fen: what the buyer pays, and the struck-through list price (0: none). */
  price: z.number(),
  display_price: z.number(),
  is_hot: z.number(),
  is_top: z.number(),
  is_recommend: z.number(),
  cet_vip: z.number(),
  upgrade_vip: z.number(),
  created_at: z.number(),
  buy_gift: z.string(),
  /** Physical goods: what is left to sell; -1 for goods without stock (virtual). */
  stock: z.number(),
  /** 1 when the caller already owns what it sells (a paid order, an entitlement or, for VIP goods, never). */
  has_pay: z.number(),
  description: z.string(),
  selling_point: z.array(z.string()),
  has_collect: z.number(),
  /** 1 when the caller may collect it (logged in). */
  can_collect: z.number(),
  /** Physical goods need a delivery address. */
  need_address: z.number(),
  /** Where what it sells opens once owned (src/protocol/owned-content.ts): '' for physical and VIP goods. */
  content_path: z.string(),
});
export type GoodsItem = z.infer<typeof goodsItem>;

export const mustBuyList = endpoint({
  id: 'goods.must_buy_list',
  method: 'GET',
  host: 'platform',
  path: '/api/goods/must_buy_list',
  input: z.object({ genus_id: optionalId(), category_id: optionalId() }),
  output: z.array(goodsItem),
  auth: 'optional',
  summary: '必买清单：运营置顶的商品（给了科目就只列该科目和通用的），带本人的 has_pay',
});
export const list = endpoint({
  id: 'goods.list',
  method: 'GET',
  host: 'platform',
  path: '/api/goods/v202402/list',
  input: z.object({
    genus_id: optionalId(),
    category_id: optionalId(),
    /** Several categories of the genus, comma separated ("1,2"). */
    category_ids: z.optional(z.string('须为字符串').check(z.regex(/^\d{1,10}(,\d{1,10}){0,19}$/, '须为逗号分隔的分类 id，最多 20 个'))),
    offset: offset(),
    limit: count(10),
  }),
  output: z.array(goodsItem),
  auth: 'optional',
  summary: '商城商品：科目的和通用的（置顶、排序在前，新的在前），按 offset / limit 翻页，带本人的 has_pay / has_collect',
  errors: [CODE.notFound],
});
export const detail = endpoint({
  id: 'goods.detail',
  method: 'GET',
  host: 'platform',
  path: '/api/goods/v202402/detail',
  input: z.object({ id: id() }),
  output: goodsItem,
  auth: 'required',
  summary: '商品详情（需登录）：卖点、介绍、库存、本人是否已购 / 已收藏',
  errors: [CODE.notFound],
  owns: { id: GOOD_IS_PUBLIC },
});
export const genusCategory = endpoint({
  id: 'goods.genus_category',
  method: 'GET',
  host: 'platform',
  path: '/api/goods/genus_category',
  input: z.object({ id: id() }),
  output: z.object({ genus_id: z.number(), category_id: z.number(), category_name: z.string() }),
  auth: 'optional',
  summary: '商品所属科目（通用商品为 0 / 空）',
  errors: [CODE.notFound],
});
export const mapping = endpoint({
  id: 'goods.mapping',
  method: 'GET',
  host: 'platform',
  path: '/api/goods/mapping',
  input: z.object({
    type: z.enum(['course', 'ebook', 'question_bank', 'vip'], '须为 course、ebook、question_bank、vip 之一'),
    /** The item's id, or for `vip` the VIP type's key. */
    id: z.string('须为字符串').check(z.minLength(1, '不能为空'), z.maxLength(32, '不能超过 32 个字符')),
  }),
  output: z.object({ good_id: z.number(), price: z.number(), display_price: z.number() }),
  auth: 'optional',
  summary: '卖某门课程 / 电子书 / 题库 / 某种会员的商品（在售的第一个）；没有在售商品 4004',
  errors: [CODE.notFound],
});
