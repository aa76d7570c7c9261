/** The named functions an expression may call. Values are plain functions; the
 * evaluator wraps every call, so a throwing formatter yields '' instead. */
import { clock, courseTag, liveStartText, liveStatusOf, liveStatusText, studyAction } from '../../format/course';
import { charCount, readLabel, readPercent } from '../../format/ebook';
import { duration, money, progress, relativeTime } from '../../format/time';
import { isSameSitePath } from '../../protocol/same-site-path';

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
  /** a course list item's tag: '推荐学习' if recommended, else '直播课' if live, else '' */
  courseTag: (v) => (v !== null && typeof v === 'object' ? courseTag(v as Record<string, unknown>) : ''),
  /** a bought course's progress → '已学完' / '学习中' / '未学习' */
  studyAction: (v) => studyAction(v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : null),
  /** seconds → 'm:ss' / 'h:mm:ss' (video positions) */
  clock: (v) => num(clock, v),
  /** a live start (unix seconds) → '今天 20:00' / '明天 20:00' / '5月20日 20:00' (China time) */
  liveStart: (v) => num((n) => liveStartText(n), v),
  /** a live course item → 'upcoming' / 'live' / 'ended' from its start and end times and the clock */
  liveStatus: (v) => (v !== null && typeof v === 'object' ? liveStatusOf(v as Record<string, unknown>) : ''),
  /** characters of a book or chapter → '5,771 字' / '3.7 万字' */
  charCount: (v) => num(charCount, v),
  /** an anchor fraction (0–1) → whole percent read (0, then at least 1 past the start, 100 only at the end) */
  readPercent: (v) => readPercent(v),
  /** an e-book reading record → '已读 N%', or '未开始' when null */
  readLabel: (v) => readLabel(v !== null && typeof v === 'object' ? (v as { anchor_point?: { fraction?: unknown } | null }) : null),
  /** a live course item → '未开始' / '直播中' / '已结束' / '看回放' (ended with a recording) */
  liveStatusText: (v) =>
    v !== null && typeof v === 'object'
      ? liveStatusText(liveStatusOf(v as Record<string, unknown>), Number((v as Record<string, unknown>).live_playback) === 1)
      : '',
  /** the part of `x` before the first `sep` (all of it when absent): before('12&from=share', '&') → '12' (spec §5) */
  before: (v, sep) => {
    const s = str(v);
    const at = sep == null || str(sep) === '' ? -1 : s.indexOf(str(sep));
    return at < 0 ? s : s.slice(0, at);
  },
  /**
   * a path on this site → the full link on the site serving the page, for links a user copies or shares:
   * siteUrl('/activity/detail/1001?referrer_id=7') → 'https://m.example.com/activity/detail/1001?referrer_id=7'.
   * Anything but a same-site path gives ''; where there is no page (the server's checks) the path stays as it is.
   */
  siteUrl: (v) => {
    if (!isSameSitePath(v)) return '';
    const origin = globalThis.location?.origin;
    return origin && origin !== 'null' ? origin + v : v;
  },
  /** `x` as one URL part (encodeURIComponent): '/user/mobile_login/' + uri('/activity/detail/1?referrer_id=7') */
  uri: (v) => encodeURIComponent(str(v)),
  /** a mobile number masked as the server masks it: maskMobile('13912340006') → '139****0006' ('' for anything else) */
  maskMobile: (v) => {
    const s = str(v);
    return /^\d{11}$/.test(s) ? `${s.slice(0, 3)}****${s.slice(7)}` : '';
  },
};
