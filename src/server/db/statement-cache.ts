import type SQLite from 'better-sqlite3';

/**
 * better-sqlite3 statements by SQL text, least recently used dropped first. Kysely's SqliteDialect calls
 * `db.prepare(sql)` for every query (parse + plan each time); a query the server runs again finds its
 * statement here. Bounded, because some SQL texts vary with their input (`IN (?, ?, …)` lists).
 */
export class StatementCache {
  private readonly byText = new Map<string, SQLite.Statement>();
  /** How many `prepare` calls were made (misses); for tests and the benchmark. */
  prepared = 0;

  constructor(
    private readonly db: SQLite.Database,
    readonly capacity = 256,
  ) {
    if (!(capacity >= 1)) throw new Error('statement cache capacity must be at least 1');
  }

  get size(): number {
    return this.byText.size;
  }

  get(sql: string): SQLite.Statement {
    const hit = this.byText.get(sql);
    if (hit) {
      // Move to the most recently used end (Map keeps insertion order).
      this.byText.delete(sql);
      this.byText.set(sql, hit);
      return hit;
    }
    const stmt = this.db.prepare(sql);
    this.prepared += 1;
    this.byText.set(sql, stmt);
    if (this.byText.size > this.capacity) {
      const oldest = this.byText.keys().next().value as string;
      this.byText.delete(oldest);
    }
    return stmt;
  }

  clear(): void {
    this.byText.clear();
  }
}
