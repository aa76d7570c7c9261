import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';

export type OrderRow = Selectable<Database['orders']>;

/** One of the caller's orders (another user's is "not found"). */
export async function ownOrder(s: Services, userId: number, id: number): Promise<OrderRow> {
  const row = await s.db.kysely.selectFrom('orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(`订单 id ${id} `);
  return row;
}
