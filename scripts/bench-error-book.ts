/**
 * Error-book benchmark: `npx tsx scripts/bench-error-book.ts` (PostgreSQL too with BENCH_DATABASE_URL or
 * TEST_DATABASE_URL; BENCH_ONLY=sqlite|postgres narrows it).
 *
 * For each database: a fresh, migrated and seeded database behind the real server in production mode (in this
 * process, on a loopback port); a learner with BENCH_ERRORS (10,000) errors spread over the last 60 days (so the
 * day, week and all ranges differ) in two subjects; then BENCH_RUNS (300) sequential `error_list` requests of each
 * kind — first page, deep pages by a random `last_id`, day / week ranges, one subject — and `error_count`, timed
 * from the request to the parsed reply. Prints p50 / p95 / max per kind and PASS when every p95 is under 20 ms.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AnyEndpoint } from '../src/contract/endpoint';
import { HOST_PREFIX } from '../src/contract/endpoint';
import type { Envelope } from '../src/contract/envelope';
import { errorCount, errorList } from '../src/contract/questions';
import { DEFAULT_ENCRYPT_KEY, DEFAULT_SIGN_KEY } from '../src/protocol/keys';
import { computeSign } from '../src/protocol/sign';
import { loginByMobile } from '../src/server/areas/accounts/sessions';
import { loadConfig } from '../src/server/config';
import { chunks } from '../src/server/db/seed/batch';
import type { Services } from '../src/server/http/context';
import { JwtService } from '../src/server/security/jwt';
import { startServer } from '../src/server/start';
import { STAGING_ON_SANDBOXES } from './staging-env';

type Kind = 'sqlite' | 'postgres';
const ERRORS = Number(process.env.BENCH_ERRORS ?? 10000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const P95_TARGET_MS = 20;

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
  return { p50: q(0.5), p95: q(0.95), max: s[s.length - 1] ?? 0 };
}

function urlOf(base: string, e: AnyEndpoint, params: Record<string, string | number>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) q.set(k, String(v));
  const sign = computeSign(DEFAULT_SIGN_KEY, e.path, params);
  if (sign) q.set('sign', sign);
  return `${base}${HOST_PREFIX[e.host]}${e.path}?${q.toString()}`;
}

async function run(kind: Kind, dbUrl: string | undefined): Promise<boolean> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-bench-errors-'));
  const schema = kind === 'postgres' ? `bench_errors_${crypto.randomBytes(4).toString('hex')}` : undefined;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: dbUrl });
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
    { dataDir, port: 0, host: '127.0.0.1', clientDir: undefined, databaseUrl: kind === 'postgres' ? dbUrl : undefined, seedDemo: true },
  );
  const server = await startServer(config, { pgSchema: schema });
  try {
    const clock = () => Math.floor(Date.now() / 1000);
    const login = await loginByMobile({ db: server.db, jwt: new JwtService(jwtSecret, config.jwtTtl), clock } as Services, '13900008888');
    const db = server.db.kysely;
    const subjects = await db.selectFrom('categories').select(['id as category_id', 'genus_id']).orderBy('id').limit(2).execute();
    const now = clock();
    const setupStart = process.hrtime.bigint();
    const banks: number[] = [];
    for (const [i, sub] of subjects.entries()) {
      const top = await db
        .insertInto('question_banks')
        .values({
          ...sub,
          parent_id: null,
          name: `压测题库 ${i + 1}`,
          intro: '',
          price: 0,
          is_free: 1,
          mode: '',
          exam_minutes: 0,
          sort: 0,
          question_count: 0,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const child = await db
        .insertInto('question_banks')
        .values({
          ...sub,
          parent_id: top.id,
          name: `压测子题库 ${i + 1}`,
          intro: '',
          price: 0,
          is_free: 1,
          mode: 'practice',
          exam_minutes: 0,
          sort: 0,
          question_count: 0,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      banks.push(child.id);
    }
    const questions = Array.from({ length: ERRORS }, (_, i) => ({
      bank_id: banks[i % banks.length] as number,
      parent_question_id: null,
      type: 'single',
      stem: `压测题目 ${i + 1}：下列哪一项是正确的？`,
      options: JSON.stringify(['选项一', '选项二', '选项三', '选项四']),
      answer: JSON.stringify('ABCD'[i % 4]),
      analysis: `第 ${i + 1} 题的解析。`,
      score: 1,
      material: '',
      sort: i,
    }));
    await db.transaction().execute(async (trx) => {
      for (const batch of chunks(questions)) await trx.insertInto('questions').values(batch).execute();
    });
    const qs = await db.selectFrom('questions').select(['id', 'bank_id']).where('bank_id', 'in', banks).orderBy('id').execute();
    const errors = qs.map((q, i) => {
      const sub = subjects[banks.indexOf(q.bank_id)] as { genus_id: number; category_id: number };
      const addedAt = now - Math.floor(((ERRORS - i) / ERRORS) * 60 * 86400);
      return {
        user_id: login.user.id,
        question_id: q.id,
        bank_id: q.bank_id,
        ...sub,
        added_at: addedAt,
        right_streak: 0,
        due_at: addedAt,
        reps: 0,
        fsrs: '',
      };
    });
    await db.transaction().execute(async (trx) => {
      for (const batch of chunks(errors)) await trx.insertInto('question_errors').values(batch).execute();
    });
    console.log(`\n${kind}: ${ERRORS} errors for one learner in ${(ms(setupStart) / 1000).toFixed(1)} s`);

    const ids = (await db.selectFrom('question_errors').select('id').where('user_id', '=', login.user.id).execute()).map((r) => r.id);
    const headers = { DeviceType: 'web', authorization: `Bearer ${login.token}` };
    const sub = subjects[0] as { genus_id: number; category_id: number };
    const kinds: Array<[string, AnyEndpoint, () => Record<string, string | number>]> = [
      ['error_list first page', errorList, () => ({ range: 'all', count: 20 })],
      ['error_list deep page', errorList, () => ({ range: 'all', count: 20, last_id: ids[Math.floor(Math.random() * ids.length)] ?? 0 })],
      ['error_list week', errorList, () => ({ range: 'week', count: 20 })],
      ['error_list day', errorList, () => ({ range: 'day', count: 20 })],
      [
        'error_list one subject',
        errorList,
        () => ({ ...sub, range: 'all', count: 20, last_id: ids[Math.floor(Math.random() * ids.length)] ?? 0 }),
      ],
      ['error_count', errorCount, () => ({})],
    ];
    let pass = true;
    for (const [label, e, params] of kinds) {
      for (let i = 0; i < 20; i++) await fetch(urlOf(server.url, e, params()), { headers }); // warm-up
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = process.hrtime.bigint();
        const reply = await fetch(urlOf(server.url, e, params()), { headers });
        const body = (await reply.json()) as Envelope;
        samples.push(ms(start));
        if (body.status !== 0) throw new Error(`${label}: ${body.msg}`);
      }
      const st = stats(samples);
      const met = st.p95 < P95_TARGET_MS;
      pass &&= met;
      console.log(
        `  ${label.padEnd(24)} p50 ${st.p50.toFixed(2).padStart(6)} ms  p95 ${st.p95.toFixed(2).padStart(6)} ms  max ${st.max.toFixed(2).padStart(7)} ms  ${met ? 'met' : 'NOT MET'}`,
      );
    }
    return pass;
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (schema) await admin(`DROP SCHEMA ${schema} CASCADE`);
  }
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const only = process.env.BENCH_ONLY;
  const results: boolean[] = [];
  if (only !== 'postgres') results.push(await run('sqlite', undefined));
  if (url && only !== 'sqlite') results.push(await run('postgres', url));
  else if (!url) console.log('\npostgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  const pass = results.every(Boolean);
  console.log(`\nerror book: p95 < ${P95_TARGET_MS} ms with ${ERRORS} errors — ${pass ? 'PASS' : 'FAIL'}`);
  if (!pass) process.exitCode = 1;
}

await main();
