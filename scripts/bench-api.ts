/**
 * Load benchmark of the reference server: `npx tsx scripts/bench-api.ts` (PostgreSQL too with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL). Starts the real server in production mode in a child process
 * (so the load generator does not share its event loop) on a loopback port with a fresh, seeded database,
 * then drives a few hot endpoints with autocannon (10 connections, 5 s each) and prints requests/s and
 * latency. For each endpoint it also times the contract parse every reply goes through
 * (`e.output.parse(data)` on a real reply, in this process) and states it as a share of the time one
 * request takes at the measured rate. Compare ratios within one run: this machine is shared and noisy.
 */
import { fork } from 'node:child_process';
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
import { homePage, newsDetailEndpoint, news as newsList } from '../src/contract/genus';
import { pageConfig } from '../src/contract/pages';
import { DEFAULT_SIGN_KEY } from '../src/protocol/keys';
import { computeSign } from '../src/protocol/sign';
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/start';

type Kind = 'sqlite' | 'postgres';
type Params = Record<string, string | number>;

const SERVE_FLAG = '--serve';

const CASES: Array<{ label: string; endpoint: AnyEndpoint; params: Params }> = [
  { label: 'genus.news (page of 10)', endpoint: newsList, params: { genus_id: 1, category_id: 1, offset: 10, count: 10 } },
  { label: 'genus.news (page of 50)', endpoint: newsList, params: { genus_id: 1, category_id: 1, offset: 0, count: 50 } },
  { label: 'genus.news_detail', endpoint: newsDetailEndpoint, params: { id: 5 } },
  { label: 'genus.home_page (feed of 10)', endpoint: homePage, params: { genus_id: 1, category_id: 1, offset: 0, count: 10 } },
  { label: 'pages.config', endpoint: pageConfig, params: { name: 'study-index' } },
];

function urlFor(base: string, e: AnyEndpoint, params: Params): string {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const sign = computeSign(DEFAULT_SIGN_KEY, e.path, params);
  if (sign) q.set('sign', sign);
  return `${base}${HOST_PREFIX[e.host]}${e.path}?${q}`;
}

/** Microseconds of one `e.output.parse(data)`: the median of 7 batches of ≥ 40 ms, after a 200 ms warm-up. */
function parseMicros(e: AnyEndpoint, data: unknown): number {
  const batch = (ns: bigint): number => {
    let runs = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0n;
    while (elapsed < ns) {
      for (let i = 0; i < 50; i++) e.output.parse(data);
      runs += 50;
      elapsed = process.hrtime.bigint() - start;
    }
    return Number(elapsed) / 1000 / runs;
  };
  batch(200_000_000n);
  const samples = Array.from({ length: 7 }, () => batch(40_000_000n)).sort((a, b) => a - b);
  return samples[3] as number;
}

async function measure(base: string, c: (typeof CASES)[number]): Promise<void> {
  const url = urlFor(base, c.endpoint, c.params);
  const reply = await fetch(url, { headers: { DeviceType: 'web' } });
  const text = await reply.text();
  const body = JSON.parse(text) as Envelope;
  if (body.status !== 0) throw new Error(`${c.label}: ${body.msg}`);
  const parse = parseMicros(c.endpoint, body.data);
  const r = await autocannon({ url, connections: 10, duration: 5, headers: { DeviceType: 'web' } });
  const rps = r.requests.average;
  // At `rps` requests/s one request costs 1e6 / rps µs of the server's (single) event loop.
  const share = (parse * rps) / 1e6;
  console.log(
    `${c.label.padEnd(30)} ${String(Math.round(rps)).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ` +
      `non-2xx ${r.non2xx}  reply ${String(text.length).padStart(6)} B  parse ${parse.toFixed(1).padStart(6)} µs = ${(share * 100).toFixed(1)}% of a request`,
  );
}

/** Child process: a fresh database and the real server; sends its URL, cleans up when told to close. */
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
  const config = loadConfig(
    { LOG_LEVEL: 'silent' },
    { dataDir, port: 0, clientDir: undefined, logLevel: 'silent', databaseUrl: url, production: true, devTools: false },
  );
  const server = await startServer(config, { pgSchema: schema });
  process.on('message', async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (schema) await admin(`DROP SCHEMA ${schema} CASCADE`);
    process.exit(0);
  });
  process.send?.({ url: server.url });
}

async function bench(kind: Kind, url?: string): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), [SERVE_FLAG, kind, url ?? ''], { execArgv: process.execArgv });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const base = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`server process exited (${code})`)));
  });
  try {
    console.log(`\n${kind} (server pid ${child.pid})`);
    for (const c of CASES) await measure(base, c);
  } finally {
    child.send('close');
    await exited;
  }
}

if (process.argv[2] === SERVE_FLAG) {
  await serve(process.argv[3] as Kind, process.argv[4] || undefined);
} else {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  await bench('sqlite');
  if (pgUrl) await bench('postgres', pgUrl);
}
