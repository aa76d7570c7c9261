/**
 * Shipping and tracking of physical goods (issue 15). An operator (scripts/ops/ship.ts) marks a physical item of a
 * paid order shipped with a known carrier and a tracking number; `order.express_package` then answers the item's
 * parcels with their tracks from the tracking provider (TRACKING_PROVIDER).
 *
 * Rules of shipping: the item must exist, be physical and belong to a paid order; the carrier must be one of
 * providers/tracking/carriers.json; the tracking number is 8–32 letters, digits or '-' (spaces are dropped, letters
 * upper-cased). Shipping the same carrier and number again changes nothing. A different number is refused unless the
 * operator says it is another parcel of the same item (`add`: e.g. a quantity of 3 sent in two boxes) or a correction
 * of the item's only parcel (`replace`: the track starts again). The user gets an inbox message for each new parcel.
 *
 * Tracks are cached on the shipment: the provider is asked at most every TRACKING_REFRESH_SECONDS per parcel (never
 * again once signed for), by one request at a time (a compare-and-set on `next_query_at` is the lease). When the
 * provider fails, the reply still lists the parcel — the events it gave last, if any — with a `notice`, never a 500;
 * the failure is logged and kept in `query_error` for operators, and it is tried again a minute later at the earliest.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { OutputOf } from '../../contract/endpoint';
import type * as order from '../../contract/order';
import {
  FINAL_TRACKING_STATES,
  type ParcelView,
  TRACKING_STATE_LABELS,
  TRACKING_STATES,
  type TrackingState,
} from '../../contract/tracking';
import type { Database } from '../db/schema';
import type { Services } from '../http/context';
import { badInput, conflict, notFound } from '../http/errors';
import { CARRIERS, type Carrier, carrierOf } from '../providers/tracking/carriers';
import { TrackingError, type TrackingEvent } from '../providers/tracking/types';

export type ShipmentRow = Selectable<Database['shipments']>;
/** What shipping needs of the server's services (the ops script opens just the database). */
export type ShippingServices = Pick<Services, 'db' | 'clock'>;

/** A tracking number as stored: 8–32 upper-case letters, digits or '-' (Kuaidi100 takes at most 32). */
export const TRACKING_NO_RE = /^[A-Z0-9][A-Z0-9-]{7,31}$/;
/** After a failed query the provider is asked again this many seconds later at the earliest. */
export const TRACKING_RETRY_SECONDS = 60;
/** How long the request that asks the provider holds the parcel (longer than the provider's own timeout). */
const QUERY_LEASE_SECONDS = 30;

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

const isUniqueViolation = (e: unknown) => /unique|duplicate key/i.test(e instanceof Error ? e.message : String(e));

