import { expect } from 'vitest';
import * as auth from '../../src/contract/accounts';
import type { Envelope } from '../../src/contract/envelope';
import { chinaDayStart } from '../../src/server/areas/accounts/sms-codes';
import type { Database } from '../../src/server/db/schema';
import type { DevSmsProvider } from '../../src/server/providers/sms/dev-sms';
import { request } from './api-client';
import type { TestServer } from './test-server';

let mobileCounter = 0;

/** A mobile no other test in this file has used (each test file has its own server). */
export function freshMobile(): string {
  mobileCounter += 1;
  return `1390000${String(mobileCounter).padStart(4, '0')}`;
}

/** The dev provider's inbox (test servers run SMS_PROVIDER=dev unless a test chooses a carrier fake). */
export function devInbox(s: Pick<TestServer, 'services'>): DevSmsProvider {
  const inbox = s.services.providers.smsInbox;
  if (!inbox) throw new Error('this test server sends SMS through a carrier, not the dev inbox');
  return inbox;
}

/** The newest SMS code the dev provider delivered to `mobile`, if any. */
export function lastCode(s: TestServer, mobile: string): string | undefined {
  return devInbox(s).messages(mobile)[0]?.code;
}

/** How many SMS messages the dev provider delivered to `mobile`. */
export function inboxSize(s: TestServer, mobile: string): number {
  return devInbox(s).messages(mobile).length;
}

/** Asks for a code and returns it from the dev inbox (fails the test when none arrives). */
export async function sendCode(s: TestServer, mobile: string): Promise<string> {
  const sent = await request(s.url, auth.sendMobileCode, { mobile });
  expect(sent.body.msg).toBe('ok');
  const code = lastCode(s, mobile);
  if (!code) throw new Error(`no SMS code for ${mobile}`);
  return code;
}

/** Sends a code to `mobile`, reads it from the inbox and logs in; returns the token and user. */
export async function loginAs(s: TestServer, mobile: string, extra: { third_auth_key?: string } = {}) {
  const code = await sendCode(s, mobile);
  const res = await request(s.url, auth.mobileCodeLogin, { mobile, code, ...extra });
  expect(res.body.msg).toBe('ok');
  return res.body.data;
}

/** Row count of a table, straight from the database. */
export async function countRows(s: TestServer, table: keyof Database): Promise<number> {
  const row = await s.services.db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Row counts of the tables a login or an OAuth round may touch. */
export async function authTableCounts(s: TestServer): Promise<Record<string, number>> {
  const tables = ['users', 'sms_codes', 'third_identities', 'third_auth_keys', 'oauth_states', 'sandbox_oauth_codes'] as const;
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = await countRows(s, t);
  return out;
}

/** Moves the server clock to the start of the next China day when fewer than `need` seconds remain in this one. */
export function ensureChinaDayLeft(s: TestServer, need: number): void {
  const now = s.services.clock();
  const left = chinaDayStart(now) + 86400 - now;
  if (left <= need) s.advance(left + 1);
}

/** Every reply of every endpoint has exactly these keys. */
export function expectEnvelope(body: unknown): asserts body is Envelope {
  expect(body).toBeTypeOf('object');
  expect(Object.keys(body as object).sort()).toEqual(['code', 'data', 'msg', 'status']);
  const e = body as Envelope;
  expect(e.status).toBeTypeOf('number');
  expect(e.code).toBeTypeOf('number');
  expect(e.msg).toBeTypeOf('string');
}

/** A refusal: HTTP status, envelope status != 0, the envelope code and a msg containing `msgPart`. */
export function expectRefused(res: { http: number; body: unknown }, http: number, code: number, msgPart: string): void {
  expectEnvelope(res.body);
  expect({ http: res.http, code: res.body.code, msg: res.body.msg }).toEqual({ http, code, msg: expect.stringContaining(msgPart) });
  expect(res.body.status).not.toBe(0);
}

export interface OauthRound {
  state: string;
  code: string;
  /** Where the sandbox page sent the browser back to. */
  location: URL;
}

/**
 * One WeChat sandbox round: official-weixin-data, then the sandbox authorize page picks an identity
 * (`'0'`..`'2'` fixed ones, `'new'` a fresh one) and redirects back with code and state.
 */
export async function oauthRound(
  s: TestServer,
  pick: string,
  redirectUrl = 'https://m.example.com/oauth/back?from=test',
  extra: { from_activity?: string } = {},
): Promise<OauthRound> {
  const data = await request(s.url, auth.officialWeixinData, { redirect_url: redirectUrl, ...extra });
  expect(data.body.msg).toBe('ok');
  const authorize = new URL(data.body.data.authorize_url, s.url);
  const res = await fetch(`${s.url}${authorize.pathname}${authorize.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `pick=${encodeURIComponent(pick)}`,
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location') ?? '');
  return { state: data.body.data.state, code: location.searchParams.get('code') ?? '', location };
}
