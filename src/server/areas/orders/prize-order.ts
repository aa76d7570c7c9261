/**
 * A physical prize becomes an order like any other, so the existing shipping flow ships it and the user tracks it in
 * their orders: one line of the prize's good at 0 yuan, the winner's address snapshotted, the good's stock taken by
 * the same conditional update as a purchase, then paid by the state machine at once — all inside the caller's
 * transaction (the activity claim), so a claim that fails leaves no order behind.
 */
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import { orderNo, takeStock } from './order-create';
import { markPaidIn } from './order-state';

export interface PrizeOrder {
  userId: number;
  goodId: number;
  /** The winner's address as ordering snapshots it. */
  address: { name: string; mobile: string; full_address: string };
  /** Shown on the order (e.g. 活动奖品：…). */
  remark: string;
}

export async function createPrizeOrder(tx: Services, p: PrizeOrder, now: number): Promise<number> {
  const db = tx.db.kysely;
  const g = await db.selectFrom('goods').selectAll().where('id', '=', p.goodId).executeTakeFirst();
  if (g?.kind !== 'physical') throw notFound(`实物奖品的商品 ${p.goodId} `);
  await takeStock(tx, g, 1);
  const order = await db
    .insertInto('orders')
    .values({
      order_no: orderNo(now),
      user_id: p.userId,
      status: 'pending',
      total: 0,
      address: JSON.stringify(p.address),
      remark: p.remark.slice(0, 200),
      referrer_id: null,
      created_at: now,
      expires_at: now,
      paid_at: null,
      closed_at: null,
      close_reason: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_goods')
    .values({
      order_id: order.id,
      user_id: p.userId,
      good_id: g.id,
      kind: g.kind,
      ref_id: g.ref_id,
      vip_type: g.vip_type,
      vip_days: g.vip_days,
      name: g.name,
      cover: g.cover,
      price: 0,
      quantity: 1,
      amount: 0,
    })
    .execute();
  await markPaidIn(tx, order.id, now);
  return order.id;
}
