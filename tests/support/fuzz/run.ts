// The contract fuzzer: for every endpoint of `allEndpoints`, requests generated from its input schema (valid and
// mutated, signed right or wrong, anonymous and logged in) go to a real server; every reply is checked against the
// rules every endpoint shares. Used by tests/api/fuzz-endpoints.test.ts (bounded) and scripts/fuzz.ts (longer).
import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import * as authApi from '../../../src/contract/accounts';
import { type AnyEndpoint, HOST_PREFIX } from '../../../src/contract/endpoint';
import { CODE } from '../../../src/contract/envelope';
import * as userApi from '../../../src/contract/users';
import { decryptJson } from '../../../src/protocol/cipher';
import { DEFAULT_ENCRYPT_KEY, DEFAULT_SIGN_KEY } from '../../../src/protocol/keys';
import { computeSign, signedEntries } from '../../../src/protocol/sign';
import { ERROR_CODES, errorCodesOf } from '../../../src/server/http/error-codes';
import { request } from '../api-client';
import type { TestServer } from '../test-server';
import { type Checksum, changedTables, checksumOf, tableNames, writeMark } from './checksum';
import { NOT_FUZZED, REFUSAL_MAY_WRITE } from './coverage';
import {
  applyMutation,
  emptyPool,
  harvest,
  type InputShape,
  inputShape,
  MALFORMED_BODIES,
  mutationArb,
  toQuery,
  type ValuePool,
  validInputArb,
  wellFormed,
} from './inputs';

/** ghost: a well-signed token of a user id that does not exist; garbage: an Authorization header that is no token of ours. */
export type AuthKind = 'anon' | 'user' | 'garbage' | 'ended' | 'ghost';

/** Authorization headers that are not a valid session. */
const GARBAGE_AUTH: readonly string[] = [
  'Bearer not.a.token',
  'Bearer ',
  'Basic dXNlcjpwYXNz',
  'bearer eyJhbGciOiJub25lIn0.eyJ1aWQiOjF9.',
  'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwidiI6MH0.',
  `Bearer ${'a'.repeat(4000)}`,
  'Bearer 中文令牌',
];
export type SignKind = 'ok' | 'missing' | 'wrong' | 'other' | 'upper';

export interface FuzzCase {
  kind: 'valid' | 'mutated' | 'sign' | 'body';
  params: Record<string, unknown>;
  sign: SignKind;
  auth: AuthKind;
  body?: { text: string; contentType: string };
  /** Index into GARBAGE_AUTH for `garbage`. */
  garbage?: number;
}

export interface FuzzFailure {
  endpoint: string;
  problem: string;
  request: string;
  reply: string;
}

export interface FuzzStats {
  endpoints: number;
  requests: number;
  byCode: Record<string, number>;
  /** Successful replies per endpoint (an endpoint at 0 was only ever refused: its valid inputs need help). */
  okByEndpoint: Record<string, number>;
  fullChecksums: number;
  ms: number;
}

export interface FuzzOptions {
  seed: number;
  /** Cases per endpoint. */
  runs: number;
  endpoints: readonly AnyEndpoint[];
  /** Stop after this many failures (the rest would mostly repeat them). */
  maxFailures?: number;
  progress?: (line: string) => void;
  /** Report each request before it is sent (finding a hang). */
  trace?: boolean;
}

const CJK = /[\u3400-\u9fff]/;
const KNOWN_CODES = new Set<number>(Object.values(CODE));

function authArb(e: AnyEndpoint): fc.Arbitrary<AuthKind> {
  if (e.auth === 'none') return fc.constantFrom<AuthKind>('anon', 'user');
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant<AuthKind>('user') },
    { weight: 1, arbitrary: fc.constantFrom<AuthKind>('anon', 'garbage', 'ended', 'ghost') },
  );
}

