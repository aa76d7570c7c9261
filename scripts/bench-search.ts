/**
 * Search benchmark: `npx tsx scripts/bench-search.ts`.
 *
 * Creates a fresh temporary SQLite database (and a fresh PostgreSQL schema when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set), migrates and seeds it, adds BENCH_ARTICLES (default 50,000) generated articles spread
 * over every category, then runs BENCH_RUNS (default 20) searches per word through the real search service and
 * prints p50 / p95 / max latency, the indexing rate, and a naive LIKE scan of the same news query for comparison.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Insertable, sql } from 'kysely';
import pg from 'pg';
import { SEARCH_SOURCES, type SearchQuery, searchContent, searchKind } from '../src/server/areas/study/search-service';
import { likePattern, parseTerms } from '../src/server/areas/study/search-terms';
import { connect, type Db } from '../src/server/db/connect';
import { migrateToLatest } from '../src/server/db/migrate';
import type { NewsTable } from '../src/server/db/schema';
import { chunks } from '../src/server/db/seed/batch';
import { generateArticles, seedIfEmpty } from '../src/server/db/seed/index';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 50000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** 2-, 3- and 4-character words, common to rare (frequencies are printed per run). */
const WORDS = ['真题', '报名', '逆袭', '答题卡', '准考证', '模拟题', '考试大纲', '成绩查询', '调频耳机', '量子力学'];
const NEWS = SEARCH_SOURCES.find((s) => s.kind === 'news');
if (!NEWS) throw new Error('news is not searchable');

interface Subject {
  genus_id: number;
  category_id: number;
  genus: string;
  category: string;
}

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
function stats(samples: number[]): { p50: number; p95: number; max: number } {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
  return { p50: q(0.5), p95: q(0.95), max: s[s.length - 1] ?? 0 };
}
const f = (n: number) => n.toFixed(2).padStart(8);

async function subjectsOf(db: Db): Promise<Subject[]> {
  return db.kysely
    .selectFrom('categories as c')
    .innerJoin('genera as g', 'g.id', 'c.genus_id')
    .select(['g.id as genus_id', 'c.id as category_id', 'g.name as genus', 'c.name as category'])
    .orderBy('c.id')
    .execute();
}

/** Inserts the generated articles (indexes maintained as they go); returns seconds taken. */
async function addArticles(db: Db, subjects: readonly Subject[], now: number): Promise<number> {
  const rows: Array<Insertable<NewsTable>> = [];
  subjects.forEach((s, i) => {
    const count = Math.floor(ARTICLES / subjects.length) + (i < ARTICLES % subjects.length ? 1 : 0);
    for (const a of generateArticles({ genusName: s.genus, categoryName: s.category, count, seed: 1000 + i, now })) {
      rows.push({ ...a, genus_id: s.genus_id, category_id: s.category_id, cover: '' });
    }
  });
  const start = process.hrtime.bigint();
  await db.kysely.transaction().execute(async (trx) => {
    for (const batch of chunks(rows)) await trx.insertInto('news').values(batch).execute();
  });
  return ms(start) / 1000;
}

/** Rebuilds the news search index from scratch; returns seconds taken. */
async function rebuildIndex(db: Db): Promise<number> {
  const start = process.hrtime.bigint();
  if (db.dialect === 'postgres') await sql`REINDEX TABLE news`.execute(db.kysely);
  else await sql`INSERT INTO news_fts(news_fts) VALUES ('rebuild')`.execute(db.kysely);
  return ms(start) / 1000;
}

