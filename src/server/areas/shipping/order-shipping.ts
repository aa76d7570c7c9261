/**
 * The operator's shipping of physical goods. An operator (scripts/ops/ship.ts) marks a physical item of a paid order
 * shipped with a known carrier and a tracking number; the user then follows the parcel (order-tracking.ts).
 *
 * Rules of shipping: the item must exist, be physical and belong to a paid order; the carrier must be one of
 * providers/tracking/carriers.json; the tracking number is 8–32 letters, digits or '-' (spaces are dropped, letters
 * upper-cased). Shipping the same carrier and number again changes nothing. A different number is refused unless the
 * operator says it is another parcel of the same item (`add`: e.g. a quantity of 3 sent in two boxes) or a correction
 * of the item's only parcel (`replace`: the track starts again). The user gets an inbox message for each new parcel.
 */
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Services } from '../../http/context';
import { badInput, conflict, notFound } from '../../http/errors';
import { inTransaction } from '../../http/transaction';
import { CARRIERS, type Carrier, carrierOf } from '../../providers/tracking/carriers';

export type ShipmentRow = Selectable<Database['shipments']>;
/** What shipping needs of the server's services (the ops script opens just the database). */
export type ShippingServices = Pick<Services, 'db' | 'clock'>;

/** A tracking number as stored: 8–32 upper-case letters, digits or '-' (Kuaidi100 takes at most 32). */
export const TRACKING_NO_RE = /^[A-Z0-9][A-Z0-9-]{7,31}$/;