/** Marks a physical item of a paid order shipped (see the rules at the top). Throws ApiError refusals. */
export async function shipItem(s: ShippingServices, input: ShipInput): Promise<ShipResult> {
  const carrier = findCarrier(input.carrier);
  if (!carrier) throw badInput(`未知的快递公司 ${input.carrier}；可用：${CARRIERS.map((c) => `${c.code}（${c.name}）`).join('、')}`);
  const trackingNo = normalizeTrackingNo(input.trackingNo);
  if (!trackingNo) throw badInput('运单号不能为空');
  if (!TRACKING_NO_RE.test(trackingNo)) throw badInput(`运单号 ${input.trackingNo.trim()} 格式不正确：须为 8–32 位字母、数字或短横线`);
  const mode = input.mode ?? 'ship';
  try {
    return await s.db.kysely
      .transaction()
      .execute((trx) => shipIn({ ...s, db: { ...s.db, kysely: trx } }, input, carrier, trackingNo, mode));
  } catch (e) {
    // Two operators shipping the same parcel at once: the unique index let one insert; the other finds it.
    if (!isUniqueViolation(e)) throw e;
    return s.db.kysely.transaction().execute((trx) => shipIn({ ...s, db: { ...s.db, kysely: trx } }, input, carrier, trackingNo, mode));
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

function addressText(address: string): string {
  try {
    const a = JSON.parse(address) as { full_address?: unknown };
    return typeof a.full_address === 'string' ? a.full_address : '';
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

function stateOf(raw: string): TrackingState {
  return (TRACKING_STATES as readonly string[]).includes(raw) ? (raw as TrackingState) : 'pending';
}

function eventsOf(raw: string): TrackingEvent[] {
  try {
    const list = JSON.parse(raw) as unknown;
    if (!Array.isArray(list)) return [];
    return list.filter((e): e is TrackingEvent => !!e && typeof e === 'object' && typeof e.time === 'number' && typeof e.text === 'string');
  } catch {
    return [];
  }
}

type TrackingServices = Pick<Services, 'db' | 'clock' | 'config' | 'providers'> & { log?: FastifyBaseLogger };

/**
 * Asks the provider for a parcel's track when it is due (see the top) and keeps the answer; answers the row as it
 * stands after that. Never throws for the provider's failures.
 */
export async function refreshShipment(s: TrackingServices, row: ShipmentRow, destination: string): Promise<ShipmentRow> {
  const now = s.clock();
  const state = stateOf(row.state);
  if (row.queried_at > 0 && FINAL_TRACKING_STATES.includes(state)) return row;
  if (row.next_query_at > now) return row;
  const db = s.db.kysely;
  // The lease: of several requests finding the parcel due, the one whose compare-and-set lands asks the provider.
  const claimed = await db
    .updateTable('shipments')
    .set({ next_query_at: now + QUERY_LEASE_SECONDS })
    .where('id', '=', row.id)
    .where('next_query_at', '=', row.next_query_at)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return row;
  const provider = s.providers.tracking;
  try {
    const result = await provider.query({
      carrier: row.carrier_code,
      trackingNo: row.tracking_no,
      phone: row.phone,
      shippedAt: row.shipped_at,
      destination,
    });
    const cached = eventsOf(row.events);
    // An empty answer after a track (Kuaidi100's "no result" now and then) is no news: keep the track.
    const keep = result.events.length === 0 && cached.length > 0;
    const next = {
      state: keep ? state : result.state,
      events: keep ? row.events : JSON.stringify(result.events.slice(0, 200)),
      queried_at: keep ? row.queried_at : now,
      next_query_at: now + s.config.trackingRefreshSeconds,
      query_error: '',
    };
    await db.updateTable('shipments').set(next).where('id', '=', row.id).execute();
    return { ...row, ...next };
  } catch (e) {
    const message = e instanceof TrackingError ? e.message : '物流查询出错（未知错误）';
    if (e instanceof TrackingError)
      s.log?.warn({ shipment: row.id, provider: provider.name, code: e.code }, `tracking query failed: ${e.message}`);
    else s.log?.error({ shipment: row.id, provider: provider.name, err: e }, 'tracking query failed');
    const next = { next_query_at: now + TRACKING_RETRY_SECONDS, query_error: message.slice(0, 255) };
    await db.updateTable('shipments').set(next).where('id', '=', row.id).execute();
    return { ...row, ...next };
  }
}

/** Users read no provider's internals: a failed query says only that the track could not be updated. */
function noticeOf(row: ShipmentRow, events: readonly TrackingEvent[]): string {
  if (!row.query_error) return '';
  return events.length > 0 ? '物流信息暂时无法更新，显示的是上次查询到的信息' : '物流信息暂时查询不到，请稍后再试';
}

export function parcelOf(row: ShipmentRow): ParcelView {
  const state = stateOf(row.state);
  const events = eventsOf(row.events).sort((a, b) => b.time - a.time);
  return {
    id: row.id,
    company: carrierOf(row.carrier_code)?.name ?? row.carrier_code,
    carrier: row.carrier_code,
    tracking_no: row.tracking_no,
    state: TRACKING_STATE_LABELS[state],
    state_code: state,
    shipped_at: row.shipped_at,
    updated_at: row.queried_at,
    notice: noticeOf(row, events),
    events,
  };
}

/** `order.express_package`: the caller's item's parcels, oldest first, each with its track (another user's item: 4004). */
export async function expressPackages(
  s: TrackingServices,
  userId: number,
  orderGoodsId: number,
): Promise<OutputOf<typeof order.expressPackage>> {
  const item = await s.db.kysely
    .selectFrom('order_goods')
    .select(['id', 'order_id'])
    .where('id', '=', orderGoodsId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!item) throw notFound(`订单商品 order_goods_id ${orderGoodsId} `);
  const rows = await shipmentsOf(s, item.id);
  if (rows.length === 0) return [];
  const o = await s.db.kysely.selectFrom('orders').select('address').where('id', '=', item.order_id).executeTakeFirstOrThrow();
  const destination = addressText(o.address);
  const fresh = await Promise.all(rows.map((r) => refreshShipment(s, r, destination)));
  return fresh.map(parcelOf);
}
