/**
 * Load benchmark of the reference server against a ceiling, in one run: `npx tsx scripts/bench-api.ts`
 * (PostgreSQL too with BENCH_DATABASE_URL or TEST_DATABASE_URL).
 *
 * Three processes: this one is the load generator (autocannon); the real server runs in production mode in a child
 * process on a loopback port with a fresh, seeded database; a bare Fastify hello-world (scripts/bench-ceiling-server.ts)
 * runs in another child and is measured in the same run as the ceiling. Each endpoint gets a 1 s warm-up, then
 * BENCH_SLICES (5) slices of BENCH_SLICE_SECONDS (1) s at BENCH_CONNECTIONS (10) connections, alternating with slices
 * of the ceiling (ceiling, endpoint, ceiling, …, ceiling): its share of the ceiling is the median of each slice over
 * the ceiling slices around it (scripts/bench-pairs.ts), so a burst of background load on this shared machine moves
 * one pair, not the verdict. Printed: req/s (median slice), p50 (median) and p99 (worst slice) latency, non-2xx
 * replies, the share of the ceiling and each endpoint's target next to them. Requests carry a sign like the app's;
 * the user home statistics run with a session token.
 * BENCH_PROFILE=<dir> writes a CPU profile of each server process there (`node --cpu-prof`); BENCH_ONLY=sqlite|postgres
 * and BENCH_CASES=<words> narrow the run while iterating.
 * The machine is shared and noisy: compare ratios within one run.
 */
