/** Display rules of the spec (section 9). */

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Relative time: ≤1 min 'just now', <60 min minutes, <24 h hours, <3 days days, else the date. */
export function relativeTime(seconds: number, nowMs = Date.now()): string {
  const diff = Math.max(0, Math.floor(nowMs / 1000) - seconds);
  if (diff <= 60) return '刚刚';
  if (diff < 3600) return `${Math.floor(diff / 60)}分钟前`;
  if (diff < 86400) return `${Math.floor(diff / 3600)}小时前`;
  if (diff < 3 * 86400) return `${Math.floor(diff / 86400)}天前`;
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Duration: under 60 s in seconds, under 3600 s in minutes, else hours. */
export function duration(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.floor(seconds))}秒`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}分钟`;
  return `${Math.floor(seconds / 3600)}小时`;
}

/** Money in fen shown in yuan with 2 decimals; a trailing .00 is dropped. */
export function money(fen: number): string {
  const text = (fen / 100).toFixed(2);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** Progress with 2 decimals (going list). */
export function progress(value: number): string {
  return value.toFixed(2);
}
