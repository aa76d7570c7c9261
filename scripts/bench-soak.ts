/**
 * Soak test of the production server: `npm run bench:soak` (= `tsx scripts/bench-soak.ts`).
 *
 * Starts the real server in production mode (NODE_ENV=production, throwaway JWT/SIGN/ENCRYPT secrets, demo
 * content seeded into a fresh temporary DATA_DIR) in a child process on a loopback port — SQLite, then PostgreSQL
 * in a fresh schema (dropped after) when BENCH_DATABASE_URL or TEST_DATABASE_URL is set — and runs
 * SOAK_CONNECTIONS (100) virtual users for SOAK_SECONDS (60) each, every one on its own keep-alive connection
 * doing a mixed stream of signed requests, as the app sends them: public reads (news list and detail, home feed,
 * page config), logged-in reads (addresses, collections, base info), collections added and removed, addresses
 * created, updated and deleted, feedback, and now and then a brand-new user logging in by SMS.
 *
 * Logging in: in production the dev inbox endpoint is off, so the script reads each code where the dev SMS
 * provider delivers it — the server's log (`[dev-sms] <mobile> 验证码 <code>`), read from the child's stdout. No
 * test-only switch in the server, no token minted behind its back: every session comes from a real login.
 *
 * Reports errors (target 0: HTTP non-2xx, envelope status ≠ 0, socket errors and timeouts), requests/s, p50/p99
 * per kind of request, and the server's memory (RSS from /proc, heap from process.memoryUsage() over IPC, both after
 * a forced GC) before and after the load, plus the peak RSS. Exits 1 when any request failed.
 * Request logging is off (LOG_LEVEL=warn, SOAK_LOG_LEVEL to change) so that piping the log is not measured.
 */
import { type ChildProcess, fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as auth from '../src/contract/accounts';
import * as addressApi from '../src/contract/addresses';
import type { AnyEndpoint } from '../src/contract/endpoint';
import { HOST_PREFIX } from '../src/contract/endpoint';
import type { Envelope } from '../src/contract/envelope';
import * as framework from '../src/contract/framework';
import { pageConfig } from '../src/contract/pages';
import * as genus from '../src/contract/study-genus';
import * as user from '../src/contract/users';
import * as userCenter from '../src/contract/users-center';
import { computeSign } from '../src/protocol/sign';
import { loadConfig } from '../src/server/config';
import { mulberry32 } from '../src/server/db/seed/prng';
import { startServer } from '../src/server/start';
import { STAGING_ON_SANDBOXES } from './staging-env';

type Kind = 'sqlite' | 'postgres';
const SERVE_FLAG = '--serve';
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 100);
const REQUEST_TIMEOUT_MS = 30000;

interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  peakRss: number;
}

// ---------------------------------------------------------------- server side (child process)

async function serve(kind: Kind, adminUrl: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-soak-'));
  const schema = kind === 'postgres' ? `soak_${crypto.randomBytes(4).toString('hex')}` : undefined;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(query);
    await c.end();
  };
  if (schema) await admin(`CREATE SCHEMA ${schema}`);
  const env = {
    NODE_ENV: 'production',
    ...STAGING_ON_SANDBOXES,
    JWT_SECRET: process.env.SOAK_JWT_SECRET,
    SIGN_KEY: process.env.SOAK_SIGN_KEY,
    ENCRYPT_KEY: crypto.randomBytes(16).toString('hex'),
    SEED_DEMO: '1',
    DATA_DIR: dataDir,
    DATABASE_URL: kind === 'postgres' ? adminUrl : undefined,
    LOG_LEVEL: process.env.SOAK_LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
  };
  const server = await startServer(loadConfig(env, { clientDir: undefined }), { pgSchema: schema });
  const memory = (): Memory => {
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, peakRss: kb('VmHWM') };
  };
  process.on('message', async (m: { type: string }) => {
    if (m.type === 'memory') process.send?.({ type: 'memory', memory: memory() });
    if (m.type === 'close') {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (schema) await admin(`DROP SCHEMA ${schema} CASCADE`);
      process.exit(0);
    }
  });
  process.send?.({ type: 'ready', url: server.url });
}

