import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import type { OrderRow } from './tables';

export type { OrderRow };

/** One of the caller's orders (another user's is "not found"). */
export async function ownOrder(s: Services, userId: number, id: number): Promise<OrderRow> {
  const row = await s.db.kysely.selectFrom('orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(`订单 id ${id} `);
  return row;
}