import { type ChildProcess, fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import type { AnyEndpoint } from '../src/contract/endpoint';
import { HOST_PREFIX } from '../src/contract/endpoint';
import type { Envelope } from '../src/contract/envelope';
import { pageConfig } from '../src/contract/pages';
import { search } from '../src/contract/study';
import { newsDetailEndpoint, news as newsList } from '../src/contract/study-genus';
import { genusList } from '../src/contract/subjects';
import { userStatistics } from '../src/contract/users-center';
import { DEFAULT_ENCRYPT_KEY, DEFAULT_SIGN_KEY } from '../src/protocol/keys';
import { computeSign } from '../src/protocol/sign';
import { loginByMobile } from '../src/server/areas/accounts/sessions';
import { loadConfig } from '../src/server/config';
import type { Services } from '../src/server/http/context';
import { JwtService } from '../src/server/security/jwt';
import { startServer } from '../src/server/start';
import { median, pairedRatios } from './bench-pairs';
import { selectCases, verdict } from './bench-selection';
import { STAGING_ON_SANDBOXES } from './staging-env';

type Kind = 'sqlite' | 'postgres';
type Params = Record<string, string | number>;

const SERVE_FLAG = '--serve';
const SLICES = Math.max(1, Number(process.env.BENCH_SLICES ?? 5));
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PROFILE_DIR = process.env.BENCH_PROFILE;
const P99_TARGET_MS = 20;
/** BENCH_ONLY=sqlite|postgres runs one database; BENCH_CASES=subjects,news runs the cases whose label holds a word. */
const ONLY = process.env.BENCH_ONLY;
const CASE_FILTER = process.env.BENCH_CASES?.split(',').filter(Boolean);

interface Case {
  label: string;
  endpoint: AnyEndpoint;
  params: Params;
  /** Share of the ceiling to reach (the endpoint's throughput target), if any. */
  target?: number;
  loggedIn?: boolean;
}

const CASES: Case[] = [
  { label: 'subjects (genus.genus)', endpoint: genusList, params: {}, target: 0.5 },
  { label: 'page config (study-index)', endpoint: pageConfig, params: { name: 'study-index' }, target: 0.5 },
  { label: 'news page 1 (genus.news)', endpoint: newsList, params: { genus_id: 1, category_id: 1, offset: 0, count: 10 }, target: 0.25 },
  { label: 'news detail', endpoint: newsDetailEndpoint, params: { id: 5 } },
  { label: 'search (study.search)', endpoint: search, params: { genus_id: 1, category_id: 1, word: '考试', count: 10 } },
  { label: 'user home statistics', endpoint: userStatistics, params: {}, loggedIn: true },
];

interface Request {
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
}

function requestFor(base: string, c: Case, token: string): Request {
  const e = c.endpoint;
  const q = new URLSearchParams();
  if (e.method !== 'POST') for (const [k, v] of Object.entries(c.params)) q.set(k, String(v));
  const sign = computeSign(DEFAULT_SIGN_KEY, e.path, c.params);
  if (sign) q.set('sign', sign);
  const headers: Record<string, string> = { DeviceType: 'web' };
  if (c.loggedIn) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (e.method === 'POST') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(c.params);
  }
  const query = q.toString();
  return { url: `${base}${HOST_PREFIX[e.host]}${e.path}${query ? `?${query}` : ''}`, method: e.method, headers, body };
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(r: Request, seconds: number): Promise<Measured> {
  const result = await autocannon({
    url: r.url,
    method: r.method,
    headers: r.headers,
    body: r.body,
    connections: CONNECTIONS,
    duration: seconds,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * An endpoint in SLICES slices alternating with the ceiling's (ceiling first and last): req/s of the median slice,
 * its share of the ceiling (scripts/bench-pairs.ts), p50 of the median slice, the worst p99, every non-2xx and error.
 */
async function measureAgainst(r: Request, ceiling: Ceiling): Promise<{ m: Measured; ratio: number; ceilingRps: number }> {
  await load(r, 1); // warm-up: JIT, caches
  const ceilings = [await ceiling.measure()];
  const slices: Measured[] = [];
  for (let i = 0; i < SLICES; i++) {
    slices.push(await load(r, SLICE_SECONDS));
    ceilings.push(await ceiling.measure());
  }
  const ceilingRps = ceilings.map((c) => c.rps);
  const sum = (f: (m: Measured) => number) => slices.reduce((n, m) => n + f(m), 0);
  return {
    m: {
      rps: median(slices.map((m) => m.rps)),
      p50: median(slices.map((m) => m.p50)),
      p99: Math.max(...slices.map((m) => m.p99)),
      non2xx: sum((m) => m.non2xx),
      errors: sum((m) => m.errors),
    },
    ratio: median(
      pairedRatios(
        slices.map((m) => m.rps),
        ceilingRps,
      ),
    ),
    ceilingRps: median(ceilingRps.slice(1).map((c, i) => (c + (ceilingRps[i] as number)) / 2)),
  };
}

/** Starts a child process (this script with SERVE_FLAG, or the ceiling server) and waits for its first message. */
async function child<M>(file: string, args: string[], env: NodeJS.ProcessEnv = process.env, label = 'server') {
  const execArgv = [...process.execArgv];
  // One folder per process (the tsx loader's worker thread writes a profile of its own next to the main thread's).
  if (PROFILE_DIR) execArgv.push('--cpu-prof', '--cpu-prof-dir', path.resolve(PROFILE_DIR, `${label}-${Date.now()}`));
  const proc: ChildProcess = fork(file, args, { execArgv, env });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', resolve));
  const first = await new Promise<M>((resolve, reject) => {
    proc.once('message', (m) => resolve(m as M));
    proc.once('exit', (code) => reject(new Error(`${label} process exited (${code})`)));
  });
  return {
    first,
    pid: proc.pid,
    /** Asks the child to close; resolves with its last message (if any) once it exited. */
    async close(): Promise<unknown> {
      const last = new Promise<unknown>((resolve) => {
        proc.once('message', resolve);
        proc.once('exit', () => resolve(undefined));
      });
      proc.send('close');
      const message = await last;
      await exited;
      return message;
    },
  };
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The ceiling server, alive for the whole run; each measurement is one slice (SLICE_SECONDS) of it. */
async function startCeiling() {
  const c = await child<{ url: string }>(path.join(here, 'bench-ceiling-server.ts'), [], process.env, 'ceiling');
  const req: Request = { url: `${c.first.url}/`, method: 'GET', headers: {} };
  await load(req, 1); // warm-up
  const all: Measured[] = [];
  return {
    all,
    async measure(): Promise<Measured> {
      const m = await load(req, SLICE_SECONDS);
      all.push(m);
      return m;
    },
    close: () => c.close(),
  };
}
type Ceiling = Awaited<ReturnType<typeof startCeiling>>;

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US').padStart(7);
}

interface Row {
  kind: Kind;
  c: Case;
  m: Measured;
  /** The ceiling around the endpoint's slices (median of the pairs' means). */
  ceiling: number;
  /** The endpoint's share of the ceiling: the median of its slices over the ceiling slices around each. */
  ratio: number;
  bytes: number;
  cache: string;
}

/** Child process: a fresh database and the real server in production mode; sends its URL and a session token. */
async function serve(kind: Kind, url: string | undefined): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-bench-'));
  const schema = kind === 'postgres' ? `bench_api_${crypto.randomBytes(4).toString('hex')}` : undefined;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(query);
    await c.end();
  };
  if (schema) await admin(`CREATE SCHEMA ${schema}`);
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      ...STAGING_ON_SANDBOXES,
      JWT_SECRET: jwtSecret,
      SIGN_KEY: DEFAULT_SIGN_KEY,
      ENCRYPT_KEY: DEFAULT_ENCRYPT_KEY,
      LOG_LEVEL: 'silent',
    },
    { dataDir, port: 0, host: '127.0.0.1', clientDir: undefined, databaseUrl: url, seedDemo: true },
  );
  const server = await startServer(config, { pgSchema: schema });
  const clock = () => Math.floor(Date.now() / 1000);
  // A session the way the login endpoint makes one (production has no dev SMS inbox).
  const login = await loginByMobile({ db: server.db, jwt: new JwtService(jwtSecret, config.jwtTtl), clock } as Services, '13900009999');
  process.on('message', async () => {
    const statements = { prepared: server.db.statements?.prepared, cached: server.db.statements?.size };
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (schema) await admin(`DROP SCHEMA ${schema} CASCADE`);
    process.send?.(statements);
    process.exit(0);
  });
  process.send?.({ url: server.url, token: login.token });
}