// ---------------------------------------------------------------- load side

class Stats {
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly samples: string[] = [];
  total = 0;

  record(kind: string, ms: number): void {
    this.total += 1;
    let list = this.latencies.get(kind);
    if (!list) {
      list = [];
      this.latencies.set(kind, list);
    }
    list.push(ms);
  }

  fail(what: string, detail: string): void {
    this.errors.set(what, (this.errors.get(what) ?? 0) + 1);
    if (this.samples.length < 10) this.samples.push(`${what}: ${detail}`);
  }

  errorCount(): number {
    return [...this.errors.values()].reduce((a, b) => a + b, 0);
  }
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

class Load {
  private readonly codes = new Map<string, string>();
  private readonly codeWaiters = new Map<string, (code: string) => void>();
  private mobileCounter = 0;
  chain: Record<string, unknown> = {};
  newsIds: number[] = [];

  constructor(
    private readonly base: string,
    private readonly signKey: string,
    readonly stats: Stats,
  ) {}

  /** A line of the server's log: keeps the SMS codes the dev provider prints. */
  onLogLine(line: string): void {
    const m = /\[dev-sms\] (\d{11}) 验证码 (\d{6})/.exec(line);
    if (!m) return;
    const [, mobile = '', code = ''] = m;
    const waiter = this.codeWaiters.get(mobile);
    if (waiter) {
      this.codeWaiters.delete(mobile);
      waiter(code);
    } else this.codes.set(mobile, code);
  }

