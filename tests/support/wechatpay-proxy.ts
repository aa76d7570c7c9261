import http from 'node:http';
import type { PayProvider } from '../../src/server/providers/pay';
import { SANDBOX_BASE } from '../../src/server/providers/pay/sandbox-routes';

/** A call the app made to WeChat Pay (path without the sandbox's base, e.g. `/v3/pay/transactions/...`). */
export interface WechatPayCall {
  method: string;
  path: string;
  body: string;
}

/** What the proxy answers itself instead of passing the call on (unsigned unless `headers` sign it). */
export interface ProxyAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface WechatPayProxy {
  base: string;
  /** Every call seen, in order. */
  calls: WechatPayCall[];
  /** Decides per call: an answer of its own, or null to pass the call on to the sandbox unchanged. */
  answer: (c: WechatPayCall) => ProxyAnswer | null;
  close(): Promise<void>;
}

const FORWARDED = ['authorization', 'accept', 'content-type', 'user-agent', 'wechatpay-serial'];

/**
 * A fake WeChat Pay in front of a test server's sandbox: it records the calls and passes them on (signed replies come
 * back untouched), unless `answer` makes it fail one — a 500 for one order, an unsigned 4xx as WeChat Pay sends some.
 * `attach` points a server's WeChat Pay client at it.
 */
export async function startWechatPayProxy(serverUrl: string): Promise<WechatPayProxy> {
  const calls: WechatPayCall[] = [];
  const proxy: WechatPayProxy = { base: '', calls, answer: () => null, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const call = { method: req.method ?? 'GET', path: req.url ?? '/', body: Buffer.concat(chunks).toString('utf8') };
      calls.push(call);
      const own = proxy.answer(call);
      if (own) {
        res.writeHead(own.status, { 'content-type': 'application/json; charset=utf-8', ...own.headers });
        res.end(own.body ?? '');
        return;
      }
      const headers: Record<string, string> = {};
      for (const h of FORWARDED) if (typeof req.headers[h] === 'string') headers[h] = req.headers[h] as string;
      const up = await fetch(serverUrl + SANDBOX_BASE + call.path, {
        method: call.method,
        headers,
        body: call.method === 'GET' ? undefined : call.body,
      });
      const back: Record<string, string> = {};
      up.headers.forEach((v, k) => {
        if (k === 'content-type' || k.startsWith('wechatpay-') || k === 'request-id') back[k] = v;
      });
      res.writeHead(up.status, back);
      res.end(await up.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const a = server.address();
  proxy.base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  proxy.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return proxy;
}

/** Points a server's WeChat Pay client at the proxy. */
export function attach(pay: PayProvider, proxy: WechatPayProxy): void {
  (pay.client as unknown as { c: { apiBase: () => string } }).c.apiBase = () => proxy.base;
}

/** An unsigned JSON refusal, as WeChat Pay answers some (no Wechatpay-* headers). */
export function unsigned(status: number, code: string, message: string): ProxyAnswer {
  return { status, body: JSON.stringify({ code, message }) };
}