/** The same news query without the index: LIKE / ILIKE over title and body of the subject's rows. */
async function naiveNews(db: Db, q: SearchQuery): Promise<number> {
  const like = sql.raw(db.dialect === 'postgres' ? 'ILIKE' : 'LIKE');
  const terms = parseTerms(q.word).all;
  const esc = sql.raw(`ESCAPE '\\'`);
  const filters = terms.map((w) => sql`(title ${like} ${likePattern(w)} ${esc} OR content ${like} ${likePattern(w)} ${esc})`);
  const inTitle = terms.map((w) => sql`title ${like} ${likePattern(w)} ${esc}`);
  // Same ranking as the service: every term in the title first, then newest.
  const query = sql`SELECT id, title, CASE WHEN ${sql.join(inTitle, sql` AND `)} THEN 1 ELSE 0 END AS title_hit FROM news
    WHERE genus_id = ${q.genus_id} AND category_id = ${q.category_id} AND ${sql.join(filters, sql` AND `)}
    ORDER BY title_hit DESC, published_at DESC, id DESC LIMIT ${q.count}`;
  if (db.dialect === 'sqlite') return (await query.execute(db.kysely)).rows.length;
  return db.kysely.transaction().execute(async (trx) => {
    // GIN indexes are only used through bitmap scans: turning those off forces the scan.
    await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
    return (await query.execute(trx)).rows.length;
  });
}

async function matchesInSubject(db: Db, word: string, s: Subject): Promise<number> {
  const hits = await searchKind(db, NEWS as (typeof SEARCH_SOURCES)[number], {
    genus_id: s.genus_id,
    category_id: s.category_id,
    word,
    count: 30,
  });
  return hits.length;
}

async function run(label: string, db: Db): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await migrateToLatest(db);
  await seedIfEmpty(db, now);
  const subjects = await subjectsOf(db);
  const insertSeconds = await addArticles(db, subjects, now);
  const total = Number(
    (
      await db.kysely
        .selectFrom('news')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const rebuildSeconds = await rebuildIndex(db);
  if (db.dialect === 'postgres') await sql`ANALYZE`.execute(db.kysely);
  console.log(
    `\n== ${label}: ${total} news rows over ${subjects.length} categories (~${Math.round(total / subjects.length)} per category)`,
  );
  console.log(
    `insert with index maintenance: ${(total / insertSeconds).toFixed(0)} rows/s (${insertSeconds.toFixed(1)} s for ${ARTICLES})`,
  );
  console.log(`index rebuild from scratch:    ${(total / rebuildSeconds).toFixed(0)} rows/s (${rebuildSeconds.toFixed(1)} s)`);
  console.log('word      chars  news≤30 | full search ms p50      p95      max | news only ms p50 | naive LIKE ms p50 | ratio');
  const all: number[] = [];
  for (const word of WORDS) {
    const full: number[] = [];
    const indexed: number[] = [];
    const naive: number[] = [];
    let seen = 0;
    for (let i = 0; i < RUNS; i++) {
      const s = subjects[i % subjects.length] as Subject;
      const q = { genus_id: s.genus_id, category_id: s.category_id, word, count: 10 };
      let t = process.hrtime.bigint();
      await searchContent(db, q);
      full.push(ms(t));
      t = process.hrtime.bigint();
      await searchKind(db, NEWS as (typeof SEARCH_SOURCES)[number], q);
      indexed.push(ms(t));
      t = process.hrtime.bigint();
      await naiveNews(db, q);
      naive.push(ms(t));
      if (i < subjects.length) seen += await matchesInSubject(db, word, s);
    }
    all.push(...full);
    const a = stats(full);
    const b = stats(indexed);
    const c = stats(naive);
    const avgHits = (seen / Math.min(RUNS, subjects.length)).toFixed(1);
    console.log(
      `${word.padEnd(6, '　')} ${String([...word].length).padStart(3)} ${avgHits.padStart(8)} | ${f(a.p50)} ${f(a.p95)} ${f(a.max)} | ${f(b.p50)} | ${f(c.p50)} | ${(c.p50 / Math.max(b.p50, 0.001)).toFixed(1)}×`,
    );
  }
  const o = stats(all);
  console.log(`all words, full search (4 kinds): p50 ${o.p50.toFixed(2)} ms, p95 ${o.p95.toFixed(2)} ms, max ${o.max.toFixed(2)} ms`);
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-bench-'));
  const sqlite = connect({ sqlitePath: path.join(dir, 'bench.sqlite') });
  try {
    await run('SQLite (FTS5 trigram)', sqlite);
  } finally {
    await sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) return console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = connect({ databaseUrl: url, sqlitePath: '', pgSchema: schema });
  try {
    await run('PostgreSQL (pg_trgm GIN)', db);
  } finally {
    await db.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
