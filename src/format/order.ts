/** Pure rules of the order pages: the pending order's count-down and China-time date-times. */

/**
 * Seconds left until `expiresAt` (unix seconds). `serverNow` is the server's clock in the reply (0: unknown, use the
 * device's), `receivedAtMs` when that reply arrived on the device's clock, `nowMs` the device's clock now. Never < 0.
 */
export function remainingSeconds(expiresAt: number, serverNow: number, receivedAtMs: number, nowMs = Date.now()): number {
  if (!expiresAt) return 0;
  const offsetMs = serverNow > 0 ? serverNow * 1000 - receivedAtMs : 0;
  return Math.max(0, Math.ceil(expiresAt - (nowMs + offsetMs) / 1000));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds → 'mm:ss', or 'h:mm:ss' from an hour on (count-downs). */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/** Unix seconds → '2026-11-24 22:05' (China time); '' for 0. */
export function chinaDateTime(seconds: number): string {
  if (!seconds) return '';
  return new Date((seconds + 8 * 3600) * 1000).toISOString().slice(0, 16).replace('T', ' ');
}

/** Unix seconds → '2026-11-24' (China time); '' for 0. */
export function chinaDay(seconds: number): string {
  return chinaDateTime(seconds).slice(0, 10);
}
