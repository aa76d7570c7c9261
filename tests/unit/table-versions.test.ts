import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { LocalTableVersions, PgTableVersions } from '../../src/server/db/table-versions';

/**
 * A pool whose version queries read the counters when they *start* (as PostgreSQL's statement snapshot does at the
 * latest) and answer only when the test says so: the order of starts, commits and answers is the test's to choose.
 */
function controlledPool() {
  const db = { genera: 0 };
  const running: Array<() => void> = [];
  let started = 0;
  const pool = {
    query() {
      started += 1;
      const snapshot = [{ table_name: 'genera', version: db.genera }];
      return new Promise((resolve) => running.push(() => resolve({ rows: snapshot })));
    },
  } as unknown as pg.Pool;
  return {
    pool,
    db,
    started: () => started,
    /** Answers the oldest running query. */
    answerOne: async () => {
      running.shift()?.();
      await new Promise((r) => setImmediate(r));
    },
    answerAll: async () => {
      while (running.length) {
        running.shift()?.();
        await new Promise((r) => setImmediate(r));
      }
    },
  };
}

describe('PgTableVersions', () => {
  it('never answers a read with a query that started before the read arrived', async () => {
    const p = controlledPool();
    const versions = new PgTableVersions(p.pool, () => {}, 2);
    const early = versions.stamps(['genera']);
    p.db.genera = 1; // a write commits (and is acknowledged) after the first query started
    const late = versions.stamps(['genera']);
    p.db.genera = 2;
    const later = versions.stamps(['genera']); // two queries run: this one waits for a slot
    const latest = versions.stamps(['genera']); // and shares the query that starts then
    expect(p.started()).toBe(2);
    await p.answerOne();
    expect(await early).toEqual([0]);
    expect(p.started()).toBe(3);
    await p.answerAll();
    expect(await late).toEqual([1]);
    expect(await later).toEqual([2]);
    expect(await latest).toEqual([2]);
  });

  it('runs at most the given number of version queries at once, however many reads wait', async () => {
    const p = controlledPool();
    const versions = new PgTableVersions(p.pool, () => {}, 1);
    const reads = Array.from({ length: 50 }, () => versions.stamps(['genera']));
    expect(p.started()).toBe(1);
    await p.answerAll();
    await Promise.all(reads);
    expect(p.started()).toBe(2);
  });

  it('does not cache a table that has no version counter', async () => {
    const p = controlledPool();
    const warnings: string[] = [];
    const versions = new PgTableVersions(p.pool, (line) => warnings.push(line));
    const read = versions.stamps(['genera', 'orders']);
    await p.answerAll();
    expect(await read).toBeNull();
    expect(warnings.join()).toContain('orders');
  });
});

describe('LocalTableVersions', () => {
  it('changes the stamp of a written table only, and of every table after an outside change', async () => {
    let outside: 'same' | 'changed' | 'unknown' = 'same';
    const versions = new LocalTableVersions(() => outside);
    const [g0, n0] = (await versions.stamps(['genera', 'news'])) as number[];
    versions.committed(['news']);
    const [g1, n1] = (await versions.stamps(['genera', 'news'])) as number[];
    expect(g1).toBe(g0);
    expect(n1).not.toBe(n0);
    outside = 'changed';
    const [g2, n2] = (await versions.stamps(['genera', 'news'])) as number[];
    expect(g2).not.toBe(g1);
    expect(n2).not.toBe(n1);
    outside = 'unknown'; // inside an open transaction: cannot tell, so no cache
    expect(await versions.stamps(['genera'])).toBeNull();
  });
});
