import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { connect, type Db } from '../../src/server/db/connect';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedIfEmpty } from '../../src/server/db/seed/index';
import { databases } from '../support/test-server';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

/** A fresh, migrated, empty database of the kind. */
async function freshDb(kind: 'sqlite' | 'postgres'): Promise<Db> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-seed-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  let schema: string | undefined;
  if (kind === 'postgres' && adminUrl) {
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
  }
  const db = connect({
    databaseUrl: kind === 'postgres' ? adminUrl : undefined,
    sqlitePath: path.join(dir, 'beikao.sqlite'),
    pgSchema: schema,
  });
  cleanups.push(async () => {
    await db.close();
    if (schema && adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
  await migrateToLatest(db);
  return db;
}

const TABLES = [
  'genera',
  'categories',
  'districts',
  'documents',
  'news',
  'notices',
  'banners',
  'hot_words',
  'faqs',
  'answer_questions',
  'content_articles',
  'strategies',
  'courses',
  'message_templates',
  'vip_types',
  'question_banks',
  'questions',
] as const;
/** Tables only demo content fills. */
const DEMO_TABLES = TABLES.filter((t) => !['genera', 'categories', 'districts', 'documents'].includes(t));

async function counts(db: Db): Promise<Record<(typeof TABLES)[number], number>> {
  const out = {} as Record<(typeof TABLES)[number], number>;
  for (const t of TABLES) {
    const row = await db.kysely
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(row.n);
  }
  return out;
}

const NOW = 1_780_000_000;

describe('SEED_DEMO setting', () => {
  it('is on outside production, off with NODE_ENV=production, and SEED_DEMO=1/0 overrides', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-seed-config-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const prod = {
      NODE_ENV: 'production',
      ALLOW_SANDBOXES: '1',
      VOD_KEY: 'v',
      ALTCHA_HMAC_KEY: 'a'.repeat(40),
      PUBLIC_ORIGINS: 'https://m.beikao.example',
      JWT_SECRET: 'x'.repeat(40),
      SIGN_KEY: 's',
      ENCRYPT_KEY: 'e',
    };
    expect(loadConfig({}, { dataDir }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }, { dataDir }).seedDemo).toBe(false);
    expect(loadConfig(prod, { dataDir }).seedDemo).toBe(false);
    expect(loadConfig({ ...prod, SEED_DEMO: '1' }, { dataDir }).seedDemo).toBe(true);
    expect(() => loadConfig({ SEED_DEMO: 'yes' }, { dataDir })).toThrow('SEED_DEMO must be 1 or 0');
  });
});

describe.each(databases())('first-start seed on %s', (kind) => {
  it('without demo content: subjects, districts and agreements, but no news, FAQ or other demo rows', async () => {
    const db = await freshDb(kind);
    expect(await seedIfEmpty(db, NOW, { demo: false })).toBe(true);
    const n = await counts(db);
    expect(n.genera).toBe(5);
    expect(n.categories).toBe(12);
    expect(n.districts).toBeGreaterThan(3000);
    expect(n.documents).toBe(5);
    for (const t of DEMO_TABLES) {
      expect(n[t], t).toBe(0);
    }
    const privacy = await db.kysely
      .selectFrom('documents')
      .select(['title', 'content'])
      .where('key', '=', 'privacy')
      .executeTakeFirstOrThrow();
    expect(privacy.title).toBe('隐私政策');
    expect(privacy.content).toMatch(/^# 备考隐私政策\n\n更新日期：2026年5月2\d日/);
    expect(privacy.content).not.toMatch(/\{[a-zA-Z]+\}/);
    // First start only: a later start that asks for demo content leaves the database alone.
    expect(await seedIfEmpty(db, NOW, { demo: true })).toBe(false);
    expect((await counts(db)).news).toBe(0);
  });

  it('with demo content: the same reference data plus news, notices, banners, FAQ, Q&A, articles and messages', async () => {
    const db = await freshDb(kind);
    expect(await seedIfEmpty(db, NOW, { demo: true })).toBe(true);
    const n = await counts(db);
    expect(n.genera).toBe(5);
    expect(n.documents).toBe(5);
    expect(n.news).toBeGreaterThan(300);
    expect(n.faqs).toBeGreaterThan(50);
    expect(n.answer_questions).toBe(28);
    expect(n.message_templates).toBe(5);
    for (const t of ['notices', 'banners', 'hot_words', 'content_articles', 'strategies', 'courses', 'vip_types'] as const)
      expect(n[t], t).toBeGreaterThan(0);
    const faq = await db.kysely
      .selectFrom('faqs')
      .select('answer')
      .where('question', '=', '考研的时间线是怎样的？')
      .executeTakeFirstOrThrow();
    expect(faq.answer).toContain('- 9 月：预报名；\n\n- 10 月：正式网上报名；');
  });

  it('leaves planner statistics behind, so the first queries after the seed use the indexes', async () => {
    const db = await freshDb(kind);
    await seedIfEmpty(db, NOW, { demo: true });
    const analysed =
      kind === 'postgres'
        ? sql<{ n: number }>`select count(*) as n from pg_stats where schemaname = current_schema() and tablename = 'news'`
        : sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'news'`;
    const { rows } = await analysed.execute(db.kysely);
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);
  });

  it('refuses a broken content folder before writing anything', async () => {
    const db = await freshDb(kind);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-content-'));
    cleanups.push(async () => fs.rmSync(root, { recursive: true, force: true }));
    fs.cpSync(path.resolve('content'), root, { recursive: true });
    fs.writeFileSync(path.join(root, 'demo/hot-words.json'), JSON.stringify({ global: ['四级真题', ''], byGenus: {} }));
    await expect(seedIfEmpty(db, NOW, { demo: true, contentDir: root })).rejects.toThrow(
      /demo\/hot-words\.json: global\[1\]: 必须是非空字符串/,
    );
    expect((await counts(db)).genera).toBe(0);
    expect(await db.kysely.selectFrom('meta').selectAll().execute()).toEqual([]);
  });
});
