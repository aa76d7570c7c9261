/**
 * The mall's goods: lists per subject (a subject's goods and those for every subject), the detail, the must-buy
 * list, a good's subject, the good that sells an item, each with the caller's flags: has_pay (they own what it
 * sells, or bought the physical good), has_collect / can_collect.
 */
import type { Selectable } from 'kysely';
import type * as goods from '../../../contract/catalog';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import { isOwnedKind } from '../../../protocol/owned-content';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/context';
import { badInput, notFound } from '../../http/errors';
import { contentPathsOf } from '../courses';
import { ensureGenus, ensureSubject } from '../subjects';
import { hotOf } from './goods-badges';

export type GoodsRow = Selectable<Database['goods']>;

async function flagsOf(s: Services, userId: number | null, rows: readonly GoodsRow[]) {
  const paid = new Set<number>();
  const collected = new Set<number>();
  if (userId === null || rows.length === 0) return { paid, collected };
  const db = s.db.kysely;
  const now = s.clock();
  const ids = rows.map((r) => r.id);
  const [bought, owned, marks] = await Promise.all([
    db
      .selectFrom('order_goods as g')
      .innerJoin('orders as o', 'o.id', 'g.order_id')
      .select('g.good_id')
      .where('g.user_id', '=', userId)
      .where('o.status', '=', 'paid')
      .where('g.good_id', 'in', ids)
      .execute(),
    db
      .selectFrom('entitlements')
      .select(['kind', 'ref_id'])
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .where('ref_id', 'in', rows.map((r) => r.ref_id).concat(0))
      .execute(),
    db
      .selectFrom('collections')
      .select('ref_id')
      .where('user_id', '=', userId)
      .where('type', '=', 'goods')
      .where('ref_id', 'in', ids)
      .execute(),
  ]);
  const ownedKeys = new Set(owned.map((o) => `${o.kind}:${o.ref_id}`));
  for (const r of rows) {
    const ownable = isOwnedKind(r.kind);
    if (ownable && ownedKeys.has(`${r.kind}:${r.ref_id}`)) paid.add(r.id);
    if (r.kind === 'physical' && bought.some((b) => b.good_id === r.id)) paid.add(r.id);
  }
  for (const m of marks) collected.add(m.ref_id);
  return { paid, collected };
}

export async function itemsOf(s: Services, userId: number | null, rows: readonly GoodsRow[]): Promise<goods.GoodsItem[]> {
  const [{ paid, collected }, paths] = await Promise.all([flagsOf(s, userId, rows), contentPathsOf(s, rows)]);
  return rows.map((r, i) => ({
    id: r.id,
    kind: r.kind as goods.GoodsKind,
    ref_id: r.ref_id,
    vip_type: r.vip_type,
    vip_days: r.vip_days,
    genus_id: r.genus_id,
    category_id: r.category_id,
    cover: r.cover,
    cover_aspect_ratio: Number(r.cover_aspect_ratio),
    name: r.name,
    sales_volume: r.sales_volume,
    price: r.price,
    display_price: r.display_price,
    // 热销 must be true: derived from sales, whatever the row's flag says (goods-badges.ts).
    is_hot: hotOf(r.sales_volume),
    is_top: r.is_top,
    is_recommend: r.is_recommend,
    cet_vip: r.cet_vip,
    upgrade_vip: r.upgrade_vip,
    created_at: r.created_at,
    buy_gift: r.buy_gift,
    stock: r.stock,
    has_pay: paid.has(r.id) ? 1 : 0,
    description: r.description,
    selling_point: r.selling_point === '' ? [] : r.selling_point.split('\n'),
    has_collect: collected.has(r.id) ? 1 : 0,
    can_collect: userId === null ? 0 : 1,
    need_address: r.kind === 'physical' ? 1 : 0,
    content_path: paths[i] ?? '',
  }));
}

function onSale(s: Services) {
  return s.db.kysely.selectFrom('goods').selectAll().where('on_sale', '=', 1);
}

