import type pg from 'pg';
import { READ_LEASE_MS } from './pg-write-lease';

/**
 * Tells whether tables changed, for the in-process read cache (src/server/cache). A cache entry keeps the stamps
 * of the tables its reply was read from, taken *before* the read; it is served only while `stamps()` gives the
 * same numbers again. A stamp changes only once a write is committed (never before: a reader that saw the new
 * stamp would otherwise be able to read, and cache, the old rows), so
 * - a write that rolls back changes nothing,
 * - a reader racing a write caches, at worst, new rows under an old stamp: a miss later, never a stale hit.
 */
export interface TableVersions {
  /**
   * One stamp per table, reflecting every write committed before the call; `null` when that cannot be told
   * now (then the cache is neither read nor filled).
   */
  stamps(tables: readonly string[]): readonly number[] | null | Promise<readonly number[] | null>;
}

/** What a driver reports after a commit (or an autocommitted statement): the tables written, or `'*'` for any. */
export interface WriteListener {
  committed(tables: readonly string[] | '*'): void;
}

/** Result of asking SQLite whether another connection committed since the last question. */
export type ExternalChange = 'changed' | 'same' | 'unknown';

/**
 * SQLite, one process: the driver reports this connection's commits; `PRAGMA data_version` (asked through
 * `probe`) tells about commits by any other connection or process (an operator's sqlite3 shell), which count as a
 * change of every table. The probe costs a few µs (it opens a read transaction), so the reads of one event-loop
 * turn share one probe, run in the turn's check phase: after every request of that turn has arrived, so a write
 * acknowledged before a request arrived is always seen.
 */
export class LocalTableVersions implements TableVersions, WriteListener {
  private generation = 0;
  private everything = 0;
  private readonly changedAt = new Map<string, number>();
  private probing: Promise<boolean> | null = null;

  constructor(private readonly probe?: () => ExternalChange) {}

  committed(tables: readonly string[] | '*'): void {
    this.generation += 1;
    if (tables === '*') this.everything = this.generation;
    else for (const t of tables) this.changedAt.set(t, this.generation);
  }

  stamps(tables: readonly string[]): readonly number[] | null | Promise<readonly number[] | null> {
    const probe = this.probe;
    if (!probe) return this.now(tables);
    this.probing ??= new Promise((resolve) =>
      setImmediate(() => {
        this.probing = null;
        const outside = probe();
        if (outside === 'changed') this.committed('*');
        resolve(outside !== 'unknown');
      }),
    );
    return this.probing.then((known) => (known ? this.now(tables) : null));
  }

  private now(tables: readonly string[]): readonly number[] {
    return tables.map((t) => Math.max(this.changedAt.get(t) ?? 0, this.everything));
  }
}

/**
 * PostgreSQL, any number of app servers: `cache_versions` holds one counter per cached table, bumped by a
 * statement trigger in the writing transaction (migration 0007), so a counter moves exactly when the write
 * commits, whichever server (or psql session) wrote.
 *
 * The read lease (pg-write-lease.ts): counters from a query that started less than `leaseMs` ago are good for a read
 * arriving now, because every write to a cached table made through this code is acknowledged only `leaseMs` after its
 * commit; a read arriving after that acknowledgement therefore sees counters read after the commit. A hit waits for
 * nothing: past half the lease a fresh query starts in the background, and only a read arriving after the lease ran
 * out (an idle server) waits for one query. Outside the lease each read needs counters from a query that started after
 * it arrived: it starts one when fewer than `maxInFlight` (2) run, else it shares the one that starts when a running
 * one ends with every read that arrived meanwhile; so at most two such tiny queries run at a time.
 */
export class PgTableVersions implements TableVersions {
  private running = 0;
  /** The query that starts when a running one ends, shared by every read that arrived meanwhile. */
  private next: Promise<Map<string, number> | null> | null = null;
  private readonly slotFreed: Array<() => void> = [];
  private warned = new Set<string>();
  /** The counters of the latest-started query that answered, and when it started (performance.now()). */
  private leased: { startedAt: number; map: Map<string, number> } | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly warn: (line: string) => void = () => {},
    /** Version queries running at once (a read outside the lease waits for one that started after it arrived). */
    private readonly maxInFlight = 2,
    /** How long counters stay good after their query started; 0 turns the lease off. */
    private readonly leaseMs = READ_LEASE_MS,
  ) {}

  private query(): Promise<Map<string, number> | null> {
    return this.pool
      .query<{ table_name: string; version: number }>({
        name: 'beikao_cache_versions',
        text: 'SELECT table_name, version FROM cache_versions',
      })
      .then(
        (r) => new Map(r.rows.map((row) => [row.table_name, Number(row.version)])),
        (e: unknown) => {
          this.warnOnce('query', `读缓存停用：无法读取 cache_versions（${e instanceof Error ? e.message : String(e)}）`);
          return null;
        },
      );
  }

  private start(): Promise<Map<string, number> | null> {
    this.running += 1;
    const startedAt = performance.now();
    return this.query()
      .then((map) => {
        if (map && (!this.leased || startedAt > this.leased.startedAt)) this.leased = { startedAt, map };
        return map;
      })
      .finally(() => {
        this.running -= 1;
        this.slotFreed.shift()?.();
      });
  }

  /** Counters good for a read arriving now: from within the lease, else from a query that started after this call. */
  current(): Map<string, number> | Promise<Map<string, number> | null> {
    const lease = this.leased;
    if (lease && this.leaseMs > 0) {
      const age = performance.now() - lease.startedAt;
      if (age < this.leaseMs) {
        // Renew ahead, so that reads keep finding a live lease and never wait.
        if (age > this.leaseMs / 2 && this.running === 0) void this.start();
        return lease.map;
      }
    }
    if (this.running < this.maxInFlight) return this.start();
    this.next ??= new Promise((resolve) =>
      this.slotFreed.push(() => {
        this.next = null;
        resolve(this.start());
      }),
    );
    return this.next;
  }

  stamps(tables: readonly string[]): readonly number[] | null | Promise<readonly number[] | null> {
    const map = this.current();
    return map instanceof Promise ? map.then((m) => this.pick(m, tables)) : this.pick(map, tables);
  }

  private pick(map: Map<string, number> | null, tables: readonly string[]): readonly number[] | null {
    if (!map) return null;
    const out: number[] = [];
    for (const t of tables) {
      const v = map.get(t);
      if (v === undefined) {
        this.warnOnce(t, `读缓存不缓存依赖表 ${t} 的回复：cache_versions 中没有它（需要触发器迁移）`);
        return null;
      }
      out.push(v);
    }
    return out;
  }

  private warnOnce(key: string, line: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.warn(line);
  }
}
