import axios, { type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { CODE, type Envelope } from '../contract/envelope';
import { computeSign, type Params } from '../protocol/sign';

export interface HttpHooks {
  signKey: string;
  encryptKey: string;
  timeoutMs: number;
  token(): string;
  onUnauthorized(): void;
  onSessionInvalid(): void;
  onStart(): void;
  onEnd(): void;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The endpoint's path on its host; the sign is computed over it. */
    signPath?: string;
  }
}

function isEnvelope(v: unknown): v is Envelope {
  return Boolean(v && typeof v === 'object' && 'status' in v);
}

/**
 * The axios instance with the every-request rules: DeviceType header, sign, 30 s timeout,
 * HTTP 200–499 never throws, Bearer token, 401 and 4440 handling, `data.encrypt` decryption.
 */
export function createHttp(h: HttpHooks): AxiosInstance {
  const http = axios.create({
    timeout: h.timeoutMs,
    validateStatus: (s) => s >= 200 && s < 500,
    headers: { DeviceType: 'web' },
  });

  http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    h.onStart();
    config.headers.set('DeviceType', 'web');
    const token = h.token();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    const signed: Params | undefined = (config.method ?? 'get').toLowerCase() === 'post' ? (config.data as Params) : (config.params as Params);
    const sign = computeSign(h.signKey, config.signPath ?? config.url ?? '', signed);
    if (sign) config.params = { ...(config.params as Params | undefined), sign };
    return config;
  });

  http.interceptors.response.use(
    async (res) => {
      h.onEnd();
      if (res.status === 401) h.onUnauthorized();
      const body: unknown = res.data;
      if (isEnvelope(body)) {
        if (body.code === CODE.sessionInvalid) h.onSessionInvalid();
        const data = body.data as { encrypt?: unknown } | null;
        if (res.status === 200 && body.status === 0 && data && typeof data.encrypt === 'string') {
          // The cipher is its own chunk: only replies that are encrypted pay for it.
          const { decryptJson } = await import('../protocol/cipher');
          body.data = decryptJson(h.encryptKey, data.encrypt);
        }
      }
      return res;
    },
    (error: unknown) => {
      h.onEnd();
      return Promise.reject(error);
    },
  );
  return http;
}
