import { CODE, type Envelope } from '../contract/envelope';
import { computeSign, type Params } from '../protocol/sign';

export interface HttpHooks {
  signKey: string;
  encryptKey: string;
  timeoutMs: number;
  token(): string;
  /** This browser's random id, sent as the `DeviceId` header (the server limits SMS sends per device with it). */
  deviceId?(): string;
  onUnauthorized(): void;
  /** Code 4440: the session ended; `msg` is the server's message for the user. */
  onSessionInvalid(msg: string): void;
  onStart(): void;
  onEnd(): void;
}

export interface HttpRequest {
  /** Base URL of the host plus the endpoint's path. */
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** The endpoint's path on its host; the sign is computed over it. */
  signPath: string;
  /** Query params (GET, DELETE) or JSON body (POST). */
  params: Params;
  /**
   * Sent with `fetch(…, {keepalive: true})`: the request outlives the page (hidden, closed, navigated away), and it
   * is not counted as in flight (no loading overlay). For background reports such as video progress.
   */
  keepalive?: boolean;
  /** Sent as the `Idempotency-Key` header: the server makes one order of any number of sends with the same key. */
  idempotencyKey?: string;
}

export interface HttpReply {
  status: number;
  data: unknown;
}

/** Why a request produced no usable reply (the caller turns it into status -1 and a Chinese message). */
export class HttpFailure extends Error {
  constructor(readonly kind: 'timeout' | 'network' | 'server') {
    super(kind);
  }
}

/** `fetch` or a stand-in (tests). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Pick<Response, 'status' | 'text'>>;

function isEnvelope(v: unknown): v is Envelope {
  return Boolean(v && typeof v === 'object' && 'status' in v);
}

/** Query string of the params: undefined and null are left out, objects and arrays are sent as JSON. */
export function queryString(params: Params): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    q.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * The request layer with the every-request rules, on the platform's `fetch`: DeviceType and DeviceId headers, sign,
 * 30 s timeout, HTTP 200–499 resolve (never throw), Bearer token, 401 and 4440 handling, `data.encrypt`
 * decryption. A network failure, a timeout or a 5xx rejects with an HttpFailure.
 */
export function createHttp(h: HttpHooks, fetchImpl: FetchLike = (url, init) => globalThis.fetch(url, init)) {
  async function send(req: HttpRequest): Promise<HttpReply> {
    const headers: Record<string, string> = { DeviceType: 'web', Accept: 'application/json' };
    const token = h.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    const device = h.deviceId?.();
    if (device) headers.DeviceId = device;
    if (req.idempotencyKey) headers['Idempotency-Key'] = req.idempotencyKey;
    const sign = computeSign(h.signKey, req.signPath, req.params);
    const post = req.method === 'POST';
    const query = post ? (sign ? { sign } : {}) : { ...req.params, ...(sign ? { sign } : {}) };
    if (post) headers['Content-Type'] = 'application/json';
    const abort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, h.timeoutMs);
    let res: Pick<Response, 'status' | 'text'>;
    let text: string;
    try {
      res = await fetchImpl(req.url + queryString(query), {
        method: req.method,
        headers,
        body: post ? JSON.stringify(req.params) : undefined,
        signal: abort.signal,
        ...(req.keepalive ? { keepalive: true } : {}),
      });
      text = await res.text();
    } catch {
      throw new HttpFailure(timedOut ? 'timeout' : 'network');
    } finally {
      clearTimeout(timer);
    }
    if (res.status < 200 || res.status >= 500) throw new HttpFailure('server');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    if (res.status === 401) h.onUnauthorized();
    if (isEnvelope(body)) {
      if (body.code === CODE.sessionInvalid) h.onSessionInvalid(typeof body.msg === 'string' ? body.msg : '');
      const data = body.data as { encrypt?: unknown } | null;
      if (res.status === 200 && body.status === 0 && data && typeof data.encrypt === 'string') {
        // The cipher is its own chunk: only replies that are encrypted pay for it.
        const { decryptJson } = await import('../protocol/cipher');
        body.data = decryptJson(h.encryptKey, data.encrypt);
      }
    }
    return { status: res.status, data: body };
  }

  return {
    async request(req: HttpRequest): Promise<HttpReply> {
      if (req.keepalive) return send(req);
      h.onStart();
      try {
        return await send(req);
      } finally {
        h.onEnd();
      }
    },
  };
}

export type Http = ReturnType<typeof createHttp>;
