import { type AnyEndpoint, HOST_PREFIX, type InputOf, type OutputOf } from '../../src/contract/endpoint';
import type { Envelope } from '../../src/contract/envelope';
import { decryptJson } from '../../src/protocol/cipher';
import { DEFAULT_ENCRYPT_KEY, DEFAULT_SIGN_KEY } from '../../src/protocol/keys';
import { computeSign } from '../../src/protocol/sign';

export interface Reply<T> {
  http: number;
  body: Envelope<T>;
}

export interface RequestOptions {
  token?: string;
  /** Replace the computed sign ('' sends none). */
  sign?: string;
  /** Send this raw body text instead of JSON of the input (POST). */
  rawBody?: string;
  contentType?: string;
  decrypt?: boolean;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Calls an endpoint over real HTTP the way the app does (sign, DeviceType, Bearer). */
export async function request<E extends AnyEndpoint>(
  baseUrl: string,
  endpoint: E,
  input: InputOf<E> | Record<string, unknown>,
  opts: RequestOptions = {},
): Promise<Reply<OutputOf<E>>> {
  const params = input as Record<string, unknown>;
  const sign = opts.sign ?? computeSign(DEFAULT_SIGN_KEY, endpoint.path, params);
  const url = new URL(baseUrl + HOST_PREFIX[endpoint.host] + endpoint.path);
  if (endpoint.method !== 'POST') {
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  }
  if (sign) url.searchParams.set('sign', sign);
  const headers: Record<string, string> = { DeviceType: 'web', ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (endpoint.method === 'POST') {
    headers['content-type'] = opts.contentType ?? 'application/json';
    body = opts.rawBody ?? JSON.stringify(params);
  }
  const res = await fetch(url, { method: endpoint.method, headers, body });
  const json = (await res.json()) as Envelope<OutputOf<E>>;
  if (opts.decrypt !== false && json.status === 0 && json.data && typeof (json.data as { encrypt?: unknown }).encrypt === 'string') {
    json.data = decryptJson(DEFAULT_ENCRYPT_KEY, (json.data as unknown as { encrypt: string }).encrypt) as OutputOf<E>;
  }
  return { http: res.status, body: json };
}
