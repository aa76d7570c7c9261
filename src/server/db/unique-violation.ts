/**
 * Whether a database error is a unique-constraint violation (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE or
 * _PRIMARYKEY), and which constraint or columns it names: a lost race for a unique row, answered as a conflict
 * (4090), never a 500.
 */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: string } | null)?.code ?? '';
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The text that names the violated constraint: PostgreSQL's constraint name, SQLite's `table.column, …` list. */
export function violatedConstraint(e: unknown): string {
  const err = e as { constraint?: string; message?: string } | null;
  return `${err?.constraint ?? ''} ${err?.message ?? ''}`;
}