/** Every kind of case for one endpoint, weighted towards mutations. */
export function caseArb(e: AnyEndpoint, shape: InputShape, pool?: ValuePool): fc.Arbitrary<FuzzCase> {
  const valid = validInputArb(shape, pool);
  const auth = authArb(e);
  const kinds: { weight: number; arbitrary: fc.Arbitrary<FuzzCase> }[] = [
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('valid' as const), params: valid, sign: fc.constant<SignKind>('ok'), auth }) },
    {
      weight: 6,
      arbitrary: fc.tuple(valid, mutationArb(shape), fc.option(mutationArb(shape), { nil: undefined }), auth).map(([v, m1, m2, a]) => {
        let params = applyMutation(v, m1, shape);
        if (m2) params = applyMutation(params, m2, shape);
        return { kind: 'mutated' as const, params, sign: 'ok' as SignKind, auth: a };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('sign' as const),
        params: valid,
        sign: fc.constantFrom<SignKind>('missing', 'wrong', 'other', 'upper'),
        auth,
      }),
    },
  ];
  if (e.method === 'POST') {
    kinds.push({
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('body' as const),
        params: fc.constant({}),
        sign: fc.constant<SignKind>('missing'),
        auth,
        body: fc.constantFrom(...MALFORMED_BODIES),
      }),
    });
  }
  return fc
    .tuple(fc.oneof(...kinds), fc.nat(GARBAGE_AUTH.length - 1))
    .map(([c, garbage]) => (c.auth === 'garbage' ? { ...c, garbage } : c));
}

/** Whether Fastify's JSON parser refuses the body as prototype poisoning (`__proto__`, or `constructor.prototype`). */
function poisoned(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const own = (o: object, k: string) => Object.hasOwn(o, k);
  if (own(value, '__proto__')) return true;
  const ctor = (value as Record<string, unknown>).constructor;
  if (own(value, 'constructor') && ctor && typeof ctor === 'object' && own(ctor, 'prototype')) return true;
  return Object.values(value).some(poisoned);
}

/** The parameters as the server will see them (query text, or the parsed JSON body). */
function seenParams(e: AnyEndpoint, c: FuzzCase): Record<string, unknown> | null {
  if (c.body) {
    // The server reads form bodies too (the sandbox authorize page posts one); JSON null is no parameters.
    if (c.body.contentType === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(c.body.text));
    return c.body.text === 'null' ? {} : null;
  }
  if (e.method === 'POST') {
    const body = JSON.parse(JSON.stringify(c.params)) as Record<string, unknown>;
    return poisoned(body) ? null : body;
  }
  return toQuery(c.params);
}

function signFor(e: AnyEndpoint, c: FuzzCase, seen: Record<string, unknown>): string | undefined {
  const right = computeSign(DEFAULT_SIGN_KEY, e.path, seen);
  switch (c.sign) {
    case 'ok':
      return right;
    case 'upper':
      return right?.toUpperCase();
    case 'missing':
      return undefined;
    case 'wrong':
      return crypto.createHash('sha256').update(JSON.stringify(seen)).digest('hex');
    case 'other':
      return computeSign(DEFAULT_SIGN_KEY, e.path, { ...seen, _x: '1' });
  }
}

interface Sent {
  http: number;
  /** Bytes of the request line's target (path and query). */
  urlLength: number;
  text: string;
  json: unknown;
  describe: string;
}

interface Tokens {
  user: string;
  ended: string;
  ghost: string;
}

