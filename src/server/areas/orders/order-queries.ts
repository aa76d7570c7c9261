import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import * as order from '../../../contract/orders';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import { contentPathsOf } from '../courses';
import { type ItemRefundState, itemRefundStates } from '../refunds';
import { type ItemShipState, itemShipStates, orderShipState } from '../shipping';
import { ownOrder } from './order-owner';
import type { OrderStatus } from './order-state';
import type { OrderItemRow, OrderRow } from './tables';

type ItemRow = OrderItemRow;

async function contentPaths(s: Services, items: readonly ItemRow[]): Promise<Map<number, string>> {
  const paths = await contentPathsOf(s, items);
  return new Map(items.map((i, n) => [i.id, paths[n] ?? '']));
}

const NO_REFUND: ItemRefundState = { refund_status: '', refund_status_text: '', refund_note: '', refund_amount: 0, can_refund: 0 };

function itemOf(
  i: ItemRow,
  paths: Map<number, string>,
  refunds: Map<number, ItemRefundState>,
  ships: Map<number, ItemShipState>,
): order.OrderItem {
  return {
    id: i.id,
    good_id: i.good_id,
    kind: i.kind as order.OrderItem['kind'],
    ref_id: i.ref_id,
    vip_type: i.vip_type,
    name: i.name,
    cover: i.cover,
    price: i.price,
    quantity: i.quantity,
    amount: i.amount,
    content_path: paths.get(i.id) ?? '',
    ...(refunds.get(i.id) ?? NO_REFUND),
    gift: i.gift,
    ship_state: ships.get(i.id) ?? '',
  };
}

/** Ship states of the physical items of paid orders (others have none). */
async function shipStates(s: Services, items: readonly ItemRow[], rows: readonly OrderRow[]): Promise<Map<number, ItemShipState>> {
  const paid = new Set(rows.filter((r) => r.status === 'paid').map((r) => r.id));
  return itemShipStates(
    s,
    items.filter((i) => i.kind === 'physical' && paid.has(i.order_id)).map((i) => i.id),
  );
}

/**
 * What the order's status reads: 待支付 (订单关闭中 past its time), 订单已关闭; a paid one reads 已退款 once every item
 * was refunded, else the ship state of its physical goods not refunded (待发货, 已发货, 已签收), else 购买成功.
 */
export function statusTextOf(
  status: OrderStatus,
  closing: boolean,
  items: readonly order.OrderItem[],
): { text: string; ship: order.ShipState } {
  if (status !== 'paid') return { text: closing ? order.ORDER_CLOSING_LABEL : order.ORDER_STATUS_LABELS[status], ship: '' };
  if (items.length > 0 && items.every((i) => i.refund_status === 'succeeded')) return { text: order.ORDER_REFUNDED_LABEL, ship: '' };
  const ship = orderShipState(
    items
      .filter((i) => i.kind === 'physical' && i.refund_status !== 'succeeded' && i.ship_state !== '')
      .map((i) => i.ship_state as ItemShipState),
  );
  return { text: ship === '' ? order.ORDER_STATUS_LABELS.paid : order.SHIP_STATE_LABELS[ship], ship };
}

async function viewsOf(s: Services, rows: readonly OrderRow[]): Promise<order.OrderView[]> {
  if (rows.length === 0) return [];
  const items = await s.db.kysely
    .selectFrom('order_goods')
    .selectAll()
    .where(
      'order_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  const paths = await contentPaths(s, items);
  const refunds = await itemRefundStates(s, items, rows);
  const ships = await shipStates(s, items, rows);
  const now = s.clock();
  return rows.map((r) => {
    const status = r.status as OrderStatus;
    // Past its time but not yet closed (the sweeper asks WeChat Pay first): closing, from the database alone.
    const closing = status === 'pending' && r.expires_at <= now;
    const own = items.filter((i) => i.order_id === r.id).map((i) => itemOf(i, paths, refunds, ships));
    const { text, ship } = statusTextOf(status, closing, own);
    return {
      id: r.id,
      order_no: r.order_no,
      status,
      status_text: text,
      total: r.total,
      freight: order.ORDER_FREIGHT,
      ship_state: ship,
      remark: r.remark,
      address: r.address === '' ? null : (JSON.parse(r.address) as order.OrderView['address']),
      created_at: r.created_at,
      expires_at: status === 'pending' ? r.expires_at : 0,
      paid_at: r.paid_at ?? 0,
      closed_at: r.closed_at ?? 0,
      close_reason: r.close_reason,
      items: own,
      now,
    };
  });
}

export async function listOrders(s: Services, userId: number, q: ParsedInputOf<typeof order.list>): Promise<OutputOf<typeof order.list>> {
  let query = s.db.kysely.selectFrom('orders').selectAll().where('user_id', '=', userId);
  if (q.status && q.status !== 'null') query = query.where('status', '=', q.status);
  const rows = await query.orderBy('id', 'desc').limit(q.count).offset(q.offset).execute();
  return viewsOf(s, rows);
}

export async function orderDetail(s: Services, userId: number, id: number): Promise<OutputOf<typeof order.detail>> {
  const [view] = await viewsOf(s, [await ownOrder(s, userId, id)]);
  return view as order.OrderView;
}

export async function orderStatus(s: Services, userId: number, id: number): Promise<OutputOf<typeof order.status>> {
  const row = await ownOrder(s, userId, id);
  const status = row.status as OrderStatus;
  return { id: row.id, status, is_success: status === 'paid' ? 1 : 0 };
}

async function ownItem(s: Services, userId: number, id: number): Promise<ItemRow> {
  const row = await s.db.kysely.selectFrom('order_goods').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(`订单商品 order_goods_id ${id} `);
  return row;
}

export async function orderItem(s: Services, userId: number, id: number): Promise<OutputOf<typeof order.item>> {
  const i = await ownItem(s, userId, id);
  const o = await ownOrder(s, userId, i.order_id);
  const paths = await contentPaths(s, [i]);
  const item = itemOf(i, paths, await itemRefundStates(s, [i], [o]), await shipStates(s, [i], [o]));
  return {
    ...item,
    order_id: o.id,
    order_status: o.status as OrderStatus,
    can_open: o.status === 'paid' && item.content_path !== '' && item.refund_status !== 'succeeded' ? 1 : 0,
  };
}
