/** 'YYYY-MM-DD HH:mm(:ss)' in China time (UTC+8, no daylight saving) → unix seconds; NaN when malformed or impossible. */
export function parseChinaTime(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v))) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  // 2026-02-30 or 25:00 would roll over into another day: refuse instead.
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || back.getUTCHours() !== h || back.getUTCMinutes() !== mi || s > 59)
    return Number.NaN;
  return Math.floor(ms / 1000) - 8 * 3600;
}
