import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../src/server/db/connect';

/** Names of every table of the database (SQLite file or the connection's PostgreSQL schema), sorted. */
export async function tableNames(db: Db): Promise<string[]> {
  const rows =
    db.dialect === 'sqlite'
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db.kysely)
      : await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(db.kysely);
  return rows.rows.map((r) => r.name).sort();
}

/** One value as stable text (PG returns Dates and Buffers for some column types). */
function cell(v: unknown): string {
  if (v instanceof Date) return `d:${v.toISOString()}`;
  if (Buffer.isBuffer(v)) return `b:${v.toString('hex')}`;
  return JSON.stringify(v) ?? 'undefined';
}

/** Hash of one table: its rows (every column, keys sorted), sorted, so the row order on disk does not matter. */
export async function tableHash(db: Db, table: string): Promise<string> {
  const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db.kysely);
  const lines = rows.map((r) =>
    Object.keys(r)
      .sort()
      .map((k) => `${k}=${cell(r[k])}`)
      .join('\u0001'),
  );
  lines.sort();
  const h = crypto.createHash('sha1');
  for (const line of lines) h.update(line).update('\u0002');
  return `${rows.length}:${h.digest('hex')}`;
}

export type Checksum = Record<string, string>;

/** A hash per table of the whole database. */
export async function databaseChecksum(db: Db): Promise<Checksum> {
  const out: Checksum = {};
  for (const t of await tableNames(db)) out[t] = await tableHash(db, t);
  return out;
}

/** Tables whose hash differs between two checksums (a table that appeared or vanished counts). */
export function changedTables(before: Checksum, after: Checksum): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((t) => before[t] !== after[t]).sort();
}

/** PostgreSQL: the hash of every table computed by the server in one query (md5 of the sorted row hashes). */
export async function pgChecksum(db: Db): Promise<Checksum> {
  const names = await tableNames(db);
  const parts = names.map(
    (t) =>
      sql`SELECT ${t}::text AS name, count(*)::text || ':' || coalesce(md5(string_agg(md5(r::text), '' ORDER BY md5(r::text))), '') AS hash FROM ${sql.table(t)} r`,
  );
  const { rows } = await sql<{ name: string; hash: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(db.kysely);
  return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
}

/** The whole-database checksum of either dialect (PostgreSQL hashes on the server, SQLite here). */
export function checksumOf(db: Db): Promise<Checksum> {
  return db.dialect === 'postgres' ? pgChecksum(db) : databaseChecksum(db);
}

/**
 * A cheap, conservative "was anything written?" mark, so the full checksum runs only when needed:
 * SQLite: `total_changes()` of the one connection the server and this helper share (every INSERT, UPDATE and
 * DELETE counts, even rolled back ones); PostgreSQL: the next transaction id of the cluster (every writing
 * transaction takes one, even other sessions' — then the full checksum decides).
 */
export async function writeMark(db: Db): Promise<string> {
  const q =
    db.dialect === 'sqlite'
      ? sql<{ m: unknown }>`SELECT total_changes() AS m`
      : sql<{ m: unknown }>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS m`;
  const { rows } = await q.execute(db.kysely);
  return String(rows[0]?.m);
}
