import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { StatementCache } from './statement-cache';
import type { WriteListener } from './table-versions';
import { writtenTables } from './written-tables';

/**
 * Kysely's SQLite dialect with two changes: statements are prepared once per SQL text and reused (bounded LRU,
 * `StatementCache`), and every committed write is reported to a `WriteListener` with the tables it touched —
 * after the commit, and only if it commits (writes inside a transaction are held until COMMIT, dropped on
 * ROLLBACK). Same single connection and mutex as Kysely's own driver.
 */
export class CachingSqliteDialect implements Dialect {
  /** The one connection's statements (exposed for tests and the benchmark). */
  readonly statements: StatementCache;

  constructor(
    private readonly db: SQLite.Database,
    private readonly listener: WriteListener,
    capacity = 256,
  ) {
    this.statements = new StatementCache(db, capacity);
  }

  createDriver(): Driver {
    return new CachingSqliteDriver(this.db, new CachingSqliteConnection(this.db, this.listener, this.statements));
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

class CachingSqliteConnection implements DatabaseConnection {
  /** Tables written by the open transaction; null outside a transaction. */
  private pending: Set<string> | '*' | null = null;

  constructor(
    private readonly db: SQLite.Database,
    private readonly listener: WriteListener,
    readonly statements: StatementCache,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    const stmt = this.statements.get(sql);
    const written = writtenTables(compiledQuery);
    if (stmt.reader) {
      const rows = stmt.all(parameters as unknown[]) as R[];
      if (written === '*' || written.length > 0) this.wrote(written); // e.g. INSERT … RETURNING
      return Promise.resolve({ rows });
    }
    const { changes, lastInsertRowid } = stmt.run(parameters as unknown[]);
    if (written === '*' || written.length > 0) this.wrote(written);
    return Promise.resolve({
      numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
      insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
      rows: [],
    });
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (compiledQuery.query.kind !== 'SelectQueryNode') throw new Error('Sqlite driver only supports streaming of select queries');
    // A fresh statement: a cached one may be needed again while this iterator is still open.
    const iter = this.db.prepare(compiledQuery.sql).iterate(compiledQuery.parameters as unknown[]);
    for (const row of iter) yield { rows: [row as R] };
  }

  private wrote(tables: readonly string[] | '*'): void {
    if (!this.db.inTransaction) {
      // Autocommitted: the change is durable now.
      this.listener.committed(tables);
      if (this.pending !== null) this.pending = null;
      return;
    }
    if (this.pending === null) this.pending = new Set();
    if (tables === '*' || this.pending === '*') this.pending = '*';
    else for (const t of tables) this.pending.add(t);
  }

  /** Called once the transaction ended: reports its writes if it committed. */
  ended(committed: boolean): void {
    const pending = this.pending;
    this.pending = null;
    if (committed && pending !== null) this.listener.committed(pending === '*' ? '*' : [...pending]);
  }
}

class CachingSqliteDriver implements Driver {
  private readonly mutex = new ConnectionMutex();

  constructor(
    private readonly db: SQLite.Database,
    private readonly connection: CachingSqliteConnection,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    (connection as CachingSqliteConnection).ended(true);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      (connection as CachingSqliteConnection).ended(false);
    }
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quote(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    // Tables written before the savepoint stay pending (counting one too many is safe).
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quote(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quote(name)}`));
  }

  async releaseConnection(): Promise<void> {
    this.mutex.unlock();
  }

  async destroy(): Promise<void> {
    this.connection.statements.clear();
    this.db.close();
  }
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

class ConnectionMutex {
  private promise: Promise<void> | undefined;
  private resolve: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.promise) await this.promise;
    this.promise = new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  unlock(): void {
    const resolve = this.resolve;
    this.promise = undefined;
    this.resolve = undefined;
    resolve?.();
  }
}