async function send(base: string, e: AnyEndpoint, c: FuzzCase, tokens: Tokens): Promise<Sent> {
  const url = new URL(base + HOST_PREFIX[e.host] + e.path);
  const seen = seenParams(e, c);
  if (e.method !== 'POST') {
    for (const [k, v] of Object.entries(toQuery(c.params))) {
      for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, item);
    }
  }
  const sign = seen ? signFor(e, c, seen) : undefined;
  if (sign) url.searchParams.set('sign', sign);
  const headers: Record<string, string> = { DeviceType: 'web' };
  if (c.auth === 'user') headers.Authorization = `Bearer ${tokens.user}`;
  if (c.auth === 'ended') headers.Authorization = `Bearer ${tokens.ended}`;
  if (c.auth === 'ghost') headers.Authorization = `Bearer ${tokens.ghost}`;
  // fetch sends header values as Latin-1: pass the UTF-8 bytes of a non-ASCII header that way.
  if (c.auth === 'garbage') headers.Authorization = Buffer.from(GARBAGE_AUTH[c.garbage ?? 0] ?? '', 'utf8').toString('latin1');
  let body: string | undefined;
  if (e.method === 'POST') {
    headers['content-type'] = c.body?.contentType ?? 'application/json';
    body = c.body ? c.body.text : JSON.stringify(c.params);
  }
  const describe = `${e.method} ${url.pathname}${url.search.length > 300 ? `${url.search.slice(0, 300)}…` : url.search} auth=${c.auth}${
    c.auth === 'garbage' ? `(${(headers.Authorization ?? '').slice(0, 60)})` : ''
  } sign=${c.sign}${body !== undefined ? ` body=${body.length > 300 ? `${body.slice(0, 300)}…` : body}` : ''}`;
  const res = await fetch(url, { method: e.method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { http: res.status, urlLength: url.pathname.length + url.search.length, text, json, describe };
}

/** A string anywhere in `value` holds a NUL character (the server refuses such input for every endpoint). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((v) => holdsNul(v, depth + 1));
}

/** The refusal the shared rules demand (register.ts: body → sign → input → auth), or undefined when any answer may do. */
function expected(e: AnyEndpoint, c: FuzzCase, seen: Record<string, unknown> | null): { codes: number[]; why: string } | undefined {
  if (seen === null) return { codes: [CODE.badInput], why: 'the body is not a JSON object' };
  const signed = signedEntries(seen).length > 0;
  if (signed && c.sign !== 'ok' && c.sign !== 'upper') return { codes: [CODE.badSign], why: `sign ${c.sign}` };
  const parsed = e.input.safeParse(seen);
  if (!parsed.success) return { codes: [CODE.badInput], why: 'the contract refuses this input' };
  // validation.ts refuses a NUL in any parsed text field of every endpoint, before auth (PostgreSQL cannot store one).
  if (holdsNul(parsed.data)) return { codes: [CODE.badInput], why: 'a text field holds a NUL character' };
  if (e.auth === 'required') {
    if (c.auth === 'anon' || c.auth === 'garbage') return { codes: [CODE.unauthorized], why: `auth ${c.auth}` };
    if (c.auth === 'ended' || c.auth === 'ghost')
      return { codes: [CODE.sessionInvalid], why: `token of ${c.auth === 'ended' ? 'an ended session' : 'no user'}` };
  }
  return undefined;
}

/** The shared rules for one reply; returns the problems found (empty when fine). */
function checkReply(e: AnyEndpoint, c: FuzzCase, seen: Record<string, unknown> | null, r: Sent, pool: ValuePool): string[] {
  const problems: string[] = [];
  if (r.http >= 500) problems.push(`HTTP ${r.http}`);
  const body = r.json as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [...problems, `not a JSON envelope: ${r.text.slice(0, 200)}`];
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'code,data,msg,status') return [...problems, `envelope keys are ${keys}`];
  const { status, code, msg, data } = body as { status: unknown; code: unknown; msg: unknown; data: unknown };
  if (typeof status !== 'number' || typeof code !== 'number' || typeof msg !== 'string') return [...problems, 'envelope field types'];
  // A URL over Node's 16 KB header limit is refused before any other rule can apply.
  const want = r.http === 431 && code === CODE.badInput && r.urlLength > 8 * 1024 ? undefined : expected(e, c, seen);
  if (status === 0) {
    if (code !== 0 || msg !== 'ok') problems.push(`success with code ${code} msg ${msg}`);
    if (r.http !== 200) problems.push(`success with HTTP ${r.http}`);
    if (want) problems.push(`accepted, but expected ${want.codes.join('/')} (${want.why})`);
    let value = data;
    if (e.encrypt) {
      try {
        value = decryptJson(DEFAULT_ENCRYPT_KEY, (data as { encrypt: string }).encrypt);
      } catch (err) {
        problems.push(`encrypted data does not decrypt: ${String(err)}`);
      }
    }
    const parsed = e.output.safeParse(value);
    if (parsed.success) harvest(pool, parsed.data);
    if (!parsed.success) problems.push(`data breaks the output contract: ${parsed.error.message.slice(0, 300)}`);
    return problems;
  }
  if (!CJK.test(msg)) problems.push(`refusal msg has no Chinese: ${msg}`);
  if (data !== null) problems.push('refusal carries data');
  if (!KNOWN_CODES.has(code) || code === 0) problems.push(`unknown code ${code}`);
  else {
    const allowed = new Set<number>(errorCodesOf(e));
    // Any request that carries parameters is checked and signed, even where the contract declares none.
    if (seen === null || e.method === 'POST' || Object.keys(seen).length) allowed.add(CODE.badInput);
    if (seen && signedEntries(seen).length) allowed.add(CODE.badSign);
    if (code !== CODE.serverError && !allowed.has(code))
      problems.push(`code ${code} is not among the endpoint's codes ${[...allowed].join(',')}`);
    const http = ERROR_CODES[code as keyof typeof ERROR_CODES]?.http ?? [];
    // A body the server cannot read (413 too large, 415 unknown type); a URL or headers over 16 KB (431).
    const bodyHttp = code === CODE.badInput ? (e.method === 'POST' ? [413, 415, 431] : [431]) : [];
    if (![...http, ...bodyHttp].includes(r.http)) problems.push(`code ${code} came with HTTP ${r.http}`);
  }
  if (want && !want.codes.includes(code)) problems.push(`expected code ${want.codes.join('/')} (${want.why}), got ${code} ${msg}`);
  return problems;
}

