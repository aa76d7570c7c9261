/** Templates: text with embedded `${expr}`; `$${` is a literal `${`. Also the shared compile step. */
import type { Scope } from './evaluate';
import { exec } from './evaluate';
import { type Registry, str } from './formatters';
import { collectPaths, type Node, parse } from './parser';
import type { ExprError } from './tokenizer';

export type Part = string | Node;
export type Compiled = { ok: true; run(scope: Scope): unknown; paths: string[] } | { ok: false; error: ExprError };

/** Splits a template into literal text and expression ASTs. Throws an ExprError. */
export function templateParts(text: string, fns: Registry): Part[] {
  const parts: Part[] = [];
  let lit = '';
  let i = 0;
  for (;;) {
    const j = text.indexOf('${', i);
    if (j < 0) break;
    if (text[j - 1] === '$') {
      lit += `${text.slice(i, j - 1)}\${`; // `$${` → literal `${`
      i = j + 2;
      continue;
    }
    lit += text.slice(i, j);
    if (lit) parts.push(lit);
    lit = '';
    const { node, end } = parse(text, j + 2, fns, '}');
    parts.push(node);
    i = end;
  }
  lit += text.slice(i);
  if (lit) parts.push(lit);
  return parts;
}

/**
 * Compiles parts (built by `build`, which may throw an ExprError) into a runner.
 * A single expression part returns its raw value; otherwise the parts are joined
 * with null/undefined rendered as ''. Never throws.
 */
export function compileParts(build: () => Part[], fns: Registry): Compiled {
  let parts: Part[];
  try {
    parts = build();
  } catch (e) {
    const err = e as Partial<ExprError> | null;
    return { ok: false, error: typeof err?.index === 'number' ? (err as ExprError) : { message: String(e), index: 0 } };
  }
  const paths = new Set<string>();
  for (const p of parts) if (typeof p !== 'string') collectPaths(p, paths);
  const only = parts.length === 1 && typeof parts[0] !== 'string' ? parts[0] : undefined;
  return {
    ok: true,
    paths: [...paths],
    run: only
      ? (scope) => exec(only, scope, fns)
      : (scope) => parts.map((p) => (typeof p === 'string' ? p : str(exec(p, scope, fns)))).join(''),
  };
}
