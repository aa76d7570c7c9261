/**
 * Load benchmark of the reference server: `npx tsx scripts/bench-api.ts` (PostgreSQL too with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL). Starts the real server on a loopback port with a fresh,
 * seeded database, then drives a few hot endpoints with autocannon (10 connections, 5 s each, bounded)
 * and prints requests/s and latency. Compare ratios within one run: this machine is shared and noisy.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { HOST_PREFIX } from '../src/contract/endpoint';
import { newsDetailEndpoint, news as newsList } from '../src/contract/genus';
import { pageConfig } from '../src/contract/pages';
import type { AnyEndpoint } from '../src/contract/endpoint';
import { DEFAULT_SIGN_KEY } from '../src/protocol/keys';
import { computeSign } from '../src/protocol/sign';
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/start';

function urlFor(base: string, e: AnyEndpoint, params: Record<string, string | number>): string {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const sign = computeSign(DEFAULT_SIGN_KEY, e.path, params);
  if (sign) q.set('sign', sign);
  return `${base}${HOST_PREFIX[e.host]}${e.path}?${q}`;
}

async function run(label: string, url: string): Promise<void> {
  const r = await autocannon({ url, connections: 10, duration: 5, headers: { DeviceType: 'web' } });
  const ok = r['2xx'];
  console.log(
    `${label.padEnd(28)} ${String(Math.round(r.requests.average)).padStart(6)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   2xx ${ok}  non-2xx ${r.non2xx}`,
  );
}

async function bench(kind: 'sqlite' | 'postgres', url?: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-bench-'));
  const schema = kind === 'postgres' ? `bench_api_${crypto.randomBytes(4).toString('hex')}` : undefined;
  if (schema && url) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
  }
  const config = loadConfig({ LOG_LEVEL: 'silent' }, { dataDir, port: 0, clientDir: undefined, logLevel: 'silent', databaseUrl: url, production: true, devTools: false });
  const server = await startServer(config, { pgSchema: schema });
  try {
    console.log(`\n${kind}`);
    await run('genus.news (page of 10)', urlFor(server.url, newsList, { genus_id: 1, category_id: 1, offset: 10, count: 10 }));
    await run('genus.news_detail', urlFor(server.url, newsDetailEndpoint, { id: 5 }));
    await run('pages.config', urlFor(server.url, pageConfig, { name: 'study-index' }));
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (schema && url) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    }
  }
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
await bench('sqlite');
if (pgUrl) await bench('postgres', pgUrl);
