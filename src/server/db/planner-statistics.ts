/**
 * Fresh planner statistics after a bulk write (the seed). PostgreSQL plans from the statistics ANALYZE gathers; right
 * after thousands of rows are written into empty tables it has none until autovacuum gets to them (a minute or more),
 * and meanwhile it plans sequential scans and keeps them in every prepared statement. SQLite's ANALYZE fills
 * `sqlite_stat1` for the same reason. Only the tables of the database's own schema are analysed (tests share one
 * PostgreSQL database between schemas).
 */
import { sql } from 'kysely';
import type { Db } from './connect';

export async function refreshPlannerStatistics(db: Db): Promise<void> {
  if (db.dialect === 'postgres') {
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db.kysely);
    if (rows.length === 0) return;
    await sql`analyze ${sql.join(rows.map((r) => sql.table(r.name)))}`.execute(db.kysely);
    return;
  }
  await sql`analyze`.execute(db.kysely);
}
