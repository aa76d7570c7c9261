/** AST interpreter. Never throws: any failure of a well-formed expression yields undefined. */
import { type Registry, str } from './formatters';
import type { Node } from './parser';

export type Scope = Record<string, unknown>;

const BLOCKED = ['__proto__', 'constructor', 'prototype'];

/** Own property `k` of `o` (string or number key), else undefined. Works on arrays and strings (`length`, index). */
export function getOwn(o: unknown, k: unknown): unknown {
  if (o == null || (typeof k !== 'string' && typeof k !== 'number') || BLOCKED.includes(k as string)) return undefined;
  return Object.hasOwn(o as object, k) ? (o as Record<string | number, unknown>)[k] : undefined;
}

/** The eager binary operators (JS semantics; == and != are strict like === and !==). */
const BINARY: Record<string, (a: number, b: number) => unknown> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '%': (a, b) => a % b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '===': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '!==': (a, b) => a !== b,
};

function run(n: Node, s: unknown, f: Registry): unknown {
  switch (n.k) {
    case 'lit':
      return n.v;
    case 'id':
      return getOwn(s, n.n);
    case 'get':
      return getOwn(run(n.o, s, f), run(n.p, s, f));
    case 'un': {
      const a = run(n.a, s, f);
      return n.op === '!' ? !a : -(a as number);
    }
    case 'if':
      return run(n.c, s, f) ? run(n.a, s, f) : run(n.b, s, f);
    case 'call': {
      const args = n.args.map((a) => run(a, s, f));
      try {
        return f[n.n]?.(...args);
      } catch {
        return '';
      }
    }
  }
  const a = run(n.a, s, f);
  const op = n.op;
  if (op === '&&') return a && run(n.b, s, f);
  if (op === '||') return a || run(n.b, s, f);
  if (op === '??') return a ?? run(n.b, s, f);
  const b = run(n.b, s, f);
  if (op === '+' && (typeof a === 'string' || typeof b === 'string')) return str(a) + str(b);
  return BINARY[op]?.(a as number, b as number);
}

/** Runs an AST against a scope; returns undefined instead of throwing (e.g. odd host objects). */
export function exec(node: Node, scope: Scope, fns: Registry): unknown {
  try {
    return run(node, scope, fns);
  } catch {
    return undefined;
  }
}