async function bench(kind: Kind, ceiling: Ceiling, dbUrl?: string): Promise<Row[]> {
  const server = await child<{ url: string; token: string }>(
    fileURLToPath(import.meta.url),
    [SERVE_FLAG, kind, dbUrl ?? ''],
    { ...process.env, NODE_ENV: 'production' },
    kind,
  );
  const rows: Row[] = [];
  try {
    console.log(`\n${kind} (server pid ${server.pid}, NODE_ENV=production)`);
    for (const c of selectCases(CASES, CASE_FILTER)) {
      const r = requestFor(server.first.url, c, server.first.token);
      const reply = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body });
      const text = await reply.text();
      const body = JSON.parse(text) as Envelope;
      if (body.status !== 0) throw new Error(`${c.label}: ${body.msg}`);
      const { m, ratio, ceilingRps } = await measureAgainst(r, ceiling);
      const cache = reply.headers.get('x-read-cache') ? 'memory' : 'database';
      console.log(
        `  ${c.label.padEnd(28)} ${fmt(m.rps)} req/s  ${(ratio * 100).toFixed(1)} % of ${fmt(ceilingRps).trim()}  p50 ${m.p50} ms  p99 ${m.p99} ms  non-2xx ${m.non2xx}  errors ${m.errors}  ${text.length} B  (${cache})`,
      );
      rows.push({ kind, c, m, ceiling: ceilingRps, ratio, bytes: text.length, cache });
    }
  } finally {
    const stats = (await server.close()) as { prepared?: number; cached?: number } | undefined;
    if (stats?.prepared !== undefined) console.log(`  statements prepared during the run: ${stats.prepared} (${stats.cached} kept)`);
  }
  return rows;
}

function report(rows: Row[], ceilings: Measured[]): void {
  const mean = ceilings.reduce((sum, m) => sum + m.rps, 0) / ceilings.length;
  const range = `${fmt(Math.min(...ceilings.map((m) => m.rps))).trim()}–${fmt(Math.max(...ceilings.map((m) => m.rps))).trim()}`;
  console.log(`\nceiling: ${ceilings.length} slices of ${SLICE_SECONDS} s, mean ${fmt(mean).trim()} req/s (range ${range}).`);
  console.log(`targets: ≥ 50 % of the ceiling for subjects and a page config, ≥ 25 % for news page 1, p99 < ${P99_TARGET_MS} ms`);
  console.log(`at ${CONNECTIONS} connections, no non-2xx, on both databases.\n`);
  console.log('| database | endpoint | served from | req/s | ceiling req/s | % of ceiling | target | p50 ms | p99 ms | non-2xx | met |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  let failed = 0;
  for (const { kind, c, m, ceiling, ratio, cache } of rows) {
    const ok = (c.target === undefined || ratio >= c.target) && m.p99 < P99_TARGET_MS && m.non2xx === 0 && m.errors === 0;
    if (!ok) failed += 1;
    const target = `${c.target ? `≥ ${c.target * 100} %, ` : ''}p99 < ${P99_TARGET_MS}`;
    console.log(
      `| ${kind} | ${c.label} | ${cache} | ${Math.round(m.rps).toLocaleString('en-US')} | ${Math.round(ceiling).toLocaleString('en-US')} | ${(ratio * 100).toFixed(1)} % | ${target} | ${m.p50} | ${m.p99} | ${m.non2xx} | ${ok ? 'yes' : 'NO'} |`,
    );
  }
  const result = verdict(rows.length, failed);
  console.log(`\n${result.line}`);
  if (!result.ok) process.exitCode = 1;
}

if (process.argv[2] === SERVE_FLAG) {
  await serve(process.argv[3] as Kind, process.argv[4] || undefined);
} else {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  console.log(
    `bench:api — ${CONNECTIONS} connections; each endpoint ${SLICES} × ${SLICE_SECONDS} s after a 1 s warm-up, alternating with the ceiling; ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  selectCases(CASES, CASE_FILTER); // words that match nothing stop the run before anything starts
  const ceiling = await startCeiling();
  try {
    const rows: Row[] = [];
    if (ONLY !== 'postgres') rows.push(...(await bench('sqlite', ceiling)));
    if (pgUrl && ONLY !== 'sqlite') rows.push(...(await bench('postgres', ceiling, pgUrl)));
    report(rows, ceiling.all);
  } finally {
    await ceiling.close();
  }
}