  private codeFor(mobile: string): Promise<string> {
    const known = this.codes.get(mobile);
    if (known) {
      this.codes.delete(mobile);
      return Promise.resolve(known);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no SMS code for ${mobile} in the server log`)), REQUEST_TIMEOUT_MS);
      this.codeWaiters.set(mobile, (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  /** One signed request; records its latency under `kind`, or the error. Returns data, or undefined on failure. */
  async call<T = unknown>(kind: string, endpoint: AnyEndpoint, input: Record<string, unknown>, token?: string): Promise<T | undefined> {
    const url = new URL(this.base + HOST_PREFIX[endpoint.host] + endpoint.path);
    if (endpoint.method !== 'POST') {
      for (const [k, v] of Object.entries(input)) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    }
    const sign = computeSign(this.signKey, endpoint.path, input);
    if (sign) url.searchParams.set('sign', sign);
    const headers: Record<string, string> = { DeviceType: 'web' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const post = endpoint.method === 'POST';
    if (post) headers['content-type'] = 'application/json';
    const started = performance.now();
    try {
      const res = await fetch(url, {
        method: endpoint.method,
        headers,
        body: post ? JSON.stringify(input) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      this.stats.record(kind, performance.now() - started);
      if (res.status < 200 || res.status > 299) {
        this.stats.fail(`HTTP ${res.status}`, `${kind} ${text.slice(0, 160)}`);
        return undefined;
      }
      const body = JSON.parse(text) as Envelope<T>;
      if (body.status !== 0) {
        this.stats.fail(`status ${body.status} (code ${body.code})`, `${kind} ${body.msg}`);
        return undefined;
      }
      return body.data;
    } catch (e) {
      const err = e as Error & { cause?: { code?: string } };
      this.stats.fail(`socket ${err.cause?.code ?? err.name}`, `${kind} ${err.message}`);
      return undefined;
    }
  }

  /** A brand-new user: asks for a code, reads it from the server log, logs in. */
  async login(): Promise<string | undefined> {
    this.mobileCounter += 1;
    const mobile = `135${String(this.mobileCounter).padStart(8, '0')}`;
    const sent = await this.call('login: send code', auth.sendMobileCode, { mobile });
    if (sent === undefined) return undefined;
    let code: string;
    try {
      code = await this.codeFor(mobile);
    } catch (e) {
      this.stats.fail('no SMS code', (e as Error).message);
      return undefined;
    }
    const data = await this.call<{ token: string }>('login: mobile code', auth.mobileCodeLogin, { mobile, code });
    return data?.token;
  }

  /** One virtual user: logs in, then keeps sending a mixed stream of requests until the deadline. */
  async user(index: number, deadline: number): Promise<void> {
    const rand = mulberry32(index + 1);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
    let token = await this.login();
    const addresses: number[] = [];
    const collected = new Map<number, number>();
    let n = 0;
    while (performance.now() < deadline) {
      n += 1;
      const r = rand();
      if (!token || r < 0.01) {
        // A new visitor logs in (about 1 % of requests).
        token = await this.login();
        addresses.length = 0;
        collected.clear();
      } else if (r < 0.16) {
        await this.call('read: news list', genus.news, { genus_id: 1, category_id: 1, offset: pick([0, 10, 20]), count: 10 });
      } else if (r < 0.3) {
        await this.call('read: news detail', genus.newsDetailEndpoint, { id: pick(this.newsIds) });
      } else if (r < 0.4) {
        await this.call('read: home feed', genus.homePage, { genus_id: 1, category_id: 1, offset: 0, count: 10 });
      } else if (r < 0.48) {
        await this.call('read: page config', pageConfig, { name: pick(['study-index', 'news-detail', 'user-home', 'address-list']) });
      } else if (r < 0.56) {
        await this.call('read: addresses', addressApi.addressList, {}, token);
      } else if (r < 0.62) {
        await this.call('read: collections', userCenter.collections, { type: 'news', offset: 0, count: 10 }, token);
      } else if (r < 0.66) {
        await this.call('read: base info', user.baseInfo, {}, token);
      } else if (r < 0.76) {
        const newsId = pick(this.newsIds);
        const id = collected.get(newsId);
        if (id) {
          if ((await this.call('write: collection remove', userCenter.removeCollection, { id }, token)) !== undefined)
            collected.delete(newsId);
        } else {
          const added = await this.call<{ id: number }>(
            'write: collection add',
            userCenter.addCollection,
            { type: 'news', ref_id: newsId },
            token,
          );
          if (added) collected.set(newsId, added.id);
        }
      } else if (r < 0.9) {
        const body = { name: `压测${index}`, mobile: '13812345678', ...this.chain, detail: `压测路 ${n} 号院`, is_default: 0 };
        if (addresses.length >= 10 || (addresses.length > 0 && rand() < 0.3)) {
          const id = addresses.shift() as number;
          await this.call('write: address delete', addressApi.removeAddress, { id }, token);
        } else if (addresses.length > 0 && rand() < 0.5) {
          const id = pick(addresses);
          await this.call('write: address update', addressApi.saveAddress, { ...body, id, name: `改${index}-${n}` }, token);
        } else {
          const created = await this.call<{ id: number }>('write: address create', addressApi.saveAddress, body, token);
          if (created) addresses.push(created.id);
        }
      } else {
        await this.call('write: feedback', user.feedback, { content: `压测反馈 ${index}-${n}`, page_url: '/soak' }, token);
      }
    }
  }
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function soak(kind: Kind, adminUrl = ''): Promise<boolean> {
  const signKey = crypto.randomBytes(16).toString('hex');
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [SERVE_FLAG, kind, adminUrl], {
    execArgv: [...process.execArgv, '--expose-gc'],
    env: { ...process.env, SOAK_SIGN_KEY: signKey, SOAK_JWT_SECRET: crypto.randomBytes(32).toString('hex') },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stats = new Stats();
  let load: Load | null = null;
  let rest = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) load?.onLogLine(line);
  });
  const ask = <T>(type: string): Promise<T> =>
    new Promise((resolve) => {
      const on = (m: { type: string } & Record<string, unknown>) => {
        if (m.type !== type) return;
        child.off('message', on);
        resolve(m as T);
      };
      child.on('message', on);
      if (type !== 'ready') child.send({ type });
    });
  const { url } = await Promise.race([
    ask<{ url: string }>('ready'),
    exited.then(() => {
      throw new Error('server process exited before it was ready');
    }),
  ]);
  try {
    load = new Load(url, signKey, stats);
    const news = await load.call<Array<{ id: number }>>('setup', genus.news, { genus_id: 1, category_id: 1, offset: 0, count: 50 });
    load.newsIds = (news ?? []).map((x) => x.id);
    const top = await load.call<Array<{ id: number; name: string }>>('setup', framework.topLevelDistricts, {});
    const p = top?.find((d) => d.id > 0);
    const c = p && (await load.call<Array<{ id: number; name: string }>>('setup', framework.childDistricts, { id: p.id }))?.[0];
    const a = c && (await load.call<Array<{ id: number; name: string }>>('setup', framework.childDistricts, { id: c.id }))?.[0];
    if (!p || !c || !a || !load.newsIds.length) throw new Error('setup failed: no news or districts');
    load.chain = {
      district_1_id: p.id,
      district_1_name: p.name,
      district_2_id: c.id,
      district_2_name: c.name,
      district_3_id: a.id,
      district_3_name: a.name,
    };
    stats.latencies.delete('setup');
    const before = (await ask<{ memory: Memory }>('memory')).memory;
    console.log(`\n${kind}: server pid ${child.pid}, ${CONNECTIONS} connections for ${SECONDS} s`);
    const startedAt = performance.now();
    const deadline = startedAt + SECONDS * 1000;
    const progress = setInterval(async () => {
      const elapsed = (performance.now() - startedAt) / 1000;
      console.log(`  ${elapsed.toFixed(0).padStart(3)} s  ${stats.total} requests  ${stats.errorCount()} errors`);
    }, 10000);
    const load_ = load;
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => load_.user(i, deadline)));
    clearInterval(progress);
    const elapsed = (performance.now() - startedAt) / 1000;
    const after = (await ask<{ memory: Memory }>('memory')).memory;

    const all = [...stats.latencies.values()].flat().sort((x, y) => x - y);
    console.log(`\n${'request'.padEnd(28)} ${'count'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
    for (const [k, list] of [...stats.latencies].sort(([x], [y]) => x.localeCompare(y))) {
      list.sort((x, y) => x - y);
      console.log(
        `${k.padEnd(28)} ${String(list.length).padStart(8)} ${percentile(list, 50).toFixed(1).padStart(8)} ${percentile(list, 99).toFixed(1).padStart(8)}`,
      );
    }
    console.log(
      `${'all'.padEnd(28)} ${String(all.length).padStart(8)} ${percentile(all, 50).toFixed(1).padStart(8)} ${percentile(all, 99).toFixed(1).padStart(8)}`,
    );
    console.log(`\n${(all.length / elapsed).toFixed(0)} req/s over ${elapsed.toFixed(1)} s; errors: ${stats.errorCount()}`);
    for (const [what, count] of stats.errors) console.log(`  ${what}: ${count}`);
    for (const s of stats.samples) console.log(`  e.g. ${s}`);
    console.log(
      `server memory after GC: before RSS ${mb(before.rss)}, heap ${mb(before.heapUsed)} / ${mb(before.heapTotal)}; ` +
        `after RSS ${mb(after.rss)}, heap ${mb(after.heapUsed)} / ${mb(after.heapTotal)}; peak RSS ${mb(after.peakRss)}`,
    );
    return stats.errorCount() === 0;
  } finally {
    child.send({ type: 'close' });
    await exited;
  }
}

if (process.argv[2] === SERVE_FLAG) {
  await serve(process.argv[3] as Kind, process.argv[4] ?? '');
} else {
  let ok = await soak('sqlite');
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) ok = (await soak('postgres', pgUrl)) && ok;
  process.exit(ok ? 0 : 1);
}
