/**
 * Tracking of parcels: the interface the shipping service asks, with a real adapter for Kuaidi100's
 * real-time query API (kuaidi100.ts) and an offline sandbox (sandbox-tracking.ts, the default). The states and
 * their labels are the contract's (src/contract/shipping.ts).
 */
import type { TrackingState } from '../../../contract/shipping';

export { FINAL_TRACKING_STATES, TRACKING_STATE_LABELS, TRACKING_STATES, type TrackingState } from '../../../contract/shipping';

export interface TrackingEvent {
  /** Unix seconds. */
  time: number;
  text: string;
}

export interface TrackingResult {
  state: TrackingState;
  /** Newest first. */
  events: TrackingEvent[];
}

/** The parcel asked about: what a carrier's service needs, and what our side knows of it. */
export interface TrackedParcel {
  /** Kuaidi100's company code (carriers.json). */
  carrier: string;
  trackingNo: string;
  /** The receiver's mobile, for carriers that answer only with it (SF); '' otherwise. */
  phone: string;
  /** When the operator shipped it (unix seconds). */
  shippedAt: number;
  /** The receiver's full address ('' when unknown). */
  destination: string;
}

export interface TrackingProvider {
  readonly name: 'sandbox' | 'kuaidi100';
  /** The parcel's track. Throws TrackingError when the carrier's service fails or refuses. */
  query(parcel: TrackedParcel): Promise<TrackingResult>;
}

/** A query that failed: `message` is for operators and logs (never holds a key); `code` the service's own code. */
export class TrackingError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'TrackingError';
  }
}
