/** What the request layer and its HTTP client share: hooks, requests, replies, failures, the query string. */
import type { Params } from '../protocol/sign';

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
