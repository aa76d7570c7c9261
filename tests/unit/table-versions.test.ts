import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionLease, READ_LEASE_MS, writesCachedTable } from '../../src/server/db/pg-write-lease';
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
  afterEach(() => {
    vi.useRealTimers();
  });

  it('without a lease, never answers a read with a query that started before the read arrived', async () => {
    const p = controlledPool();
    const versions = new PgTableVersions(p.pool, () => {}, 2, 0);
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

  it('within the lease a read is answered at once by the last query, which is renewed ahead; after it, a read waits', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const p = controlledPool();
    const versions = new PgTableVersions(p.pool, () => {}, 2, 20);
    const first = versions.stamps(['genera']);
    await p.answerAll();
    expect(await first).toEqual([0]);
    p.db.genera = 1; // a write commits; through this code it is acknowledged only 20 ms later
    vi.advanceTimersByTime(5);
    expect(versions.stamps(['genera'])).toEqual([0]); // not acknowledged yet: the lease still holds, no query
    expect(p.started()).toBe(1);
    vi.advanceTimersByTime(6); // past half the lease: answered at once, and a query starts ahead
    expect(versions.stamps(['genera'])).toEqual([0]);
    expect(p.started()).toBe(2);
    await p.answerAll();
    vi.advanceTimersByTime(10); // the first query's lease is over; the renewed one (started at 11 ms) holds
    expect(versions.stamps(['genera'])).toEqual([1]);
    vi.advanceTimersByTime(40); // idle: the lease ran out, so a read waits for a query that starts after it
    p.db.genera = 2;
    const late = versions.stamps(['genera']);
    expect(late).toBeInstanceOf(Promise);
    expect(p.started()).toBe(3);
    await p.answerAll();
    expect(await late).toEqual([2]);
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

describe('the write side of the read lease (ConnectionLease)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Whether the statement is acknowledged now, and after the lease has passed (timers are fake: no real waiting). */
  const acknowledged = async (lease: ConnectionLease, sql: string) => {
    let done = false;
    const run = lease
      .run(sql, async () => 'done')
      .then(() => {
        done = true;
      });
    await vi.advanceTimersByTimeAsync(READ_LEASE_MS - 1);
    const early = done;
    await vi.advanceTimersByTimeAsync(1);
    await run;
    return early ? 'at once' : 'after the lease';
  };

  it('tells writes to cached tables from everything else', () => {
    expect(writesCachedTable('update "news" set "view_count" = "view_count" + 1 where "id" = $1')).toBe(true);
    expect(writesCachedTable('insert into "genera" ("name") values ($1)')).toBe(true);
    expect(writesCachedTable('with x as (delete from "banners" returning id) select * from x')).toBe(true);
    expect(writesCachedTable('CREATE INDEX news_genus ON news (genus_id)')).toBe(true);
    expect(writesCachedTable('select * from "news" where "id" = $1')).toBe(false);
    expect(writesCachedTable('update "orders" set "news_id" = 1')).toBe(false);
    expect(writesCachedTable('insert into "course_progress" ("user_id") values ($1)')).toBe(false);
  });

  it('acknowledges a cached write the lease after it ran; other statements at once', async () => {
    vi.useFakeTimers();
    const lease = new ConnectionLease(READ_LEASE_MS);
    expect(await acknowledged(lease, 'update "news" set "title" = $1')).toBe('after the lease');
    expect(await acknowledged(lease, 'select 1')).toBe('at once');
    expect(await acknowledged(lease, 'update "orders" set "status" = $1')).toBe('at once');
  });

  it('in a transaction the COMMIT waits, once; a ROLLBACK forgets the writes; a savepoint rollback does not', async () => {
    vi.useFakeTimers();
    const lease = new ConnectionLease(READ_LEASE_MS);
    expect(await acknowledged(lease, 'begin')).toBe('at once');
    expect(await acknowledged(lease, 'update "genera" set "name" = $1')).toBe('at once');
    expect(await acknowledged(lease, 'insert into "news" ("title") values ($1)')).toBe('at once');
    expect(await acknowledged(lease, 'rollback to savepoint "sp1"')).toBe('at once');
    expect(await acknowledged(lease, 'commit')).toBe('after the lease');
    await acknowledged(lease, 'begin');
    await acknowledged(lease, 'update "genera" set "name" = $1');
    await acknowledged(lease, 'rollback');
    expect(await acknowledged(lease, 'commit')).toBe('at once');
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
