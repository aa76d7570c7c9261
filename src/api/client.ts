import type { AuthMode, Host, Method } from '../contract/endpoint';
import type { Envelope } from '../contract/envelope';
import { i18n } from '../i18n';
import { hostBase } from './config';
import { type Http, HttpFailure } from './http';

/** What a request needs to know of an endpoint (the runtime's compact table or a contract declaration). */
export interface EndpointMeta {
  readonly id: string;
  readonly method: Method;
  readonly host: Host;
  readonly path: string;
  readonly auth: AuthMode;
  readonly encrypt?: boolean;
}

/** The envelope: `data` is null when `status` is not 0. Typed views live in the runtime's environment. */
export type CallResult = Envelope<unknown>;

function failure(msg: string): Envelope<null> {
  return { status: -1, code: -1, msg, data: null };
}

/**
 * Typed call of one contract endpoint. Resolves with the envelope for every HTTP 200–499 reply;
 * a network failure, timeout or 5xx resolves with `status` -1 and a Chinese message instead of throwing.
 */
export function createCall(http: Http) {
  /** `opts.keepalive`: see HttpRequest.keepalive (survives the page closing, no loading overlay); `opts.idempotencyKey`: the header. */
  return async function call(
    endpoint: EndpointMeta,
    input?: object,
    opts?: { keepalive?: boolean; idempotencyKey?: string },
  ): Promise<CallResult> {
    const url = hostBase(endpoint.host) + endpoint.path;
    try {
      const res = await http.request({
        url,
        method: endpoint.method,
        signPath: endpoint.path,
        params: (input ?? {}) as Record<string, unknown>,
        ...(opts?.keepalive ? { keepalive: true } : {}),
        ...(opts?.idempotencyKey ? { idempotencyKey: opts.idempotencyKey } : {}),
      });
      const body = res.data as Envelope | null;
      if (!body || typeof body !== 'object' || typeof body.status !== 'number') return failure(i18n.network.badReply);
      return body as CallResult;
    } catch (e) {
      return failure(e instanceof HttpFailure && e.kind === 'timeout' ? i18n.network.timeout : i18n.network.failed);
    }
  };
}
