// Owned-object factories for the owner matrix (tests/api/owner-matrix.test.ts), one per table that an endpoint's
// `owns` declaration names. A new module that declares `owns: {x_id: {table: 'orders', owner: 'user_id'}}` adds
// one entry here: how a user comes to own a row of that table, through the API where there is one.

import * as addressApi from '../../../src/contract/addresses';
import * as ebookApi from '../../../src/contract/ebooks';
import * as orderApi from '../../../src/contract/orders';
import * as questionApi from '../../../src/contract/questions';
import * as uc from '../../../src/contract/users-center';
import { markPaid } from '../../../src/server/areas/orders/order-state';
import type { Database } from '../../../src/server/db/schema';
import { request } from '../api-client';
import type { TestServer } from '../test-server';
import { addressBody } from '../user-center-flows';

export interface Owner {
  id: number;
  token: string;
}

/** A row the owner now owns (every column, straight from the database). */
export type OwnedRow = Record<string, unknown>;

export type Factory = (s: TestServer, owner: Owner) => Promise<OwnedRow>;

async function rowOf(s: TestServer, table: keyof Database, id: number): Promise<OwnedRow> {
  return (await s.services.db.kysely.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as OwnedRow;
}

async function ok<T>(what: string, res: Promise<{ body: { status: number; msg: string; data: T } }>): Promise<T> {
  const r = await res;
  if (r.body.status !== 0) throw new Error(`factory ${what}: refused: ${r.body.msg}`);
  return r.body.data;
}

async function physicalGood(s: TestServer): Promise<number> {
  const g = await s.services.db.kysely
    .selectFrom('goods')
    .select('id')
    .where('kind', '=', 'physical')
    .where('stock', '>', 10)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return g.id;
}

/** The owner as if they had logged in with WeChat once (JSAPI payment needs their openid). */
async function withWechatIdentity(s: TestServer, owner: Owner): Promise<void> {
  const db = s.services.db.kysely;
  const has = await db.selectFrom('third_identities').select('id').where('user_id', '=', owner.id).executeTakeFirst();
  if (has) return;
  await db
    .insertInto('third_identities')
    .values({
      provider: 'wechat',
      openid: `o-factory-${owner.id}`,
      nickname: '微信用户',
      avatar: '',
      user_id: owner.id,
      created_at: s.services.clock(),
    })
    .execute();
}

async function physicalOrder(s: TestServer, owner: Owner): Promise<{ id: number }> {
  await withWechatIdentity(s, owner);
  const body = await addressBody(s, { name: '甲的收货地址' });
  const address = await ok('orders', request(s.url, addressApi.saveAddress, body, { token: owner.token }));
  const goods = { [await physicalGood(s)]: 1 };
  return ok('orders', request(s.url, orderApi.create, { goods, address_id: address.id }, { token: owner.token }));
}

export const OWNED_FACTORIES: Readonly<Record<string, Factory>> = {
  /**
   * Saved through the address API (a valid address in 广东省广州市天河区). `goods` (not a column) is an order of one
   * physical good in stock, for the endpoints that take an address with an order (goods.order).
   */
  addresses: async (s, owner) => {
    const body = await addressBody(s, { name: '甲的地址' });
    const saved = await ok('addresses', request(s.url, addressApi.saveAddress, body, { token: owner.token }));
    return { ...(await rowOf(s, 'addresses', saved.id)), goods: { [await physicalGood(s)]: 1 } };
  },
  /** A pending order of one physical good, made through the order API with the owner's address. */
  orders: async (s, owner) => rowOf(s, 'orders', (await physicalOrder(s, owner)).id),
  /** The item of such an order, paid (by the order state machine), so that item calls such as apply_refund serve A. */
  order_goods: async (s, owner) => {
    const order = await physicalOrder(s, owner);
    await markPaid(s.services, order.id, s.services.clock());
    const item = await s.services.db.kysely
      .selectFrom('order_goods')
      .select('id')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    return rowOf(s, 'order_goods', item.id);
  },
  /** The welcome messages a user's first inbox call creates; the newest unread one. */
  messages: async (s, owner) => {
    const list = await ok('messages', request(s.url, uc.messages, {}, { token: owner.token }));
    const unread = list.find((m) => m.is_read === 0);
    if (!unread) throw new Error('factory messages: the owner has no unread message');
    return rowOf(s, 'messages', unread.id);
  },
  /** A collected news item (the first news the owner has not collected yet). */
  collections: async (s, owner) => {
    const taken = await s.services.db.kysely
      .selectFrom('collections')
      .select('ref_id')
      .where('user_id', '=', owner.id)
      .where('type', '=', 'news')
      .execute();
    let q = s.services.db.kysely.selectFrom('news').select('id').orderBy('id');
    if (taken.length)
      q = q.where(
        'id',
        'not in',
        taken.map((t) => t.ref_id),
      );
    const news = await q.executeTakeFirstOrThrow();
    const added = await ok('collections', request(s.url, uc.addCollection, { type: 'news', ref_id: news.id }, { token: owner.token }));
    return rowOf(s, 'collections', added.id);
  },
  /** The owner's own account. */
  users: async (s, owner) => rowOf(s, 'users', owner.id),
  /** A bookmark in the first chapter of a free e-book (or a paid book's free chapter), at a span not yet marked. */
  ebook_bookmarks: async (s, owner) => {
    const db = s.services.db.kysely;
    const chapter = await db
      .selectFrom('ebook_chapters as c')
      .innerJoin('ebooks as e', 'e.id', 'c.ebook_id')
      .select(['c.id', 'c.ebook_id', 'c.span_count'])
      .where('c.sort', '=', 1)
      .where((eb) => eb.or([eb('e.is_free', '=', 1), eb('e.free_chapters', '>=', 1)]))
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
    const used = await db
      .selectFrom('ebook_bookmarks')
      .select('span')
      .where('user_id', '=', owner.id)
      .where('chapter_id', '=', chapter.id)
      .execute();
    const span = [...Array(chapter.span_count).keys()].find((i) => !used.some((u) => u.span === i)) ?? 0;
    const added = await ok(
      'ebook_bookmarks',
      request(
        s.url,
        ebookApi.bookmarkAdd,
        { ebook_id: chapter.ebook_id, ebook_chapter_id: chapter.id, anchor_point: { chapter_id: chapter.id, span, offset: 0 } },
        { token: owner.token },
      ),
    );
    return rowOf(s, 'ebook_bookmarks', added.id);
  },
  /**
   * An error-book row: a single-choice question of a free bank answered wrongly through the API. `answer` (not a
   * column) is an answer of the right form, for the endpoints that take one with the error's id (error/answer).
   */
  question_errors: async (s, owner) => {
    const db = s.services.db.kysely;
    const taken = await db.selectFrom('question_errors').select('question_id').where('user_id', '=', owner.id).execute();
    let q = db
      .selectFrom('questions as q')
      .innerJoin('question_banks as b', 'b.id', 'q.bank_id')
      .select(['q.id', 'q.answer'])
      .where('q.type', '=', 'single')
      .where('b.is_free', '=', 1)
      .orderBy('q.id');
    if (taken.length)
      q = q.where(
        'q.id',
        'not in',
        taken.map((t) => t.question_id),
      );
    const question = await q.executeTakeFirstOrThrow();
    const wrong = JSON.parse(question.answer) === 'A' ? 'B' : 'A';
    await ok('question_errors', request(s.url, questionApi.answer, { relation_id: question.id, answer: wrong }, { token: owner.token }));
    const row = await db
      .selectFrom('question_errors')
      .select('id')
      .where('user_id', '=', owner.id)
      .where('question_id', '=', question.id)
      .executeTakeFirstOrThrow();
    return { ...(await rowOf(s, 'question_errors', row.id)), answer: wrong };
  },
};
