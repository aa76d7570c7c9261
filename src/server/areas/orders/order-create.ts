/**
 * Order creation (POST /api/goods/order): prices and titles come from the database and are snapshotted per item;
 * physical goods need one of the caller's addresses and reserve stock in the same transaction by a conditional
 * decrement (stock never goes negative: of 100 racing orders for the last 5, exactly 5 win); an Idempotency-Key
 * (per user, 24 h) turns a double tap into one order, and the same key with another body is refused; a free order
 * is paid in the transaction that makes it.
 */
import crypto from 'node:crypto';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type * as order from '../../../contract/orders';
import { isOwnedKind } from '../../../protocol/owned-content';
import { isUniqueViolation } from '../../db/unique-violation';
import type { RequestContext, Services } from '../../http/context';
import { badInput, conflict, notFound } from '../../http/errors';
import { inTransaction } from '../../http/transaction';
import { addressOf, isDeliverable } from '../addresses';
import type { GoodsRow } from '../catalog';
import { markPaidIn } from './order-state';

type OrderInput = ParsedInputOf<typeof order.create>;
type Created = OutputOf<typeof order.create>;

export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
const KEY_RE = /^[A-Za-z0-9_.:-]{1,64}$/;

function idempotencyKeyOf(ctx: RequestContext): string | null {
  const raw = ctx.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !KEY_RE.test(key)) throw badInput('请求头 Idempotency-Key 须为 1–64 位字母、数字或 _ . : -');
  return key;
}

/** The body as a canonical string (goods sorted by id), so the same order in another key order hashes the same. */
function bodyHash(q: OrderInput, lines: ReadonlyArray<[number, number]>): string {
  const canonical = JSON.stringify({
    goods: lines,
    address_id: Number(q.address_id || 0),
    remark: q.remark,
    referrer_id: Number(q.referrer_id || 0),
  });
  return crypto.createHash('sha256').update(canonical).digest('hex');
}

/**
 * Reserves `n` of a physical good in the caller's transaction: one conditional update, so parallel orders never take
 * the stock below zero (the loser hears 库存不足). Goods without stock (-1) are not counted.
 */
export async function takeStock(tx: Pick<Services, 'db'>, g: Pick<GoodsRow, 'id' | 'name' | 'stock'>, n: number): Promise<void> {
  if (g.stock < 0) return;
  const res = await tx.db.kysely
    .updateTable('goods')
    .set((eb) => ({ stock: eb('stock', '-', n) }))
    .where('id', '=', g.id)
    .where('stock', '>=', n)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw conflict(`「${g.name}」库存不足`);
}

