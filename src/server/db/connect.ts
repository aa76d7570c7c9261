import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { namedStatementPool } from './pg-named';
import type { Database } from './schema';
import { CachingSqliteDialect } from './sqlite-driver';
import type { StatementCache } from './statement-cache';
import { type ExternalChange, LocalTableVersions, PgTableVersions, type TableVersions } from './table-versions';

export type DialectName = 'sqlite' | 'postgres';
export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** When tables last changed (committed writes), for the read cache. */
  versions: TableVersions;
  /** SQLite: the reused prepared statements. */
  statements?: StatementCache;
  close(): Promise<void>;
}

// COUNT(*) and BIGINT come back as strings from pg by default; our ids and counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface ConnectOptions {
  /** `postgres://…` selects PostgreSQL; otherwise SQLite at `sqlitePath`. */
  databaseUrl?: string;
  sqlitePath: string;
  /** PostgreSQL schema to use (tests use a fresh one per run). */
  pgSchema?: string;
  /** Where the read cache's version source reports trouble (e.g. a missing cache_versions table). */
  warn?: (line: string) => void;
}

export function connect(opts: ConnectOptions): Db {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    // Named prepared statements: PostgreSQL parses and plans a query text once per connection (bench:api: the user
    // statistics, the one uncached endpoint of the benchmark, went from 5.7–6.5 % to 8.6–9.2 % of the ceiling).
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namedStatementPool(pool) }) });
    return { kysely, dialect: 'postgres', versions: new PgTableVersions(pool, opts.warn), close: () => kysely.destroy() };
  }
  fs.mkdirSync(path.dirname(opts.sqlitePath), { recursive: true });
  const sqlite = new SQLite(opts.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // PRAGMA data_version changes when another connection (another process, an operator's sqlite3 shell) commits.
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let lastDataVersion = dataVersion.get() as number;
  const external = (): ExternalChange => {
    // Inside an open transaction the connection reads an older snapshot: it cannot tell.
    if (sqlite.inTransaction) return 'unknown';
    const now = dataVersion.get() as number;
    if (now === lastDataVersion) return 'same';
    lastDataVersion = now;
    return 'changed';
  };
  const versions = new LocalTableVersions(external);
  const dialect = new CachingSqliteDialect(sqlite, versions);
  const kysely = new Kysely<Database>({ dialect });
  return { kysely, dialect: 'sqlite', versions, statements: dialect.statements, close: () => kysely.destroy() };
}
