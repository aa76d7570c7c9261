/** Keeps every multi-row INSERT at or below this many rows (well inside SQLite's and PostgreSQL's parameter limits). */
export const BATCH_SIZE = 300;

export function chunks<T>(rows: readonly T[], size = BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