/** A subject's goods and the goods for every subject (genus 0); one genus's categories with category_ids. */
export async function listGoods(
  s: Services,
  userId: number | null,
  q: ParsedInputOf<typeof goods.list>,
): Promise<OutputOf<typeof goods.list>> {
  let categories: number[] | null = null;
  if (q.genus_id !== undefined) {
    if (q.category_id !== undefined) {
      await ensureSubject(s, q.genus_id, q.category_id);
      categories = [q.category_id];
    } else if (q.category_ids !== undefined) {
      categories = q.category_ids.split(',').map(Number);
      for (const c of categories) await ensureSubject(s, q.genus_id, c);
    } else {
      await ensureGenus(s, q.genus_id);
    }
  } else if (q.category_id !== undefined || q.category_ids !== undefined) {
    throw badInput('参数 genus_id 不能为空（给了分类就要给大类）');
  }
  let query = onSale(s);
  const genusId = q.genus_id;
  if (genusId !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('genus_id', '=', 0),
        categories === null
          ? eb('genus_id', '=', genusId)
          : eb.and([eb('genus_id', '=', genusId), eb.or([eb('category_id', '=', 0), eb('category_id', 'in', categories)])]),
      ]),
    );
  }
  const rows = await query
    .orderBy('is_top', 'desc')
    .orderBy('sort')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return itemsOf(s, userId, rows);
}

export async function mustBuy(
  s: Services,
  userId: number | null,
  q: ParsedInputOf<typeof goods.mustBuyList>,
): Promise<OutputOf<typeof goods.mustBuyList>> {
  let query = onSale(s).where('must_buy', '=', 1);
  if (q.genus_id !== undefined) {
    const genusId = q.genus_id;
    const categoryId = q.category_id ?? 0;
    query = query.where((eb) =>
      eb.or([
        eb('genus_id', '=', 0),
        eb.and([eb('genus_id', '=', genusId), eb.or([eb('category_id', '=', 0), eb('category_id', '=', categoryId)])]),
      ]),
    );
  }
  return itemsOf(s, userId, await query.orderBy('sort').orderBy('id').limit(20).execute());
}

export async function goodsRow(s: Services, id: number, field = 'id'): Promise<GoodsRow> {
  const row = await s.db.kysely.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`商品 ${field} ${id} `);
  return row;
}

export async function goodsDetail(s: Services, userId: number, id: number): Promise<OutputOf<typeof goods.detail>> {
  const row = await goodsRow(s, id);
  if (row.on_sale !== 1) throw notFound(`商品 id ${id} 已下架或`);
  const [item] = await itemsOf(s, userId, [row]);
  return item as goods.GoodsItem;
}

export async function genusCategoryOf(s: Services, id: number): Promise<OutputOf<typeof goods.genusCategory>> {
  const row = await goodsRow(s, id);
  const cat =
    row.category_id === 0
      ? undefined
      : await s.db.kysely.selectFrom('categories').select('name').where('id', '=', row.category_id).executeTakeFirst();
  return { genus_id: row.genus_id, category_id: row.category_id, category_name: cat?.name ?? '' };
}

/**
 * What each item (course, e-book or bank, by id) sells for now: the price of its cheapest on-sale good, as `mapping`
 * answers. An item no good sells is absent (its own list price stands).
 */
export async function offerPrices(
  s: Services,
  kind: 'course' | 'ebook' | 'question_bank',
  ids: readonly number[],
): Promise<Map<number, number>> {
  const prices = new Map<number, number>();
  if (ids.length === 0) return prices;
  const rows = await s.db.kysely
    .selectFrom('goods')
    .select(['ref_id', 'price'])
    .where('on_sale', '=', 1)
    .where('kind', '=', kind)
    .where('ref_id', 'in', [...new Set(ids)])
    .execute();
  for (const r of rows) {
    const known = prices.get(r.ref_id);
    if (known === undefined || r.price < known) prices.set(r.ref_id, r.price);
  }
  return prices;
}

export async function mappingOf(s: Services, q: ParsedInputOf<typeof goods.mapping>): Promise<OutputOf<typeof goods.mapping>> {
  let query = onSale(s).where('kind', '=', q.type);
  if (q.type === 'vip') query = query.where('vip_type', '=', q.id);
  else {
    const ref = Number(q.id);
    if (!Number.isInteger(ref) || ref <= 0) throw badInput('参数 id 须为正整数');
    query = query.where('ref_id', '=', ref);
  }
  const row = await query.orderBy('price').orderBy('id').executeTakeFirst();
  if (!row) throw notFound(`在售的商品（${q.type} ${q.id}）`);
  return { good_id: row.id, price: row.price, display_price: row.display_price };
}
