import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileExpression, compileTemplate, formatters, type Scope } from '../../../src/runtime/expr';

const ROOTS = ['a', 'b', 'data', 'route', 'item', 'missing', '__proto__', 'constructor'];
const KEYS = ['x', 'length', 'name', 'list', '0', '__proto__', 'constructor', 'prototype', 'toString'];
const BINARY = ['+', '-', '*', '/', '%', '<', '<=', '>', '>=', '==', '!=', '===', '!==', '&&', '||', '??'];

/** JSON-ish scopes, plus odd host values (null prototypes, bigint, Map, boxed values, sparse arrays…). */
const value = fc.oneof(
  fc.jsonValue(),
  fc.anything({
    withNullPrototype: true,
    withBigInt: true,
    withBoxedValues: true,
    withMap: true,
    withSet: true,
    withDate: true,
    withSparseArray: true,
    withTypedArray: true,
    withObjectString: true,
  }),
);
const scope: fc.Arbitrary<Scope> = fc.dictionary(fc.constantFrom(...ROOTS), value) as fc.Arbitrary<Scope>;

/** Well-formed expressions of the grammar. */
const { expr } = fc.letrec<{ expr: string; atom: string; path: string }>((tie) => ({
  atom: fc.oneof(
    fc.integer().map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: 0 }).map(String),
    fc.string().map((s) => JSON.stringify(s)),
    fc.string().map((s) => `'${s.replace(/[\\']/g, '\\$&')}'`),
    fc.constantFrom('true', 'false', 'null'),
    tie('path'),
  ),
  path: fc
    .tuple(
      fc.constantFrom(...ROOTS),
      fc.array(
        fc.oneof(
          fc.constantFrom(...KEYS.filter((k) => /^[a-z_]/i.test(k))).map((k) => `.${k}`),
          fc.constantFrom(...KEYS).map((k) => `['${k}']`),
          fc.nat(3).map((n) => `[${n}]`),
          fc.constant(null).chain(() => tie('expr').map((e) => `[${e}]`)),
        ),
        { maxLength: 4 },
      ),
    )
    .map(([root, rest]) => root + rest.join('')),
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('atom'),
    fc.tuple(fc.constantFrom('!', '-'), tie('expr')).map(([op, e]) => `${op}${e}`),
    fc.tuple(tie('expr'), fc.constantFrom(...BINARY), tie('expr')).map(([l, op, r]) => `${l} ${op} ${r}`),
    fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([c, x, y]) => `${c} ? ${x} : ${y}`),
    tie('expr').map((e) => `(${e})`),
    fc
      .tuple(fc.constantFrom(...Object.keys(formatters)), fc.array(tie('expr'), { maxLength: 3 }))
      .map(([f, args]) => `${f}(${args.join(', ')})`),
  ),
})) as unknown as { expr: fc.Arbitrary<string> };

/** Near-miss inputs: grammar fragments in random order. */
const fragments = fc
  .array(
    fc.constantFrom(
      'a',
      'b.c',
      '.',
      '(',
      ')',
      '[',
      ']',
      '?',
      ':',
      "'",
      '"',
      '\\',
      'money',
      'foo',
      ',',
      '1',
      '2.5',
      '&&',
      '||',
      '??',
      '!',
      '-',
      '+',
      '==',
      '=',
      ' ',
      '${',
      '$${',
      '}',
      '$',
      '`',
      'new',
      '题',
      '\n',
    ),
    { maxLength: 20 },
  )
  .map((parts) => parts.join(''));

function assertCompiles(src: string, compile: (s: string) => ReturnType<typeof compileExpression>): void {
  const r = compile(src);
  if (r.ok) return;
  expect(typeof r.error.message).toBe('string');
  expect(r.error.message.length).toBeGreaterThan(0);
  expect(r.error.index).toBeGreaterThanOrEqual(0);
  expect(r.error.index).toBeLessThanOrEqual(src.length);
}

describe('properties', () => {
  it('well-formed expressions compile, and running them never throws', () => {
    fc.assert(
      fc.property(expr, scope, (src, s) => {
        const r = compileExpression(src);
        if (!r.ok) throw new Error(`${src}: ${r.error.message}`);
        r.run(s);
        const t = compileTemplate(`<\${${src}}>`);
        if (!t.ok) throw new Error(`template of ${src}: ${t.error.message}`);
        expect(typeof t.run(s)).toBe('string');
      }),
      { numRuns: 2000 },
    );
  });

  it('compileExpression and compileTemplate never throw on random strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fragments), (src) => {
        assertCompiles(src, compileExpression);
        assertCompiles(src, compileTemplate);
        const r = compileTemplate(src);
        if (r.ok) r.run({ a: { x: 1 }, b: { c: [1] } });
      }),
      { numRuns: 3000 },
    );
  });
});

describe('CSP safety', () => {
  it('the module source uses neither eval nor new Function', () => {
    const dir = join(import.meta.dirname, '../../../src/runtime/expr');
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8');
      expect(text, f).not.toMatch(/\beval\s*\(/);
      expect(text, f).not.toMatch(/new\s+Function\b/);
      expect(text, f).not.toMatch(/\bFunction\s*\(/);
    }
  });
});
