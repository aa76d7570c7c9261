import { CACHED_TABLES } from './migrations/0007_cache_versions';

/**
 * The read lease on PostgreSQL (docs/performance.md, "Hot reads from memory"). An app server serves cached replies
 * without asking `cache_versions` for READ_LEASE_MS after a version read *started* (table-versions.ts); in exchange,
 * every write to a cached table made through this code is acknowledged — its statement, or the COMMIT of its
 * transaction, resolves — only READ_LEASE_MS after it committed. So a request that arrives after the acknowledgement
 * reaches a server whose lease began after the commit: its counters include the write. Never a value older than an
 * acknowledged write, on any server, and no round trip on a hit. The cost: such writes take READ_LEASE_MS longer
 * (a news view, an operator's edit; not orders, answers or progress, whose tables are not cached), and a write from
 * outside (psql) is served within READ_LEASE_MS rather than at once.
 *
 * The same constant on every server of one version: a server whose lease were longer than the writers' wait could
 * serve a value older than an acknowledged write.
 */
export const READ_LEASE_MS = 20;

const CACHED = new Set<string>(CACHED_TABLES);
const WRITE = /^\s*(insert|update|delete|merge|create|alter|drop|truncate|copy|comment|grant)\b/i;
const WITH_WRITE = /^\s*with\b[\s\S]*\b(insert|update|delete|merge)\b/i;

/** Whether `sql` may change a cached table: a write (or DDL) naming one of them anywhere (a superset, which is safe). */
export function writesCachedTable(sql: string): boolean {
  if (!WRITE.test(sql) && !WITH_WRITE.test(sql)) return false;
  for (const word of sql.match(/[a-z_][a-z0-9_]*/gi) ?? []) if (CACHED.has(word.toLowerCase())) return true;
  return false;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One pooled connection's writes: a cached write outside a transaction resolves READ_LEASE_MS after it ran; inside
 * one, the COMMIT does. A ROLLBACK (not to a savepoint) forgets them.
 */
export class ConnectionLease {
  private inTransaction = false;
  private dirty = false;

  constructor(private readonly leaseMs = READ_LEASE_MS) {}

  run<T>(sql: string, execute: () => Promise<T>): Promise<T> {
    if (/^\s*(begin|start\s+transaction)\b/i.test(sql)) {
      this.inTransaction = true;
      this.dirty = false;
      return execute();
    }
    if (/^\s*(commit|end)\b/i.test(sql)) {
      const wait = this.dirty;
      this.inTransaction = false;
      this.dirty = false;
      return wait ? this.after(execute()) : execute();
    }
    if (/^\s*rollback\b/i.test(sql) && !/^\s*rollback\s+to\b/i.test(sql)) {
      this.inTransaction = false;
      this.dirty = false;
      return execute();
    }
    if (!writesCachedTable(sql)) return execute();
    if (this.inTransaction) {
      this.dirty = true;
      return execute();
    }
    return this.after(execute());
  }

  private async after<T>(done: Promise<T>): Promise<T> {
    const result = await done;
    await sleep(this.leaseMs);
    return result;
  }
}
