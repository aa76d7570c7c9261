import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as goods from '../../src/contract/catalog';
import * as ebook from '../../src/contract/ebooks';
import { HOT_SALES } from '../../src/server/areas/catalog/goods-badges';
import { request } from '../support/api-client';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { newUser } from '../support/user-center-flows';

/** Issue 24, "prices and buttons that agree": one item, one price, one good; badges that are true. */
describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let subject: { genus_id: number; category_id: number };
  const db = () => s.services.db.kysely;

  beforeAll(async () => {
    s = await startTestServer(kind);
    const cat = await db().selectFrom('categories').select(['id', 'genus_id']).where('name', '=', '英语四级').executeTakeFirstOrThrow();
    subject = { genus_id: cat.genus_id, category_id: cat.id };
  });
  afterAll(() => s.close());

  const mallOf = async () => (await request(s.url, goods.list, { ...subject, offset: 0, limit: 50 })).body.data;

  it('the mall sells each course, e-book and bank through one good: the promotion is that good’s price, not a second listing', async () => {
    const list = await mallOf();
    const content = list.filter((g) => g.kind !== 'physical' && g.kind !== 'vip');
    const keys = content.map((g) => `${g.kind}:${g.ref_id}`);
    expect(new Set(keys).size).toBe(keys.length);
    // In the whole database too: no item has two goods on sale.
    const rows = await db()
      .selectFrom('goods')
      .select(['kind', 'ref_id'])
      .where('on_sale', '=', 1)
      .where('kind', 'in', ['course', 'ebook', 'question_bank'])
      .execute();
    expect(new Set(rows.map((r) => `${r.kind}:${r.ref_id}`)).size).toBe(rows.length);
    // The seed's 0-yuan promotion is the one good of its e-book, free, with no struck list price beside 免费.
    const promo = content.find((g) => g.kind === 'ebook' && g.price === 0);
    expect(promo?.name).toContain('四六级高频词汇精讲笔记');
    expect(promo?.display_price).toBe(0);
  });

  it('an e-book’s price in its list and detail is what its good sells it for (免费 while the promotion runs)', async () => {
    const books = (await request(s.url, ebook.ebookList, { ...subject, count: 50 })).body.data;
    expect(books.length).toBeGreaterThan(0);
    for (const b of books) {
      const good = (await request(s.url, goods.mapping, { type: 'ebook', id: String(b.id) })).body.data;
      const user = await newUser(s);
      const detail = (await request(s.url, ebook.ebookDetailEndpoint, { id: b.id }, { token: user.token })).body.data;
      if (b.is_free) continue;
      expect(good, `e-book ${b.id} has a good`).toBeTruthy();
      expect(b.price, `list price of e-book ${b.id}`).toBe(good?.price);
      expect(detail.price, `detail price of e-book ${b.id}`).toBe(good?.price);
    }
    expect(books.some((b) => !b.is_free && b.price === 0)).toBe(true);
  });

  it('置顶 stays an ordering flag; 热销 is true only for a good that sold at least HOT_SALES', async () => {
    const before = await mallOf();
    for (const g of before) expect(g.is_hot, `${g.name}: 已售 ${g.sales_volume}`).toBe(g.sales_volume >= HOT_SALES ? 1 : 0);
    const target = before.find((g) => g.kind === 'course');
    if (!target) throw new Error('no course good');
    await db().updateTable('goods').set({ sales_volume: HOT_SALES }).where('id', '=', target.id).execute();
    const after = await mallOf();
    expect(after.find((g) => g.id === target.id)?.is_hot).toBe(1);
    await db()
      .updateTable('goods')
      .set({ sales_volume: HOT_SALES - 1, is_hot: 1 })
      .where('id', '=', target.id)
      .execute();
    expect((await mallOf()).find((g) => g.id === target.id)?.is_hot).toBe(0);
    await db().updateTable('goods').set({ sales_volume: 0 }).where('id', '=', target.id).execute();
  });
});
