/**
 * The user's tracking of shipped parcels: `order.express_package` answers an item's parcels (shipped by an operator:
 * order-shipping.ts) with their tracks from the tracking provider (TRACKING_PROVIDER).
 *
 * Tracks are cached on the shipment: the provider is asked at most every TRACKING_REFRESH_SECONDS per parcel (never
 * again once signed for), by one request at a time (a compare-and-set on `next_query_at` is the lease). When the
 * provider fails, the reply still lists the parcel — the events it gave last, if any — with a `notice`, never a 500;
 * the failure is logged and kept in `query_error` for operators, and it is tried again a minute later at the earliest.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { OutputOf } from '../../../contract/endpoint';
import type * as order from '../../../contract/orders';
import {
  FINAL_TRACKING_STATES,
  type ParcelView,
  TRACKING_STATE_LABELS,
  TRACKING_STATES,
  type TrackingState,
} from '../../../contract/shipping';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import { carrierOf } from '../../providers/tracking/carriers';
import { TrackingError, type TrackingEvent } from '../../providers/tracking/types';
import { type ShipmentRow, shipmentsOf } from './order-shipping';

/** After a failed query the provider is asked again this many seconds later at the earliest. */
export const TRACKING_RETRY_SECONDS = 60;
/** How long the request that asks the provider holds the parcel (longer than the provider's own timeout). */
const QUERY_LEASE_SECONDS = 30;

function addressText(address: string): string {
  try {
    const a = JSON.parse(address) as { full_address?: unknown };
    return typeof a.full_address === 'string' ? a.full_address : '';
  } catch {
    return '';
  }
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
