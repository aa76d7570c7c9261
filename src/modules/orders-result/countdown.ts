/** The count-down to an unpaid order's automatic closing, on the server's clock (not the device's). */

/** Seconds to add to the device clock to get the server's, from a reply's `now` read at `deviceNow` (both seconds). */
export function clockSkew(serverNow: number | undefined, deviceNow: number): number {
  return typeof serverNow === 'number' && serverNow > 0 ? serverNow - deviceNow : 0;
}

/** Whole seconds left until `expiresAt` (never below 0). */
export function secondsLeft(expiresAt: number, deviceNow: number, skew: number): number {
  return Math.max(0, Math.floor(expiresAt - (deviceNow + skew)));
}

/** 1799 → 29:59; 3725 → 1:02:05. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}
