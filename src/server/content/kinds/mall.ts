/**
 * demo/mall/goods.json: the mall's physical goods, VIP goods and promotions (a good that sells a catalogue item at
 * another price, e.g. 0 元领). Goods for the paid courses, e-books and question banks are made by the seed from the
 * catalogue itself. Money is fen; genus '' = every subject, category '' = the whole genus.
 */
import { z } from 'zod';
import { OWNED_KINDS } from '../../../protocol/owned-content';
import { text, textList } from '../fields';
import { type ContentDir, readJson } from '../files';

const fen = z.int().min(0, { error: '金额（分）不能为负' });
const flag = z.union([z.literal(0), z.literal(1)], { error: '只能是 0 或 1' });

const physical = z.strictObject({
  slug: z.string().regex(/^[a-z0-9-]+$/, { error: '只能用小写字母、数字和 -' }),
  name: text(),
  genus: z.string(),
  category: z.string(),
  price: fen,
  display_price: fen,
  stock: z.int().min(0),
  is_hot: flag,
  is_top: flag,
  is_recommend: flag,
  must_buy: flag,
  buy_gift: z.string(),
  selling_points: textList(),
  description: text(),
});

const vip = z.strictObject({
  vip_type: text(),
  name: text(),
  days: z.int().min(1),
  price: fen,
  display_price: fen,
  /** The plan the VIP page recommends (推荐): the operator's choice, shown as such. */
  is_recommend: flag,
  must_buy: flag,
  selling_points: textList(),
});

const promotion = z.strictObject({
  sells: z.strictObject({ kind: z.enum(OWNED_KINDS), name: text(), category: text() }),
  name: text(),
  price: fen,
  is_top: flag,
  selling_points: textList(),
});

const goodsFile = z.object({
  $comment: z.string().optional(),
  physical: z.array(physical),
  vip: z.array(vip),
  promotions: z.array(promotion),
});

/** demo/mall/vip-codes.json: demo redemption codes (valid_days < 0: already expired, to try the message). */
const codesFile = z.object({
  $comment: z.string().optional(),
  codes: z.array(
    z.strictObject({
      code: z.string().regex(/^[A-Z0-9]{8,32}$/, { error: '须为 8–32 位大写字母或数字' }),
      vip_type: text(),
      days: z.int().min(1),
      valid_days: z.int(),
    }),
  ),
});

export type MallContent = z.output<typeof goodsFile> & { codes: z.output<typeof codesFile>['codes'] };
export const loadMall = (dir: ContentDir): MallContent => ({
  ...readJson(dir, 'demo/mall/goods.json', goodsFile),
  codes: readJson(dir, 'demo/mall/vip-codes.json', codesFile).codes,
});
