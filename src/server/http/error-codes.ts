import * as z from 'zod/mini';
import type { AnyEndpoint } from '../../contract/endpoint';
import { CODE, type ErrorCode } from '../../contract/envelope';

/** What each refusal code means and the HTTP statuses it comes with. */
export const ERROR_CODES: Record<ErrorCode, { http: readonly number[]; meaning: string }> = {
  [CODE.badInput]: { http: [400], meaning: 'bad input: msg names the field and the rule (a POST body that is not JSON: 400, 413, 415)' },
  [CODE.badSign]: { http: [400], meaning: 'the `sign` query parameter is missing or does not match the parameters' },
  [CODE.notFound]: { http: [404], meaning: 'the thing asked for does not exist (or is not yours)' },
  [CODE.unauthorized]: { http: [401], meaning: 'not logged in: no token, or an expired or invalid one' },
  [CODE.forbidden]: { http: [403], meaning: 'logged in but not entitled: a paid item the caller has not bought (msg says how to open it)' },
  [CODE.tooMany]: { http: [429], meaning: 'too many requests (SMS codes: 60 s apart, 10 a day per mobile)' },
  [CODE.challengeRequired]: {
    http: [428],
    meaning: 'many SMS sends from this network: fetch auth.sms_challenge, solve it and send again with its `altcha` payload',
  },
  [CODE.conflict]: { http: [409], meaning: 'conflicts with existing data (msg says which)' },
  [CODE.sessionInvalid]: { http: [200], meaning: 'the session was ended (e.g. logout elsewhere): log in again' },
  [CODE.upstream]: { http: [502, 503], meaning: 'WeChat failed or is not configured on this server' },
  [CODE.serverError]: { http: [500], meaning: 'unexpected server error (logged; msg carries no details)' },
};

/** Whether the endpoint takes parameters (then it checks them, and a request carrying them is signed). */
export function takesParams(e: AnyEndpoint): boolean {
  const schema = z.toJSONSchema(e.input, { io: 'input' }) as { properties?: object };
  return Object.keys(schema.properties ?? {}).length > 0;
}

/**
 * The refusal codes an endpoint can answer, ascending: 4000 when it takes parameters (or a body), 4001
 * when those are signed, 4010 and 4440 when it requires login, plus its declared `errors`. 5000 is left
 * out: any endpoint can fail unexpectedly.
 */
export function errorCodesOf(e: AnyEndpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>(e.errors ?? []);
  if (takesParams(e) || e.method === 'POST') codes.add(CODE.badInput);
  if (takesParams(e)) codes.add(CODE.badSign);
  if (e.auth === 'required') {
    codes.add(CODE.unauthorized);
    codes.add(CODE.sessionInvalid);
  }
  return [...codes].sort((a, b) => a - b);
}
