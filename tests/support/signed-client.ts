import * as auth from '../../src/contract/accounts';
import { type AnyEndpoint, HOST_PREFIX, type InputOf, type OutputOf } from '../../src/contract/endpoint';
import type { Envelope } from '../../src/contract/envelope';
import { computeSign } from '../../src/protocol/sign';
import type { ServerProcess } from './server-process';

/**
 * Calls endpoints of a server started with its own SIGN_KEY (production mode), signing like the app
 * (src/protocol/sign.ts): GET/DELETE params in the query, POST params as a JSON body, `sign` in the query.
 */
export function signedClient(base: string, signKey: string) {
  return async function call<E extends AnyEndpoint>(
    endpoint: E,
    input: InputOf<E> | Record<string, unknown>,
    token?: string,
  ): Promise<{ http: number; body: Envelope<OutputOf<E>> }> {
    const params = input as Record<string, unknown>;
    const url = new URL(base + HOST_PREFIX[endpoint.host] + endpoint.path);
    if (endpoint.method !== 'POST') {
      for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    }
    const sign = computeSign(signKey, endpoint.path, params);
    if (sign) url.searchParams.set('sign', sign);
    const headers: Record<string, string> = { DeviceType: 'web' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const post = endpoint.method === 'POST';
    if (post) headers['content-type'] = 'application/json';
    const res = await fetch(url, { method: endpoint.method, headers, body: post ? JSON.stringify(params) : undefined });
    return { http: res.status, body: (await res.json()) as Envelope<OutputOf<E>> };
  };
}

/**
 * Logs `mobile` in by SMS on a server process: asks for a code and reads it from the server's log, where the dev
 * SMS provider prints it (the dev inbox endpoint is off in production). Returns the session token.
 */
export async function loginBySms(server: ServerProcess, call: ReturnType<typeof signedClient>, mobile: string): Promise<string> {
  const sent = await call(auth.sendMobileCode, { mobile });
  if (sent.body.status !== 0) throw new Error(`send code to ${mobile}: ${sent.body.msg}`);
  // The dev provider prints no code in production: a staging server (ALLOW_SANDBOXES=1, DEV_TOOLS=1) keeps it in its inbox.
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i += 1) {
    const inbox = (await (await fetch(`${server.url}/dev/sms-inbox?mobile=${mobile}`)).json()) as { data?: Array<{ code: string }> };
    code = inbox.data?.[0]?.code; // newest first
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error(`no code for ${mobile} in the dev inbox`);
  const res = await call(auth.mobileCodeLogin, { mobile, code });
  if (res.body.status !== 0) throw new Error(`login ${mobile}: ${res.body.msg}`);
  return res.body.data.token;
}
