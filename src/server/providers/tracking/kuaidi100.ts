/**
 * Kuaidi100 (快递100) real-time query API, enterprise edition (实时快递查询接口):
 * `POST {base}/poll/query.do`, form fields `customer` (the company number Kuaidi100 assigned), `param` (JSON
 * `{com, num, phone?, resultv2}`) and `sign` = upper-case hex MD5 of `param + key + customer`. A success answers
 * `{message: 'ok', state, ischeck, status: '200', data: [{time: 'YYYY-MM-DD HH:mm:ss' (China time), context}]}`,
 * newest first; a refusal answers `{result: false, returnCode, message}`. The key is never logged nor put in an error.
 */
import crypto from 'node:crypto';
import { parseChinaTime } from './china-time';
import {
  FINAL_TRACKING_STATES,
  type TrackedParcel,
  TrackingError,
  type TrackingEvent,
  type TrackingProvider,
  type TrackingResult,
  type TrackingState,
} from './types';

export const KUAIDI100_API_BASE = 'https://poll.kuaidi100.com';
export const KUAIDI100_QUERY_PATH = '/poll/query.do';

export interface Kuaidi100Settings {
  customer: string;
  key: string;
  /** Without a trailing slash; a local fake in tests. */
  apiBase: string;
  /** Milliseconds before a query is given up (default 8000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** sign = MD5(param + key + customer), 32 upper-case hex digits. */
export function kuaidi100Sign(param: string, key: string, customer: string): string {
  return crypto
    .createHash('md5')
    .update(param + key + customer, 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** The form body of a query (customer, sign, param), exactly as sent. `resultv2: '4'` asks for the detailed states. */
export function kuaidi100QueryForm(s: { customer: string; key: string }, com: string, num: string, phone?: string): URLSearchParams {
  const param = JSON.stringify({ com, num, ...(phone ? { phone } : {}), resultv2: '4' });
  return new URLSearchParams({ customer: s.customer, sign: kuaidi100Sign(param, s.key, s.customer), param });
}

/** Kuaidi100's main states (0 在途 … 14 拒签; 8 and 10–13 are customs). */
const MAIN_STATES: Record<number, TrackingState> = {
  0: 'in_transit',
  1: 'collected',
  2: 'trouble',
  3: 'signed',
  4: 'returned_signed',
  5: 'delivering',
  6: 'returning',
  7: 'redirected',
  8: 'customs',
  10: 'customs',
  11: 'customs',
  12: 'customs',
  13: 'customs',
  14: 'rejected',
};

/**
 * Kuaidi100's state → ours. With `resultv2=4` it answers sub-states too: 101 已下单 and 102 待揽收 (nothing collected
 * yet), 103 已揽收; 1001–1003 在途 (到达派件城市, 干线, 转递); 201–210 疑难; 301–304 签收; 401 已销单 (退签); 501 投柜或驿站
 * (派件). A sub-state of three digits belongs to the main state of its first digit; an unknown code reads as 在途.
 */
export function kuaidi100State(raw: string | number | undefined | null): TrackingState {
  if (raw === undefined || raw === null || raw === '') return 'pending';
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) return 'pending';
  if (n === 101 || n === 102) return 'pending';
  if (n >= 1000 && n < 2000) return 'in_transit';
  const main = n >= 100 && n < 1000 ? Math.floor(n / 100) : n;
  return MAIN_STATES[main] ?? 'in_transit';
}

/** Kuaidi100's returnCode → what went wrong (its own message is added when it gives one). */
const RETURN_CODES: Record<string, string> = {
  '400': '请求参数不完整或格式错误',
  '408': '手机号校验失败（该快递公司须提供收件人或寄件人手机号）',
  '500': '查询无结果，请稍后再查',
  '501': '快递100服务器错误',
  '502': '快递100服务器繁忙',
  '503': '签名验证失败（请检查 KUAIDI100_CUSTOMER 与 KUAIDI100_KEY）',
  '601': '授权 key 已过期或余额不足',
};

interface Kuaidi100Reply {
  result?: boolean;
  returnCode?: string | number;
  message?: string;
  state?: string | number;
  ischeck?: string | number;
  status?: string | number;
  data?: Array<{ time?: string; ftime?: string; context?: string }>;
}

export class Kuaidi100Provider implements TrackingProvider {
  readonly name = 'kuaidi100';
  constructor(private readonly s: Kuaidi100Settings) {
    if (!s.customer || !s.key) throw new Error('TRACKING_PROVIDER=kuaidi100 needs KUAIDI100_CUSTOMER and KUAIDI100_KEY');
  }

  async query(parcel: TrackedParcel): Promise<TrackingResult> {
    const body = kuaidi100QueryForm(this.s, parcel.carrier, parcel.trackingNo, parcel.phone || undefined);
    const doFetch = this.s.fetch ?? fetch;
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${this.s.apiBase}${KUAIDI100_QUERY_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
        body: body.toString(),
        signal: AbortSignal.timeout(this.s.timeoutMs ?? 8000),
      });
      text = await res.text();
    } catch (e) {
      const timeout = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      // Only the system's error code (ECONNREFUSED, ENOTFOUND…): nothing of the request goes into the message.
      const cause = (e as { cause?: { code?: unknown } })?.cause?.code;
      const why = typeof cause === 'string' && /^[A-Z_]{3,32}$/.test(cause) ? `（${cause}）` : '';
      throw new TrackingError(timeout ? '快递100查询超时' : `无法连接快递100${why}`, timeout ? 'timeout' : 'network');
    }
    if (!res.ok) throw new TrackingError(`快递100查询失败：HTTP ${res.status}`, `http_${res.status}`);
    let reply: Kuaidi100Reply;
    try {
      reply = JSON.parse(text) as Kuaidi100Reply;
    } catch {
      throw new TrackingError('快递100的回复不是 JSON', 'bad_reply');
    }
    if (!reply || typeof reply !== 'object') throw new TrackingError('快递100的回复无法识别', 'bad_reply');
    const returnCode = reply.returnCode === undefined ? '' : String(reply.returnCode);
    if (reply.result === false || (returnCode && returnCode !== '200')) {
      const code = returnCode || 'unknown';
      // No track yet (a parcel just handed over): not a failure, an empty track.
      if (code === '500') return { state: 'pending', events: [] };
      const known = RETURN_CODES[code];
      const own = typeof reply.message === 'string' ? reply.message.slice(0, 100) : '';
      const msg = [known, own && own !== known ? own : ''].filter(Boolean).join('：');
      throw new TrackingError(`快递100查询失败（${code}）${msg ? `：${msg}` : ''}`, code);
    }
    if (String(reply.status) !== '200' || !Array.isArray(reply.data)) {
      throw new TrackingError(
        `快递100查询失败：${typeof reply.message === 'string' && reply.message ? reply.message.slice(0, 100) : '回复缺少物流数据'}`,
        'bad_reply',
      );
    }
    const events: TrackingEvent[] = [];
    for (const d of reply.data) {
      const time = parseChinaTime(d?.time ?? d?.ftime ?? '');
      if (Number.isNaN(time) || typeof d?.context !== 'string' || !d.context) continue;
      events.push({ time, text: d.context });
    }
    events.sort((a, b) => b.time - a.time);
    if (events.length === 0) return { state: 'pending', events };
    const mapped = kuaidi100State(reply.state);
    // ischeck 1: the parcel was signed for, whatever sub-state came with it.
    const state = String(reply.ischeck) === '1' && !FINAL_TRACKING_STATES.includes(mapped) ? 'signed' : mapped;
    return { state, events };
  }
}
