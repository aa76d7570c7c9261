import type pg from 'pg';

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
 * commits, whichever server (or psql session) wrote. Each cached read needs the counters from a query that
 * started after the read arrived (one that started before could miss a write acknowledged just before the request):
 * a read starts one when fewer than `maxInFlight` (2) run, else it shares the one that starts when a running one ends
 * with every read that arrived meanwhile. So whatever the load, at most two such tiny queries run at a time, and a
 * read waits one round trip (two at most).
 */
export class PgTableVersions implements TableVersions {
  private running = 0;
  /** The query that starts when a running one ends, shared by every read that arrived meanwhile. */
  private next: Promise<Map<string, number> | null> | null = null;
  private readonly slotFreed: Array<() => void> = [];
  private warned = new Set<string>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly warn: (line: string) => void = () => {},
    /** Version queries running at once (each request waits for one that started after it arrived). */
    private readonly maxInFlight = 2,
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
    return this.query().finally(() => {
      this.running -= 1;
      this.slotFreed.shift()?.();
    });
  }

  /** Counters read by a query that started after this call. */
  current(): Promise<Map<string, number> | null> {
    if (this.running < this.maxInFlight) return this.start();
    this.next ??= new Promise((resolve) =>
      this.slotFreed.push(() => {
        this.next = null;
        resolve(this.start());
      }),
    );
    return this.next;
  }

  async stamps(tables: readonly string[]): Promise<readonly number[] | null> {
    const map = await this.current();
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