/** Drops spaces and upper-cases: `sf 1234 5678 9012` → `SF123456789012`. */
export function normalizeTrackingNo(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** A carrier by its code (any case) or its name (顺丰速运). */
export function findCarrier(codeOrName: string): Carrier | undefined {
  const v = codeOrName.trim();
  return carrierOf(v.toLowerCase()) ?? CARRIERS.find((c) => c.name === v);
}

export type ShipMode = 'ship' | 'add' | 'replace';

export interface ShipInput {
  orderGoodsId: number;
  /** Carrier code or name. */
  carrier: string;
  trackingNo: string;
  /** ship (default): the item's first parcel; add: another parcel; replace: corrects the item's only parcel. */
  mode?: ShipMode;
  /** Who ships (kept on the row). */
  by?: string;
}

export interface ShipResult {
  /** shipped: a new parcel; unchanged: the same carrier and number were already recorded; replaced: corrected. */
  outcome: 'shipped' | 'unchanged' | 'replaced';
  shipment: ShipmentRow;
  /** The item's parcels after the call. */
  parcels: number;
}

/** Marks a physical item of a paid order shipped (see the rules at the top). Throws ApiError refusals. */
export async function shipItem(s: ShippingServices, input: ShipInput): Promise<ShipResult> {
  const carrier = findCarrier(input.carrier);
  if (!carrier) throw badInput(`未知的快递公司 ${input.carrier}；可用：${CARRIERS.map((c) => `${c.code}（${c.name}）`).join('、')}`);
  const trackingNo = normalizeTrackingNo(input.trackingNo);
  if (!trackingNo) throw badInput('运单号不能为空');
  if (!TRACKING_NO_RE.test(trackingNo)) throw badInput(`运单号 ${input.trackingNo.trim()} 格式不正确：须为 8–32 位字母、数字或短横线`);
  const mode = input.mode ?? 'ship';
  try {
    return await inTransaction(s, (tx) => shipIn(tx, input, carrier, trackingNo, mode));
  } catch (e) {
    // Two operators shipping the same parcel at once: the unique index let one insert; the other finds it.
    if (!isUniqueViolation(e)) throw e;
    return inTransaction(s, (tx) => shipIn(tx, input, carrier, trackingNo, mode));
  }
}

async function shipIn(tx: ShippingServices, input: ShipInput, carrier: Carrier, trackingNo: string, mode: ShipMode): Promise<ShipResult> {
  const db = tx.db.kysely;
  let itemQuery = db.selectFrom('order_goods').selectAll().where('id', '=', input.orderGoodsId);
  // PostgreSQL: one shipping of an item at a time (SQLite runs one write transaction at a time anyway).
  if (tx.db.dialect === 'postgres') itemQuery = itemQuery.forUpdate();
  const item = await itemQuery.executeTakeFirst();
  if (!item) throw notFound(`订单商品 order_goods_id ${input.orderGoodsId} `);
  if (item.kind !== 'physical') throw badInput(`订单商品 ${item.id}（${item.name}）不是实物商品，无需发货`);
  const o = await db
    .selectFrom('orders')
    .select(['id', 'order_no', 'status', 'user_id', 'address'])
    .where('id', '=', item.order_id)
    .executeTakeFirstOrThrow();
  if (o.status !== 'paid') throw conflict(`订单 ${o.order_no} ${o.status === 'pending' ? '尚未支付' : '已关闭'}，不能发货`);
  const refund = await db
    .selectFrom('refunds')
    .select(['id', 'status'])
    .where('order_goods_id', '=', item.id)
    .where('status', 'in', ['pending_review', 'processing', 'succeeded'])
    .executeTakeFirst();
  if (refund) {
    const what = refund.status === 'succeeded' ? '已退款' : '正在退款';
    throw conflict(`订单商品 ${item.id}（${item.name}）${what}（退款申请 ${refund.id}），不能发货`);
  }
  const existing = await db.selectFrom('shipments').selectAll().where('order_goods_id', '=', item.id).orderBy('id').execute();
  const same = existing.find((p) => p.carrier_code === carrier.code && p.tracking_no === trackingNo);
  if (same) return { outcome: 'unchanged', shipment: same, parcels: existing.length };
  if (existing.length > 0 && mode === 'ship') {
    const list = existing.map((p) => `${carrierOf(p.carrier_code)?.name ?? p.carrier_code} ${p.tracking_no}`).join('、');
    throw conflict(`订单商品 ${item.id}（${item.name}）已发货（${list}），与 ${carrier.name} ${trackingNo} 不同`);
  }
  if (mode === 'replace' && existing.length > 1) throw conflict(`订单商品 ${item.id} 有 ${existing.length} 个包裹，不能替换`);

  let phone = '';
  if (carrier.needsPhone) {
    phone = addressMobile(o.address);
    if (!phone) throw conflict(`订单 ${o.order_no} 没有收件人手机号，${carrier.name}的物流须凭手机号查询`);
  }
  const now = tx.clock();
  const by = (input.by ?? '').slice(0, 64);
  const replaced = mode === 'replace' ? existing[0] : undefined;
  if (replaced) {
    await db
      .updateTable('shipments')
      .set({
        carrier_code: carrier.code,
        tracking_no: trackingNo,
        phone,
        shipped_by: by,
        state: 'pending',
        events: '[]',
        queried_at: 0,
        next_query_at: 0,
        query_error: '',
      })
      .where('id', '=', replaced.id)
      .execute();
  } else {
    await db
      .insertInto('shipments')
      .values({
        order_id: o.id,
        order_goods_id: item.id,
        carrier_code: carrier.code,
        tracking_no: trackingNo,
        phone,
        shipped_at: now,
        shipped_by: by,
      })
      .execute();
  }
  await db
    .insertInto('messages')
    .values({
      user_id: o.user_id,
      kind: 'order',
      title: replaced ? '物流单号已更新' : '订单已发货',
      content: `你购买的「${item.name}」${replaced ? '的运单号已更正为' : '已发货：'}${carrier.name} ${trackingNo}，可在订单详情中查看物流。`,
      link: `/order/logistics/${o.id}/${item.id}`,
      is_read: 0,
      created_at: now,
      read_at: null,
    })
    .execute();
  const shipment = await db
    .selectFrom('shipments')
    .selectAll()
    .where('order_goods_id', '=', item.id)
    .where('carrier_code', '=', carrier.code)
    .where('tracking_no', '=', trackingNo)
    .executeTakeFirstOrThrow();
  return { outcome: replaced ? 'replaced' : 'shipped', shipment, parcels: replaced ? existing.length : existing.length + 1 };
}

function addressMobile(address: string): string {
  try {
    const a = JSON.parse(address) as { mobile?: unknown };
    return typeof a.mobile === 'string' ? a.mobile : '';
  } catch {
    return '';
  }
}

/** An unshipped physical item of a paid order, as the ops script lists it. */
export interface UnshippedItem {
  order_goods_id: number;
  order_id: number;
  order_no: string;
  paid_at: number;
  name: string;
  quantity: number;
  remark: string;
  receiver: { name: string; mobile: string; full_address: string } | null;
}

/** Paid physical items without a parcel, the longest waiting first. */
export async function unshippedItems(s: ShippingServices, limit = 200): Promise<UnshippedItem[]> {
  const rows = await s.db.kysely
    .selectFrom('order_goods as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.id', 'i.order_id', 'i.name', 'i.quantity', 'o.order_no', 'o.paid_at', 'o.remark', 'o.address'])
    .where('i.kind', '=', 'physical')
    .where('o.status', '=', 'paid')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('shipments as p').select('p.id').whereRef('p.order_goods_id', '=', 'i.id'))),
    )
    // Items being refunded or refunded are not to be sent (the refund is decided first: scripts/ops/refunds.ts).
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('refunds as r')
            .select('r.id')
            .whereRef('r.order_goods_id', '=', 'i.id')
            .where('r.status', 'in', ['pending_review', 'processing', 'succeeded']),
        ),
      ),
    )
    .orderBy('o.paid_at')
    .orderBy('i.id')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    let receiver: UnshippedItem['receiver'] = null;
    try {
      const a = JSON.parse(r.address) as { name?: string; mobile?: string; full_address?: string };
      receiver = { name: a.name ?? '', mobile: a.mobile ?? '', full_address: a.full_address ?? '' };
    } catch {
      receiver = null;
    }
    return {
      order_goods_id: r.id,
      order_id: r.order_id,
      order_no: r.order_no,
      paid_at: r.paid_at ?? 0,
      name: r.name,
      quantity: r.quantity,
      remark: r.remark,
      receiver,
    };
  });
}

/** The parcels of an item (any owner: for operators), without asking the provider. */
export function shipmentsOf(s: ShippingServices, orderGoodsId: number): Promise<ShipmentRow[]> {
  return s.db.kysely.selectFrom('shipments').selectAll().where('order_goods_id', '=', orderGoodsId).orderBy('id').execute();
}