let mobileSeq = 0;
/** Mobiles of the fuzzer's own accounts (the generated ones are random; a collision is one in millions). */
function harnessMobile(): string {
  mobileSeq += 1;
  return `1990${String(process.pid % 1000).padStart(3, '0')}${String(mobileSeq).padStart(4, '0')}`;
}

export async function fuzzLogin(s: TestServer): Promise<{ token: string; id: number }> {
  const mobile = harnessMobile();
  const sent = await request(s.url, authApi.sendMobileCode, { mobile });
  if (sent.body.status !== 0) throw new Error(`fuzzer login: send code refused: ${sent.body.msg}`);
  const code = s.services.providers.smsInbox?.messages(mobile)[0]?.code;
  if (!code) throw new Error(`fuzzer login: no code for ${mobile}`);
  const res = await request(s.url, authApi.mobileCodeLogin, { mobile, code });
  if (res.body.status !== 0) throw new Error(`fuzzer login refused: ${res.body.msg}`);
  return { token: res.body.data.token, id: res.body.data.user.id };
}

function seedOf(base: number, id: string): number {
  return crypto.createHash('sha1').update(`${base}:${id}`).digest().readInt32LE(0);
}

function short(v: unknown, n = 400): string {
  const t = typeof v === 'string' ? v : JSON.stringify(v);
  return t && t.length > n ? `${t.slice(0, n)}…` : String(t);
}

