/** The named functions an expression may call. Values are plain functions; the
 * evaluator wraps every call, so a throwing formatter yields '' instead. */
import { duration, money, progress, relativeTime } from '../../format/time';

export type Formatter = (...args: unknown[]) => unknown;
export type Registry = Record<string, Formatter>;

/** Display text of a value: null and undefined render as ''. Never throws. */
export function str(v: unknown): string {
  try {
    return v == null ? '' : String(v);
  } catch {
    return '';
  }
}

/** Numbers and numeric strings (APIs send prices as "1990") → the formatter; anything else → ''. */
function num(fn: (n: number) => string, v: unknown): string {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? fn(n) : '';
}

export const formatters: Registry = {
  /** fen → yuan, 2 decimals, trailing .00 dropped: money(1990) → '19.90', money(2000) → '20' */
  money: (v) => num(money, v),
  /** unix seconds → '刚刚' / 'N分钟前' / … / 'YYYY-MM-DD' */
  relativeTime: (v) => num((n) => relativeTime(n), v),
  /** seconds → 'N秒' / 'N分钟' / 'N小时' */
  duration: (v) => num(duration, v),
  /** 2 decimals */
  progress: (v) => num(progress, v),
  /** `y` when `x` is undefined, null or '' (unlike `??`, which keeps ''). */
  default: (v, d) => (v == null || v === '' ? d : v),
  /** join(arr, sep = ','); null items render as ''; a non-array gives ''. */
  join: (a, sep) => (Array.isArray(a) ? a.map(str).join(sep == null ? ',' : str(sep)) : ''),
  /** length of a string or array, key count of an object, else 0 */
  len: (v) => (typeof v === 'string' || Array.isArray(v) ? v.length : v !== null && typeof v === 'object' ? Object.keys(v).length : 0),
};
