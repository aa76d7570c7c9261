// Shapes of shipping and tracking: a parcel's states with the labels users read, and one parcel as
// `order.express_package` answers it. The server's tracking providers (src/server/providers/tracking) map their
// carriers' states onto these.
import * as z from 'zod/mini';

export const TRACKING_STATES = [
  'pending',
  'collected',
  'in_transit',
  'delivering',
  'signed',
  'trouble',
  'returning',
  'returned_signed',
  'rejected',
  'redirected',
  'customs',
] as const;
export type TrackingState = (typeof TRACKING_STATES)[number];

/** What the user sees for each state. */
export const TRACKING_STATE_LABELS: Record<TrackingState, string> = {
  pending: '待揽收',
  collected: '已揽收',
  in_transit: '运输中',
  delivering: '派送中',
  signed: '已签收',
  trouble: '疑难件',
  returning: '退回中',
  returned_signed: '已退签',
  rejected: '已拒签',
  redirected: '转投中',
  customs: '清关中',
};

/** States after which a parcel's track no longer changes (the server stops asking the carrier). */
export const FINAL_TRACKING_STATES: readonly TrackingState[] = ['signed', 'returned_signed'];

export const trackingEvent = z.object({
  /** Unix seconds. */
  time: z.number(),
  text: z.string(),
});
export type TrackingEventView = z.infer<typeof trackingEvent>;

/** One parcel of an order item: carrier, tracking number, state and events (newest first). */
export const parcelView = z.object({
  id: z.number(),
  /** The carrier's name (顺丰速运). */
  company: z.string(),
  /** The carrier's code (Kuaidi100's company code, e.g. shunfeng). */
  carrier: z.string(),
  tracking_no: z.string(),
  /** The state's label (已签收). */
  state: z.string(),
  state_code: z.enum(TRACKING_STATES),
  shipped_at: z.number(),
  /** When the carrier last answered (0: not yet). */
  updated_at: z.number(),
  /** '' or why the latest query failed (the events shown are then the last ones the carrier gave, if any). */
  notice: z.string(),
  events: z.array(trackingEvent),
});
export type ParcelView = z.infer<typeof parcelView>;
