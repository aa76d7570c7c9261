import type { CompiledQuery, RootOperationNode } from 'kysely';

/** Every table named anywhere in the query: a superset of what it writes (sub-queries included), which is safe. */
function tablesIn(node: unknown, out: Set<string>, depth = 0): void {
  if (!node || typeof node !== 'object' || depth > 64) return;
  if (Array.isArray(node)) {
    for (const n of node) tablesIn(n, out, depth + 1);
    return;
  }
  const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
  if (n.kind === 'TableNode' && typeof n.table?.identifier?.name === 'string') out.add(n.table.identifier.name);
  for (const value of Object.values(node)) if (value && typeof value === 'object') tablesIn(value, out, depth + 1);
}

const WRITE_KINDS = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
/** Raw SQL that only reads (or changes nothing a reply shows). Anything else raw counts as a write to every table. */
const READ_ONLY_RAW = /^\s*(select|pragma|explain|begin|commit|rollback|savepoint|release)\b/i;

/**
 * What a compiled query may change: `[]` for a read, the tables it names for a Kysely write, `'*'` for raw SQL
 * that may write anything (DDL, a hand-written INSERT). Read from the operation node Kysely built, so every write
 * through Kysely is seen without hand calls in the services.
 */
export function writtenTables(query: CompiledQuery): readonly string[] | '*' {
  const node: RootOperationNode = query.query;
  if (node.kind === 'SelectQueryNode') return [];
  if (WRITE_KINDS.has(node.kind)) {
    const out = new Set<string>();
    tablesIn(node, out);
    return [...out];
  }
  if (node.kind === 'RawNode') {
    if (READ_ONLY_RAW.test(query.sql)) return [];
    if (/^\s*with\b/i.test(query.sql) && !/\b(insert|update|delete|merge)\b/i.test(query.sql)) return [];
    return '*';
  }
  // Schema changes (CREATE/ALTER/DROP …): treat as a change of everything.
  return '*';
}
