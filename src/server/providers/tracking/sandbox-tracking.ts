/**
 * The offline tracking sandbox (TRACKING_PROVIDER=sandbox, the default): plays the part of the carrier's tracking
 * service for parcels an operator shipped. It answers a track that grows with the server's clock — 商家已发货 at once,
 * 已揽收 about an hour later, through a hub, 派送中, 已签收 about 62 hours after shipping — built from
 * sandbox-route.json and chosen by the tracking number (the destination is the order's address), so the same parcel
 * answers the same track at the same time on every server and every request. Never use it for real parcels.
 */
import crypto from 'node:crypto';
import { carrierOf } from './carriers';
import route from './sandbox-route.json';
import type { TrackedParcel, TrackingEvent, TrackingProvider, TrackingResult, TrackingState } from './types';

/** A deterministic pick from a list by the tracking number and a salt. */
function pick<T>(list: readonly T[], trackingNo: string, salt: string): T {
  const h = crypto.createHash('sha256').update(`${salt}:${trackingNo}`).digest();
  return list[h.readUInt32BE(0) % list.length] as T;
}

/** Up to 20 minutes either way for each step after the first (deterministic), so the times do not look machine-made. */
function jitter(trackingNo: string, i: number): number {
  if (i === 0) return 0;
  const h = crypto.createHash('sha256').update(`jitter:${i}:${trackingNo}`).digest();
  return (h.readUInt16BE(0) % 2400) - 1200;
}

/** The city of an address like "广东省广州市天河区 天河路 385 号" or "北京市朝阳区 …" (null when none is found). */
export function cityOf(fullAddress: string): string | null {
  const m = /^(?:[^省]{2,8}省|[^区]{2,10}自治区)?([^省市区\s]{2,8}?市)/.exec(fullAddress.trim());
  return m?.[1] ?? null;
}

/** The whole planned track of a parcel shipped at `shippedAt` (oldest first), with the state after each step. */
export function sandboxTrack(
  carrierName: string,
  trackingNo: string,
  shippedAt: number,
  destinationCity: string | null,
): Array<TrackingEvent & { state: TrackingState }> {
  let origin = pick(route.origins, trackingNo, 'origin');
  const destination = destinationCity ?? pick(route.destinations, trackingNo, 'destination');
  if (origin === destination) origin = route.origins.find((o) => o !== destination) ?? origin;
  const vars: Record<string, string> = {
    origin,
    destination,
    hub: pick(route.hubs, trackingNo, 'hub'),
    courier: pick(route.couriers, trackingNo, 'courier'),
    carrier: carrierName,
  };
  return route.steps.map((step, i) => ({
    time: shippedAt + step.hours * 3600 + jitter(trackingNo, i),
    state: step.state as TrackingState,
    text: step.text.replace(/\{(\w+)\}/g, (_m, k: string) => vars[k] ?? ''),
  }));
}

/** What the sandbox answers at `now`: the steps that have happened, newest first, and the state after the last. */
export function sandboxResult(parcel: TrackedParcel, now: number): TrackingResult {
  const name = carrierOf(parcel.carrier)?.name ?? parcel.carrier;
  const happened = sandboxTrack(name, parcel.trackingNo, parcel.shippedAt, cityOf(parcel.destination)).filter((e) => e.time <= now);
  const last = happened.at(-1);
  return {
    state: last?.state ?? 'pending',
    events: happened.reverse().map(({ time, text }) => ({ time, text })),
  };
}

export class SandboxTrackingProvider implements TrackingProvider {
  readonly name = 'sandbox';
  constructor(private readonly clock: () => number) {}

  async query(parcel: TrackedParcel): Promise<TrackingResult> {
    return sandboxResult(parcel, this.clock());
  }
}
