import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, genus, study, user } from '../../src/contract';
import { request } from '../support/api-client';
import { changedTables, checksumOf } from '../support/fuzz/checksum';
import { NOT_FUZZED, REFUSAL_MAY_WRITE } from '../support/fuzz/coverage';
import { inputShape } from '../support/fuzz/inputs';
import { fuzzEndpoints } from '../support/fuzz/run';
import { databases, startTestServer, type TestServer } from '../support/test-server';

/** Bounded in `npm test`: a fixed seed and a fixed number of cases per endpoint (`npm run fuzz` runs more). */
const SEED = 20261123;
const RUNS = 60;

describe('the fuzzer covers the whole contract', () => {
  it('builds inputs for every endpoint, or the endpoint is listed in NOT_FUZZED with a reason', () => {
    const uncovered: string[] = [];
    for (const e of allEndpoints) {
      if (NOT_FUZZED[e.id]) continue;
      try {
        inputShape(e);
      } catch (err) {
        uncovered.push(`${e.id}: ${String(err)}`);
      }
    }
    expect(uncovered).toEqual([]);
  });

  it('lists no endpoint the contract does not have', () => {
    const ids = new Set(allEndpoints.map((e) => e.id));
    expect([...Object.keys(NOT_FUZZED), ...Object.keys(REFUSAL_MAY_WRITE)].filter((id) => !ids.has(id))).toEqual([]);
  });
});

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  it('the table checksum sees a changed row, a new row and a deleted row (and a row put back as it was)', async () => {
    const db = s.services.db.kysely;
    const original = await db.selectFrom('vip_types').selectAll().orderBy('key').executeTakeFirstOrThrow();
    const before = await checksumOf(s.services.db);
    await db
      .updateTable('vip_types')
      .set({ description: `${original.description}。` })
      .where('key', '=', original.key)
      .execute();
    const updated = await checksumOf(s.services.db);
    expect(changedTables(before, updated)).toEqual(['vip_types']);
    await db.updateTable('vip_types').set({ description: original.description }).where('key', '=', original.key).execute();
    await db.insertInto('feedback').values({ user_id: null, content: '测试', page_url: '', created_at: 1 }).execute();
    const inserted = await checksumOf(s.services.db);
    expect(changedTables(updated, inserted)).toEqual(['feedback', 'vip_types']);
    expect(changedTables(before, inserted)).toEqual(['feedback']);
    await db.deleteFrom('feedback').execute();
    expect(changedTables(before, await checksumOf(s.services.db))).toEqual([]);
  });

  it('what the fuzzer found stays fixed: a 16 KB URL, a NUL in a text field, a view of a missing id', async () => {
    const long = await fetch(`${s.url}/api/genus/news_detail?id=${'中'.repeat(3000)}`);
    expect(long.status).toBe(431);
    expect(await long.json()).toEqual({ status: 1, code: 4000, msg: expect.stringContaining('请求地址或请求头过长'), data: null });

    const before = await checksumOf(s.services.db);
    const nul = await request(s.url, user.feedback, { content: 'a\u0000b' });
    expect({ http: nul.http, code: nul.body.code, msg: nul.body.msg }).toEqual({
      http: 400,
      code: 4000,
      msg: '参数 content 不能包含空字符（\\u0000）',
    });
    for (const e of [genus.newsView, study.strategyView]) {
      const missing = await request(s.url, e, { id: 2147483647 });
      expect(missing.http).toBe(404);
    }
    expect(changedTables(before, await checksumOf(s.services.db))).toEqual([]);
  });

  it(`every endpoint, ${RUNS} generated requests each: never a 5xx, always the envelope, a Chinese refusal that writes nothing, replies that keep the contract`, async () => {
    const { failures, stats } = await fuzzEndpoints(s, {
      seed: SEED,
      runs: RUNS,
      endpoints: allEndpoints,
      maxFailures: 40,
      progress: process.env.FUZZ_PROGRESS ? (line) => console.log(line) : undefined,
      trace: process.env.FUZZ_PROGRESS === '2',
    });
    expect(failures).toEqual([]);
    expect(stats.endpoints).toBe(allEndpoints.length - Object.keys(NOT_FUZZED).length);
    // The run reached past the shared checks: real successes and each kind of refusal.
    const codes = Object.keys(stats.byCode).map((k) => k.split('/')[1]);
    expect(codes).toEqual(expect.arrayContaining(['0', '4000', '4001', '4004', '4010', '4440']));
  }, 240_000);
});
