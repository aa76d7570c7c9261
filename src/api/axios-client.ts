/**
 * The request layer's HTTP client: one axios instance (`axios.create`) with the every-request rules as its options and
 * interceptors. Its own chunk (axios is ~14 KB gzip): `http.ts` starts loading it when the app starts, in parallel with
 * the first screen, and the first call that needs it waits for it.
 *
 * - options: the 30 s `timeout`; `validateStatus` resolves every HTTP 200–499 (an envelope with a non-zero status is
 *   an answer, not an error); the body comes back as text and is parsed here (a non-JSON body is kept as text); no
 *   XSRF cookie lookup (`withXSRFToken: false`: the API signs requests and takes a Bearer token, it sets no cookie);
 *   axios's fetch adapter over the platform's `fetch` (or a stand-in in tests), so `keepalive` reaches fetch.
 * - request interceptor: DeviceType, Accept, the Bearer token, DeviceId, Idempotency-Key, and the sign over the
 *   endpoint's path and params (in the query; GET/DELETE params in the query too, POST params as the JSON body).
 * - response interceptor: HTTP 401 clears the login; envelope code 4440 starts the session-ended flow; `data.encrypt`
 *   of a successful reply is decrypted (the cipher is a chunk of its own: only encrypted replies load it).
 */
import axios, { type AxiosInstance, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { CODE, type Envelope } from '../contract/envelope';
import { computeSign, type Params } from '../protocol/sign';
import { type FetchLike, type HttpHooks, type HttpRequest, queryString } from './http-types';

/** What a request carries to the interceptor besides axios's own options. */
interface BeikaoRequest {
  beikao: Pick<HttpRequest, 'signPath' | 'params' | 'idempotencyKey'>;
}

function isEnvelope(v: unknown): v is Envelope {
  return Boolean(v && typeof v === 'object' && 'status' in v);
}

function parseBody(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createAxiosClient(h: HttpHooks, fetchImpl: FetchLike): AxiosInstance {
  const instance = axios.create({
    timeout: h.timeoutMs,
    validateStatus: (status) => status >= 200 && status < 500,
    adapter: 'fetch',
    // Plain fetch(url, init): no Request object, so a stand-in fetch sees the URL and options as sent.
    // (null, not undefined: axios fills undefined from the globals.)
    env: { fetch: fetchImpl, Request: null, Response: null } as unknown as AxiosRequestConfig['env'],
    responseType: 'text',
    transformResponse: [(data: unknown) => data],
    // The API authenticates by Bearer token and request sign, never by cookie, so it has no XSRF cookie: without
    // this axios reads document.cookie on every same-origin request to look for one (and Chrome reports each read).
    withXSRFToken: false,
  });

  instance.interceptors.request.use((config: InternalAxiosRequestConfig & Partial<BeikaoRequest>) => {
    const req = config.beikao;
    if (!req) return config;
    config.headers.set('DeviceType', 'web');
    config.headers.set('Accept', 'application/json');
    const token = h.token();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    const device = h.deviceId?.();
    if (device) config.headers.set('DeviceId', device);
    if (req.idempotencyKey) config.headers.set('Idempotency-Key', req.idempotencyKey);
    const sign = computeSign(h.signKey, req.signPath, req.params);
    const post = config.method?.toUpperCase() === 'POST';
    const query: Params = post ? (sign ? { sign } : {}) : { ...req.params, ...(sign ? { sign } : {}) };
    config.url = `${config.url ?? ''}${queryString(query)}`;
    if (post) {
      config.headers.set('Content-Type', 'application/json');
      config.data = JSON.stringify(req.params);
    }
    return config;
  });

  instance.interceptors.response.use(async (res) => {
    const body = parseBody(res.data);
    if (res.status === 401) h.onUnauthorized();
    if (isEnvelope(body)) {
      if (body.code === CODE.sessionInvalid) h.onSessionInvalid(typeof body.msg === 'string' ? body.msg : '');
      const data = body.data as { encrypt?: unknown } | null;
      if (res.status === 200 && body.status === 0 && data && typeof data.encrypt === 'string') {
        const { decryptJson } = await import('../protocol/cipher');
        body.data = decryptJson(h.encryptKey, data.encrypt);
      }
    }
    res.data = body;
    return res;
  });

  return instance;
}

/** One request through the instance; the interceptors add the rules. */
export function send(instance: AxiosInstance, req: HttpRequest) {
  return instance.request({
    url: req.url,
    method: req.method,
    ...(req.keepalive ? { fetchOptions: { keepalive: true } } : {}),
    beikao: { signPath: req.signPath, params: req.params, idempotencyKey: req.idempotencyKey },
  } as Parameters<AxiosInstance['request']>[0] & BeikaoRequest);
}
