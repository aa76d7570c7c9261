import type { AxiosInstance } from 'axios';
import type { AnyEndpoint, InputOf, OutputOf } from '../contract/endpoint';
import type { Envelope } from '../contract/envelope';
import { i18n } from '../i18n';
import { hostBase } from './config';

export type CallResult<E extends AnyEndpoint> = Envelope<OutputOf<E> | null>;

function failure(msg: string): Envelope<null> {
  return { status: -1, code: -1, msg, data: null };
}

/**
 * Typed call of one contract endpoint. Resolves with the envelope for every HTTP 200–499 reply;
 * a network failure, timeout or 5xx resolves with `status` -1 and a Chinese message instead of throwing.
 */
export function createCall(http: AxiosInstance) {
  return async function call<E extends AnyEndpoint>(endpoint: E, input?: InputOf<E>): Promise<CallResult<E>> {
    const url = hostBase(endpoint.host) + endpoint.path;
    const payload = (input ?? {}) as Record<string, unknown>;
    try {
      const res = await http.request<Envelope>({
        url,
        method: endpoint.method,
        signPath: endpoint.path,
        ...(endpoint.method === 'POST' ? { data: payload } : { params: payload }),
      });
      const body = res.data;
      if (!body || typeof body !== 'object' || typeof body.status !== 'number') return failure(i18n.network.badReply);
      return body as CallResult<E>;
    } catch (e) {
      const timedOut = (e as { code?: string }).code === 'ECONNABORTED';
      return failure(timedOut ? i18n.network.timeout : i18n.network.failed);
    }
  };
}