/** Runs the fuzzer against a running test server; returns every rule broken. */
export async function fuzzEndpoints(s: TestServer, opts: FuzzOptions): Promise<{ failures: FuzzFailure[]; stats: FuzzStats }> {
  const started = performance.now();
  const db = s.services.db;
  const failures: FuzzFailure[] = [];
  const stats: FuzzStats = { endpoints: 0, requests: 0, byCode: {}, okByEndpoint: {}, fullChecksums: 0, ms: 0 };
  const ended = await fuzzLogin(s);
  await request(s.url, userApi.logout, {}, { token: ended.token });
  const ghost = await s.services.jwt.issue({ userId: 2_000_000_000, version: 0 }, s.services.clock());
  const tokens: Tokens = { user: (await fuzzLogin(s)).token, ended: ended.token, ghost };

  // Known values: the first rows of every table (FTS shadow tables and migration bookkeeping left out), then replies.
  const pool = emptyPool();
  for (const t of await tableNames(db)) {
    if (/_fts|^kysely_|^sqlite_/.test(t)) continue;
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(t)} LIMIT 100`.execute(db.kysely);
    harvest(pool, rows);
    pool.rows.push(rows);
  }

  let baseline: Checksum | undefined;
  let baselineMark = '';
  const fullChecksum = async () => {
    stats.fullChecksums += 1;
    return checksumOf(db);
  };

  for (const e of opts.endpoints) {
    if (NOT_FUZZED[e.id]) continue;
    if (opts.maxFailures && failures.length >= opts.maxFailures) break;
    stats.endpoints += 1;
    const shape = inputShape(e);
    const cases = fc.sample(caseArb(e, shape, pool), { seed: seedOf(opts.seed, e.id), numRuns: opts.runs });
    for (const c of cases) {
      // The baseline is the checksum as of the last mark; recompute it when something may have been written since.
      const mark = await writeMark(db);
      if (!baseline || mark !== baselineMark) {
        baseline = await fullChecksum();
        baselineMark = await writeMark(db);
      }
      const seen = seenParams(e, c);
      let r: Sent;
      if (opts.trace) opts.progress?.(`→ ${e.id} ${c.kind} ${c.auth} ${c.sign} ${short(c.params, 200)}`);
      try {
        r = await send(s.url, e, c, tokens);
      } catch (err) {
        failures.push({ endpoint: e.id, problem: `request failed: ${String(err)}`, request: short(c.params), reply: '' });
        continue;
      }
      stats.requests += 1;
      const env = r.json as { status?: number; code?: number } | undefined;
      const codeKey = `${r.http}/${env?.code ?? '-'}`;
      stats.byCode[codeKey] = (stats.byCode[codeKey] ?? 0) + 1;
      stats.okByEndpoint[e.id] = (stats.okByEndpoint[e.id] ?? 0) + (env?.status === 0 ? 1 : 0);
      const problems = checkReply(e, c, seen, r, pool);
      if (env && env.status !== 0) {
        const after = await writeMark(db);
        if (after !== baselineMark) {
          const now = await fullChecksum();
          const changed = changedTables(baseline, now);
          const mayWrite = REFUSAL_MAY_WRITE[e.id]?.tables ?? [];
          const bad = changed.filter((t) => !mayWrite.includes(t));
          if (bad.length) problems.push(`refused, yet changed ${bad.join(', ')}`);
          baseline = now;
          baselineMark = await writeMark(db);
        }
      }
      for (const problem of problems) {
        failures.push({
          endpoint: e.id,
          problem,
          request: `${c.kind}: ${wellFormed(r.describe)}`,
          reply: `${r.http} ${short(r.text, 300)}`,
        });
      }
      // Keep a live session: a logout (or anything else that ended it) is followed by a fresh login.
      if (c.auth === 'user' && ((e.id === userApi.logout.id && env?.status === 0) || env?.code === CODE.sessionInvalid)) {
        tokens.user = (await fuzzLogin(s)).token;
      }
    }
    opts.progress?.(`${e.id}: ${cases.length} cases, ${failures.length} failures so far`);
  }
  stats.ms = Math.round(performance.now() - started);
  return { failures, stats };
}