export function orderNo(now: number): string {
  const d = new Date((now + 8 * 3600) * 1000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${d}${crypto.randomInt(0, 1e8).toString().padStart(8, '0')}`;
}

async function replayOf(s: Services, userId: number, key: string, hash: string, now: number): Promise<Created | null> {
  const db = s.db.kysely;
  const row = await db.selectFrom('order_idempotency').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
  if (!row) return null;
  if (row.created_at <= now - IDEMPOTENCY_TTL_SECONDS) {
    await db.deleteFrom('order_idempotency').where('user_id', '=', userId).where('key', '=', key).execute();
    return null;
  }
  if (row.body_hash !== hash) throw conflict('这个 Idempotency-Key 已用于另一笔不同内容的下单');
  const o = await db
    .selectFrom('orders')
    .select(['id', 'order_no', 'status', 'total', 'expires_at'])
    .where('id', '=', row.order_id)
    .executeTakeFirstOrThrow();
  return { ...o, status: o.status as Created['status'], expires_at: o.status === 'pending' ? o.expires_at : 0, replayed: 1 };
}

async function checkLines(s: Services, userId: number, lines: ReadonlyArray<[number, number]>): Promise<Map<number, GoodsRow>> {
  const db = s.db.kysely;
  const rows = await db
    .selectFrom('goods')
    .selectAll()
    .where(
      'id',
      'in',
      lines.map(([id]) => id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const now = s.clock();
  for (const [id, quantity] of lines) {
    const g = byId.get(id);
    if (g?.on_sale !== 1) throw notFound(`商品 ${id} 已下架或`);
    if (isOwnedKind(g.kind)) {
      if (quantity !== 1) throw badInput(`「${g.name}」每人只需购买 1 份`);
      const owned = await db
        .selectFrom('entitlements')
        .select('id')
        .where('user_id', '=', userId)
        .where('kind', '=', g.kind as 'course')
        .where('ref_id', '=', g.ref_id)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .executeTakeFirst();
      if (owned) throw conflict(`你已拥有「${g.name}」，无需重复购买`);
    }
    if (g.kind === 'physical' && g.stock >= 0 && g.stock < quantity) throw conflict(`「${g.name}」库存不足（剩 ${g.stock} 件）`);
  }
  return byId;
}

export async function createOrder(ctx: RequestContext & { user: { id: number } }, q: OrderInput): Promise<Created> {
  const userId = ctx.user.id;
  const now = ctx.clock();
  const lines = Object.entries(q.goods)
    .map(([id, n]): [number, number] => [Number(id), n])
    .sort((a, b) => a[0] - b[0]);
  const key = idempotencyKeyOf(ctx);
  const hash = bodyHash(q, lines);
  if (key) {
    const replay = await replayOf(ctx, userId, key, hash, now);
    if (replay) return replay;
  }
  const byId = await checkLines(ctx, userId, lines);
  const physical = lines.some(([id]) => byId.get(id)?.kind === 'physical');
  const addressId = Number(q.address_id || 0);
  if (physical && addressId === 0) throw badInput('购买实物商品须选择收货地址（address_id）');
  const address = addressId === 0 ? null : await addressOf(ctx, userId, addressId);
  // An address saved before the rule (全国, or missing levels) cannot be delivered to.
  if (physical && address && !isDeliverable(address))
    throw badInput('参数 address_id 对应的收货地址不完整：请选择省份、城市和区县后再下单');
  let referrer: number | null = Number(q.referrer_id || 0) || null;
  if (referrer !== null) {
    const r = await ctx.db.kysely.selectFrom('users').select('id').where('id', '=', referrer).executeTakeFirst();
    if (!r || r.id === userId) referrer = null;
  }
  const total = lines.reduce((sum, [id, n]) => sum + (byId.get(id) as GoodsRow).price * n, 0);
  try {
    const made = await inTransaction(ctx, async (tx) => {
      const db = tx.db.kysely;
      for (const [id, n] of lines) {
        const g = byId.get(id) as GoodsRow;
        if (g.kind !== 'physical' || g.stock < 0) continue;
        await takeStock(tx, g, n);
      }
      const order = await db
        .insertInto('orders')
        .values({
          order_no: orderNo(now),
          user_id: userId,
          status: 'pending',
          total,
          address:
            physical && address ? JSON.stringify({ name: address.name, mobile: address.mobile, full_address: address.full_address }) : '',
          remark: q.remark,
          referrer_id: referrer,
          created_at: now,
          expires_at: now + ctx.config.orderTtlSeconds,
          paid_at: null,
          closed_at: null,
          close_reason: '',
        })
        .returning(['id', 'order_no'])
        .executeTakeFirstOrThrow();
      await db
        .insertInto('order_goods')
        .values(
          lines.map(([id, n]) => {
            const g = byId.get(id) as GoodsRow;
            return {
              order_id: order.id,
              user_id: userId,
              good_id: id,
              kind: g.kind,
              ref_id: g.ref_id,
              vip_type: g.vip_type,
              vip_days: g.vip_days,
              name: g.name,
              cover: g.cover,
              price: g.price,
              quantity: n,
              amount: g.price * n,
              gift: g.kind === 'physical' ? g.buy_gift.slice(0, 128) : '',
            };
          }),
        )
        .execute();
      if (key)
        await db
          .insertInto('order_idempotency')
          .values({ user_id: userId, key, body_hash: hash, order_id: order.id, created_at: now })
          .execute();
      const paid = total === 0 && (await markPaidIn(tx, order.id, now));
      return {
        id: order.id,
        order_no: order.order_no,
        status: paid ? ('paid' as const) : ('pending' as const),
        total,
        expires_at: paid ? 0 : now + ctx.config.orderTtlSeconds,
        replayed: 0,
      };
    });
    return made;
  } catch (e) {
    // The same key raced us and won: its order is the answer.
    if (key && isUniqueViolation(e)) {
      const replay = await replayOf(ctx, userId, key, hash, now);
      if (replay) return replay;
    }
    throw e;
  }
}
