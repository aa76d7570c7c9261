/** Pratt parser: source → small AST. Only named functions of the registry may be called. */
import type { Registry } from './formatters';
import { fail, lex, type Token } from './tokenizer';

export type Node =
  | { k: 'lit'; v: unknown }
  | { k: 'id'; n: string }
  | { k: 'get'; o: Node; p: Node }
  | { k: 'un'; op: string; a: Node }
  | { k: 'bin'; op: string; a: Node; b: Node }
  | { k: 'if'; c: Node; a: Node; b: Node }
  | { k: 'call'; n: string; args: Node[] };

/** Binary operators by binding power, loosest first (index + 1 = power). The ternary is below all. */
const LEVELS = /* @__PURE__ */ ['??', '||', '&&', '== != === !==', '< <= > >=', '+ -', '* / %'].map((l) => l.split(' '));
const UNARY = 8;
/** Hard limit on tokens per expression, keeps recursion (parse, run, paths) shallow. */
const MAX_TOKENS = 1000;
const LITERALS: Record<string, unknown> = { true: true, false: false, null: null };

/**
 * Parses one expression of `src` starting at `start`. With `close` (templates: '}')
 * the expression must be followed by that token; otherwise by the end of input.
 * Returns the AST and the index just after the expression (after `close`).
 * Throws an ExprError on any syntax error.
 */
export function parse(src: string, start: number, fns: Registry, close?: string): { node: Node; end: number } {
  let tok: Token = lex(src, start);
  let budget = MAX_TOKENS;

  const next = (): Token => {
    if (--budget < 0) fail('expression too long', tok.i);
    const t = tok;
    tok = lex(src, t.e);
    return t;
  };
  const found = (): string => (tok.t === 'eof' ? 'end of input' : `"${src.slice(tok.i, tok.e)}"`);
  const is = (op: string): boolean => tok.t === 'op' && tok.v === op;
  const expect = (op: string): void => {
    if (!is(op)) fail(`expected "${op}" but found ${found()}`, tok.i);
    next();
  };

  function prefix(): Node {
    const t = tok;
    if (t.t === 'num' || t.t === 'str') {
      next();
      return { k: 'lit', v: t.v };
    }
    if (t.t === 'id') {
      const n = t.v as string;
      next();
      if (Object.hasOwn(LITERALS, n)) return { k: 'lit', v: LITERALS[n] };
      if (/^(new|function|typeof|delete|void)$/.test(n)) fail(`"${n}" is not supported`, t.i);
      if (!is('(')) return { k: 'id', n };
      if (!Object.hasOwn(fns, n)) fail(`unknown function "${n}" (allowed: ${Object.keys(fns).join(', ')})`, t.i);
      next();
      const args: Node[] = [];
      if (!is(')')) {
        args.push(expr(0));
        while (is(',')) {
          next();
          args.push(expr(0));
        }
      }
      expect(')');
      return { k: 'call', n, args };
    }
    if (is('(')) {
      next();
      const e = expr(0);
      expect(')');
      return e;
    }
    if (is('!') || is('-')) {
      next();
      return { k: 'un', op: t.v as string, a: expr(UNARY) };
    }
    return fail(`expected an expression but found ${found()}`, t.i);
  }

  function expr(min: number): Node {
    let left = prefix();
    for (;;) {
      const t = tok;
      if (t.t !== 'op') return left;
      const op = t.v as string;
      if (op === '.') {
        next();
        const name = tok;
        if (name.t !== 'id') fail(`expected a property name after "." but found ${found()}`, name.i);
        next();
        left = { k: 'get', o: left, p: { k: 'lit', v: name.v } };
      } else if (op === '[') {
        next();
        const p = expr(0);
        expect(']');
        left = { k: 'get', o: left, p };
      } else if (op === '(') {
        fail('only named functions can be called', t.i);
      } else if (op === '?') {
        if (min > 0) return left;
        next();
        const a = expr(0);
        expect(':');
        left = { k: 'if', c: left, a, b: expr(0) };
      } else {
        const bp = LEVELS.findIndex((l) => l.includes(op)) + 1;
        if (!bp || bp <= min) return left;
        next();
        left = { k: 'bin', op, a: left, b: expr(bp) };
      }
    }
  }

  const node = expr(0);
  // The closing token is checked but not consumed: the template text after it is not lexed.
  if (close ? !is(close) : tok.t !== 'eof') {
    fail(`expected an operator or ${close ? `"${close}"` : 'end of input'} but found ${found()}`, tok.i);
  }
  return { node, end: tok.e };
}

/**
 * Root-based dotted paths an AST reads: `a.b[0]` → 'a.b.0'; a dynamic index stops
 * at the prefix (`a.list[i].x` → 'a.list', plus 'i'). Function names are not paths.
 */
export function collectPaths(node: Node, out: Set<string>): Set<string> {
  const chain = (n: Node): string | undefined => {
    if (n.k === 'id') return n.n;
    if (n.k !== 'get') {
      collectPaths(n, out);
      return undefined;
    }
    const base = chain(n.o);
    const key = n.p.k === 'lit' ? n.p.v : undefined;
    if (typeof key === 'string' || typeof key === 'number') return base === undefined ? base : `${base}.${key}`;
    collectPaths(n.p, out);
    if (base !== undefined) out.add(base);
    return undefined;
  };
  if (node.k === 'id' || node.k === 'get') {
    const p = chain(node);
    if (p !== undefined) out.add(p);
  } else {
    // Children of un/bin/if/call; literal values are primitives, so every object here is a Node.
    for (const c of Object.values(node).flat()) if (c && typeof c === 'object') collectPaths(c as Node, out);
  }
  return out;
}
