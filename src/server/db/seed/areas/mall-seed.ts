/**
 * The mall of the demo: one good per paid catalogue item (course, e-book, top question bank; its price and cover),
 * and the physical goods, VIP goods and promotions of content/demo/mall/goods.json (a promotion replaces its item's
 * good: one good per item, at the promotion's price). Runs inside the seed transaction,
 * after the catalogue and the VIP types.
 */
import type { Insertable, Transaction } from 'kysely';
import type { DemoContent } from '../../../content/load';
import type { Database, GoodsTable } from '../../schema';
import { chunks } from '../batch';

type Trx = Transaction<Database>;
type Row = Insertable<GoodsTable>;
const FILE = 'content/demo/mall/goods.json';

const base = {
  vip_type: '',
  vip_days: 0,
  sales_volume: 0,
  stock: -1,
  is_hot: 0,
  is_top: 0,
  is_recommend: 0,
  must_buy: 0,
  cet_vip: 0,
  upgrade_vip: 0,
  buy_gift: '',
  description: '',
  selling_point: '',
  on_sale: 1,
  sort: 100,
  cover_aspect_ratio: 1,
};

async function catalogueGoods(trx: Trx, now: number): Promise<Row[]> {
  const [courses, ebooks, banks] = await Promise.all([
    trx
      .selectFrom('courses')
      .select(['id', 'genus_id', 'category_id', 'name', 'intro', 'cover', 'cover_aspect_ratio', 'price', 'is_hot', 'is_recommend'])
      .where('is_free', '=', 0)
      .where('price', '>', 0)
      .execute(),
    trx
      .selectFrom('ebooks')
      .select(['id', 'genus_id', 'category_id', 'name', 'intro', 'cover', 'price'])
      .where('is_free', '=', 0)
      .where('price', '>', 0)
      .execute(),
    trx
      .selectFrom('question_banks')
      .select(['id', 'genus_id', 'category_id', 'name', 'intro', 'price'])
      .where('parent_id', 'is', null)
      .where('is_free', '=', 0)
      .where('price', '>', 0)
      .execute(),
  ]);
  const rows: Row[] = [];
  for (const c of courses) {
    rows.push({
      ...base,
      kind: 'course',
      ref_id: c.id,
      genus_id: c.genus_id,
      category_id: c.category_id,
      name: c.name,
      cover: c.cover,
      cover_aspect_ratio: Number(c.cover_aspect_ratio) || 1,
      price: c.price,
      display_price: 0,
      is_hot: c.is_hot,
      is_recommend: c.is_recommend,
      description: c.intro,
      created_at: now,
    });
  }
  for (const e of ebooks) {
    rows.push({
      ...base,
      kind: 'ebook',
      ref_id: e.id,
      genus_id: e.genus_id,
      category_id: e.category_id,
      name: `电子书：${e.name}`,
      cover: e.cover,
      cover_aspect_ratio: 0.75,
      price: e.price,
      display_price: 0,
      description: e.intro,
      created_at: now,
    });
  }
  for (const b of banks) {
    rows.push({
      ...base,
      kind: 'question_bank',
      ref_id: b.id,
      genus_id: b.genus_id,
      category_id: b.category_id,
      name: `题库：${b.name}`,
      cover: `/media/goods/bank-${b.id}`,
      price: b.price,
      display_price: 0,
      description: b.intro,
      created_at: now,
    });
  }
  return rows;
}

