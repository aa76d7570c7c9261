import type { Generated } from 'kysely';

/** Tables of shipping: parcels of physical order items (joined into Database in ../../db/schema.ts). */
/** A parcel shipped for a physical order item, with the track the tracking provider last answered. */
export interface ShipmentTable {
  id: Generated<number>;
  order_id: number;
  order_goods_id: number;
  /** Kuaidi100's company code (providers/tracking/carriers.json). */
  carrier_code: string;
  /** Upper-case letters, digits and '-'. */
  tracking_no: string;
  /** The receiver's mobile, kept only for carriers that answer with it alone (SF); never sent to the client. */
  phone: Generated<string>;
  shipped_at: number;
  /** Who shipped it (the ops script's --by, else the system user). */
  shipped_by: Generated<string>;
  /** A contract TRACKING_STATES value. */
  state: Generated<string>;
  /** JSON `[{time, text}]`, newest first. */
  events: Generated<string>;
  /** When the provider last answered (0: never). */
  queried_at: Generated<number>;
  /** Not asked again before this (a refresh interval, a retry delay, or the lease of the request asking now). */
  next_query_at: Generated<number>;
  /** Why the latest query failed ('' after a success); for operators, never holds a key. */
  query_error: Generated<string>;
}

export interface ShippingTables {
  shipments: ShipmentTable;
}
