import type { AxiosInstance } from 'axios';
import { type FetchLike, HttpFailure, type HttpHooks, type HttpReply, type HttpRequest, queryString } from './http-types';

export { type FetchLike, HttpFailure, type HttpHooks, type HttpReply, type HttpRequest, queryString } from './http-types';

/**
 * The request layer with the every-request rules, on axios (`axios-client.ts`, its own chunk, loaded from the first
 * call or `preload()` at start): DeviceType and DeviceId headers, sign, 30 s timeout, HTTP 200–499 resolve (never
 * throw), Bearer token, 401 and 4440 handling, `data.encrypt` decryption. A network failure, a timeout or a 5xx
 * rejects with an HttpFailure.
 */
export function createHttp(h: HttpHooks, fetchImpl: FetchLike = (url, init) => globalThis.fetch(url, init)) {
  let client: Promise<{ instance: AxiosInstance; send: typeof import('./axios-client').send }> | null = null;
  const load = () => (client ??= import('./axios-client').then((m) => ({ instance: m.createAxiosClient(h, fetchImpl), send: m.send })));

  async function send(req: HttpRequest): Promise<HttpReply> {
    const c = await load();
    try {
      const res = await c.send(c.instance, req);
      return { status: res.status, data: res.data };
    } catch (e) {
      if (isAxiosLike(e) && e.response) throw new HttpFailure('server');
      throw new HttpFailure(isAxiosLike(e) && (e.code === 'ECONNABORTED' || e.code === 'ETIMEDOUT') ? 'timeout' : 'network');
    }
  }

  /**
   * GETs in flight, by token, URL and query: a second identical read made before the first is answered shares its
   * reply (the course page's player and catalogue both read the catalogue as the page opens). Only while in flight:
   * a read made after the answer asks again. Another token (a login between the two) is another read.
   */
  const reading = new Map<string, Promise<HttpReply>>();
  function sendShared(req: HttpRequest): Promise<HttpReply> {
    if (req.method !== 'GET' || req.keepalive) return send(req);
    const key = `${h.token()}\n${req.url}${queryString(req.params)}`;
    const pending = reading.get(key);
    if (pending) return pending;
    const reply = send(req).finally(() => reading.delete(key));
    reading.set(key, reply);
    return reply;
  }

  return {
    /** Starts loading the HTTP client now (at app start, in parallel with the first screen). */
    preload(): void {
      void load().catch(() => {
        client = null; // a failed chunk load is tried again by the next call
      });
    },
    async request(req: HttpRequest): Promise<HttpReply> {
      if (req.keepalive) return send(req);
      h.onStart();
      try {
        return await sendShared(req);
      } finally {
        h.onEnd();
      }
    },
  };
}

/** An axios error, told by shape (the axios module itself stays in its chunk). */
function isAxiosLike(e: unknown): e is { code?: string; response?: unknown } {
  return Boolean(e && typeof e === 'object' && (e as { isAxiosError?: boolean }).isAxiosError);
}

export type Http = ReturnType<typeof createHttp>;
