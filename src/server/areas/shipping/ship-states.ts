/**
 * Where paid physical items are on their way, from the parcels recorded by the operator's shipping (order-shipping.ts)
 * and the states their tracks last answered (order-tracking.ts): no parcel → to_ship; a parcel → shipped; every
 * parcel signed for → signed. The orders area shows them as 待发货 → 已发货 → 已签收.
 */
import type { ShipState } from '../../../contract/orders';
import type { Services } from '../../http/context';

export type ItemShipState = Exclude<ShipState, ''>;

/** The ship state of each item id (items without a parcel are to_ship). */
export async function itemShipStates(s: Pick<Services, 'db'>, itemIds: readonly number[]): Promise<Map<number, ItemShipState>> {
  const out = new Map<number, ItemShipState>(itemIds.map((id) => [id, 'to_ship']));
  if (itemIds.length === 0) return out;
  const parcels = await s.db.kysely
    .selectFrom('shipments')
    .select(['order_goods_id', 'state'])
    .where('order_goods_id', 'in', [...itemIds])
    .execute();
  const signed = new Map<number, boolean>();
  for (const p of parcels) signed.set(p.order_goods_id, (signed.get(p.order_goods_id) ?? true) && p.state === 'signed');
  for (const [id, all] of signed) out.set(id, all ? 'signed' : 'shipped');
  return out;
}

/** The state of an order's physical items together: to_ship before any parcel, signed when all are, shipped otherwise. */
export function orderShipState(states: readonly ItemShipState[]): ShipState {
  if (states.length === 0) return '';
  if (states.every((x) => x === 'signed')) return 'signed';
  if (states.every((x) => x === 'to_ship')) return 'to_ship';
  return 'shipped';
}