export async function seedMall(trx: Trx, content: DemoContent, now: number): Promise<void> {
  const genera = new Map((await trx.selectFrom('genera').select(['id', 'name']).execute()).map((g) => [g.name, g.id]));
  const categories = await trx.selectFrom('categories').select(['id', 'name', 'genus_id']).execute();
  const subjectOf = (genus: string, category: string, where: string) => {
    if (genus === '') return { genus_id: 0, category_id: 0 };
    const genusId = genera.get(genus);
    if (genusId === undefined) throw new Error(`${FILE}: ${where}: 未知大类 ${genus}`);
    if (category === '') return { genus_id: genusId, category_id: 0 };
    const cat = categories.find((c) => c.genus_id === genusId && c.name === category);
    if (!cat) throw new Error(`${FILE}: ${where}: 大类 ${genus} 下没有分类 ${category}`);
    return { genus_id: genusId, category_id: cat.id };
  };
  const vipTypes = new Map(content.vipTypes.map((v) => [v.key, v]));
  const rows: Row[] = await catalogueGoods(trx, now);
  for (const [i, p] of content.mall.physical.entries()) {
    rows.push({
      ...base,
      ...subjectOf(p.genus, p.category, `physical[${i}]`),
      kind: 'physical',
      ref_id: 0,
      name: p.name,
      cover: `/media/goods/${p.slug}`,
      price: p.price,
      display_price: p.display_price,
      stock: p.stock,
      is_hot: p.is_hot,
      is_top: p.is_top,
      is_recommend: p.is_recommend,
      must_buy: p.must_buy,
      buy_gift: p.buy_gift,
      selling_point: p.selling_points.join('\n'),
      description: p.description,
      sort: 10 + i,
      created_at: now,
    });
  }
  for (const [i, v] of content.mall.vip.entries()) {
    const type = vipTypes.get(v.vip_type);
    if (!type) throw new Error(`${FILE}: vip[${i}]: 未知会员类型 ${v.vip_type}`);
    rows.push({
      ...base,
      ...subjectOf(type.genus_name, '', `vip[${i}]`),
      kind: 'vip',
      ref_id: 0,
      vip_type: v.vip_type,
      vip_days: v.days,
      name: v.name,
      // One cover per card (a month and a year of one VIP type are two goods, each with its own title on the cover).
      cover: `/media/goods/vip-${v.vip_type}-${v.days}d`,
      price: v.price,
      display_price: v.display_price,
      is_recommend: v.is_recommend,
      must_buy: v.must_buy,
      cet_vip: v.vip_type === 'cet_vip' ? 1 : 0,
      upgrade_vip: v.vip_type === 'super_vip' ? 1 : 0,
      selling_point: v.selling_points.join('\n'),
      description: `${type.description}\n\n${type.benefits.map((b) => `- ${b}`).join('\n')}`,
      sort: 5 + i,
      created_at: now,
    });
  }
  for (const [i, p] of content.mall.promotions.entries()) {
    const where = `promotions[${i}]`;
    const subject = subjectOf(genusOfCategory(categories, genera, p.sells.category, where), p.sells.category, where);
    const table = p.sells.kind === 'course' ? 'courses' : p.sells.kind === 'ebook' ? 'ebooks' : 'question_banks';
    const item = await trx
      .selectFrom(table)
      .select(['id', 'name', 'intro', 'price'])
      .where('name', '=', p.sells.name)
      .where('category_id', '=', subject.category_id)
      .executeTakeFirst();
    if (!item) throw new Error(`${FILE}: ${where}: 分类 ${p.sells.category} 下没有「${p.sells.name}」`);
    const cover =
      p.sells.kind === 'question_bank'
        ? `/media/goods/bank-${item.id}`
        : ((
            await trx
              .selectFrom(table === 'courses' ? 'courses' : 'ebooks')
              .select('cover')
              .where('id', '=', item.id)
              .executeTakeFirst()
          )?.cover ?? '');
    // A promotion is the price of the item's one good, not a second good beside it: the mall lists each item once,
    // and the item's pages and the mall tell one price story. A 0-yuan promotion shows no struck list price.
    const own = rows.findIndex((r) => r.kind === p.sells.kind && r.ref_id === item.id);
    if (own >= 0) rows.splice(own, 1);
    rows.push({
      ...base,
      ...subject,
      kind: p.sells.kind,
      ref_id: item.id,
      name: p.name,
      cover,
      cover_aspect_ratio: p.sells.kind === 'ebook' ? 0.75 : 1,
      price: p.price,
      display_price: p.price === 0 ? 0 : item.price,
      is_top: p.is_top,
      selling_point: p.selling_points.join('\n'),
      description: item.intro,
      sort: 1 + i,
      created_at: now,
    });
  }
  for (const batch of chunks(rows)) await trx.insertInto('goods').values(batch).execute();
  for (const [i, c] of content.mall.codes.entries()) {
    if (!vipTypes.has(c.vip_type)) throw new Error(`content/demo/mall/vip-codes.json: codes[${i}]: 未知会员类型 ${c.vip_type}`);
  }
  const codes = content.mall.codes.map((c) => ({
    code: c.code,
    vip_type: c.vip_type,
    days: c.days,
    expires_at: now + c.valid_days * 86400,
    used_by: null,
    used_at: null,
    batch: 'demo',
  }));
  for (const batch of chunks(codes)) await trx.insertInto('vip_codes').values(batch).execute();
}

function genusOfCategory(
  categories: ReadonlyArray<{ name: string; genus_id: number }>,
  genera: Map<string, number>,
  category: string,
  where: string,
): string {
  const cat = categories.find((c) => c.name === category);
  if (!cat) throw new Error(`${FILE}: ${where}: 未知分类 ${category}`);
  for (const [name, id] of genera) if (id === cat.genus_id) return name;
  throw new Error(`${FILE}: ${where}: 分类 ${category} 没有大类`);
}
