// Inputs for the contract fuzzer: valid ones generated from each endpoint's input schema (its JSON Schema, from
// z.toJSONSchema), and mutations of them (missing fields, wrong types, hostile values).
import fc from 'fast-check';
import * as z from 'zod/mini';
import type { AnyEndpoint } from '../../../src/contract/endpoint';

export type Json = { [key: string]: unknown };

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  return z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Json;
}

export interface InputShape {
  /** Property schemas as the client sends them (io: input). */
  properties: Record<string, Json>;
  required: string[];
  /** The same properties as parsed (io: output): a `pipe(string, enum)` shows its enum only here. */
  parsed: Record<string, Json>;
}

/** The input of an endpoint as JSON Schema; throws when it is not an object (the fuzzer cannot build one). */
export function inputShape(e: AnyEndpoint): InputShape {
  const input = jsonSchema(e.input, 'input');
  const output = jsonSchema(e.input, 'output');
  if (input.type !== 'object') throw new Error(`${e.id}: input schema is not an object`);
  return {
    properties: (input.properties ?? {}) as Record<string, Json>,
    required: (input.required ?? []) as string[],
    parsed: (output.properties ?? {}) as Record<string, Json>,
  };
}

const CJK = '备考考研数学政治英语天河路广州北京中文题库课程';
const cjkString = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...CJK), minLength: min, maxLength: max });

function numberBound(s: Json, key: 'minimum' | 'maximum', exclusive: 'exclusiveMinimum' | 'exclusiveMaximum', step: number) {
  if (typeof s[key] === 'number') return s[key] as number;
  if (typeof s[exclusive] === 'number') return (s[exclusive] as number) + step;
  return undefined;
}

/** An arbitrary of values the schema accepts (mostly: a `trim` or a refine the JSON Schema cannot say is checked later). */
export function valueArb(s: Json, parsed?: Json): fc.Arbitrary<unknown> {
  if (Array.isArray(parsed?.enum) && !Array.isArray(s.enum)) return fc.constantFrom(...(parsed.enum as unknown[]));
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if ('const' in s) return fc.constant(s.const);
  const alternatives = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((a) => valueArb(a)));
  switch (s.type) {
    case 'string': {
      const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
      const maxLength = typeof s.maxLength === 'number' ? s.maxLength : 40;
      if (typeof s.pattern === 'string') {
        const matching = fc.stringMatching(new RegExp(s.pattern));
        return typeof s.maxLength === 'number' ? matching.filter((v) => v.length >= minLength && v.length <= maxLength) : matching;
      }
      if (s.format === 'uri') return fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true });
      const max = Math.min(maxLength, minLength + 40);
      return fc.oneof(cjkString(minLength, max), fc.string({ minLength, maxLength: max }));
    }
    case 'integer':
    case 'number': {
      const int = s.type === 'integer';
      const min = Math.max(numberBound(s, 'minimum', 'exclusiveMinimum', int ? 1 : 1e-9) ?? -1e6, Number.MIN_SAFE_INTEGER);
      const max = Math.min(numberBound(s, 'maximum', 'exclusiveMaximum', int ? -1 : -1e-9) ?? 1e6, Number.MAX_SAFE_INTEGER);
      // Mostly small values: seeded ids and page sizes are small, so these find real rows.
      const small = fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 40) });
      if (!int) return fc.oneof(small, fc.double({ min, max, noNaN: true }));
      return fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: fc.integer({ min, max }) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueArb((s.items ?? {}) as Json), { maxLength: 5 });
    case 'object':
      return objectArb((s.properties ?? {}) as Record<string, Json>, (s.required ?? []) as string[]);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Values seen in the database and in earlier replies, by column or field name, so generated inputs also name real
 * rows (a news id that exists, a genus and a category that belong together, a page name, a document key).
 */
export interface ValuePool {
  values: Map<string, unknown[]>;
  /** Sample rows of each table, for fields that must agree (genus_id with category_id). */
  rows: Record<string, unknown>[][];
}

export const emptyPool = (): ValuePool => ({ values: new Map(), rows: [] });

const POOL_CAP = 40;

/** Adds the primitive values of `value` (an object, an array of them, nested) under their keys. */
export function harvest(pool: ValuePool, value: unknown, depth = 0): void {
  if (depth > 4 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 20)) harvest(pool, item, depth + 1);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'number' || (typeof v === 'string' && v.length <= 64)) {
      const list = pool.values.get(k) ?? [];
      if (list.length < POOL_CAP && !list.includes(v)) list.push(v);
      pool.values.set(k, list);
    } else harvest(pool, v, depth + 1);
  }
}

function fits(s: Json, v: unknown): boolean {
  if (s.type === 'integer') return Number.isInteger(v);
  if (s.type === 'number') return typeof v === 'number';
  if (s.type === 'string') return typeof v === 'string';
  return false;
}

function objectArb(properties: Record<string, Json>, required: string[], parsed: Record<string, Json> = {}, pool?: ValuePool) {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(properties)) {
    const generated = valueArb(v, parsed[k]);
    const known = (pool?.values.get(k) ?? []).filter((x) => fits(v, x));
    model[k] = known.length
      ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: generated })
      : generated;
  }
  return fc.record(model, { requiredKeys: required.filter((k) => k in model) });
}

/** Inputs the contract's schema describes (optional fields present or not), mixed with known values when a pool is given. */
export function validInputArb(shape: InputShape, pool?: ValuePool): fc.Arbitrary<Record<string, unknown>> {
  const base = objectArb(shape.properties, shape.required, shape.parsed, pool) as fc.Arbitrary<Record<string, unknown>>;
  // Reference fields that must agree come from one row of a table that has them all.
  const refs = Object.keys(shape.properties).filter((k) => k.endsWith('_id'));
  const rows = refs.length >= 2 ? (pool?.rows ?? []).flat().filter((r) => refs.every((k) => typeof r[k] === 'number')) : [];
  if (!rows.length) return base;
  return fc.tuple(base, fc.constantFrom(...rows.slice(0, 200)), fc.boolean()).map(([input, row, agree]) => {
    if (!agree) return input;
    const out = { ...input };
    for (const k of refs) if (k in out || shape.required.includes(k)) out[k] = row[k];
    return out;
  });
}

let deep: unknown = 1;
for (let i = 0; i < 60; i++) deep = { a: deep };

/** Values that break a field: wrong types, edges of numbers, long, odd and hostile strings. */
export const HOSTILE_VALUES: readonly unknown[] = [
  '',
  ' ',
  '\t\n',
  null,
  true,
  false,
  0,
  -1,
  -0.5,
  1.5,
  0.1,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '1e3',
  ' 12 ',
  '+1',
  '00012',
  '١٢٣',
  '１２',
  'x'.repeat(10 * 1024),
  '中'.repeat(3500),
  '😀👨‍👩‍👧',
  '\u202eevil',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\ufeff',
  '\ud800',
  'e\u0301',
  '\u2028\u2029',
  "' OR '1'='1",
  '1; DROP TABLE users;--',
  '1 OR 1=1',
  "' UNION SELECT * FROM users--",
  '%',
  '_',
  '\\',
  '"',
  "'",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  'javascript:alert(1)',
  [],
  [1],
  [1, 2],
  ['a', 'b'],
  {},
  { a: 1 },
  { id: 1 },
  [[[[1]]]],
  deep,
  { constructor: { prototype: { polluted: 1 } } },
];

const hostile = fc.constantFrom(...HOSTILE_VALUES);

export type Mutation =
  | { kind: 'drop'; key: string }
  | { kind: 'set'; key: string; value: unknown }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'blank' };

/** One change that likely breaks a valid input. */
export function mutationArb(shape: InputShape): fc.Arbitrary<Mutation> {
  const keys = Object.keys(shape.properties);
  const options: fc.Arbitrary<Mutation>[] = [
    fc.record({
      kind: fc.constant('extra' as const),
      key: fc.constantFrom('__extra', 'sign2', 'constructor', 'toString', '0'),
      value: hostile,
    }),
    fc.constant({ kind: 'blank' as const }),
  ];
  if (keys.length) {
    options.push(fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...keys), value: hostile }));
    options.push(fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...keys), value: hostile }));
    options.push(fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...keys), value: hostile }));
  }
  if (shape.required.length) options.push(fc.record({ kind: fc.constant('drop' as const), key: fc.constantFrom(...shape.required) }));
  return fc.oneof(...options);
}

export function applyMutation(input: Record<string, unknown>, m: Mutation, shape: InputShape): Record<string, unknown> {
  const out = { ...input };
  if (m.kind === 'drop') delete out[m.key];
  else if (m.kind === 'set' || m.kind === 'extra')
    Object.defineProperty(out, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
  else for (const k of Object.keys(shape.properties)) out[k] = '';
  return out;
}

/** Bodies a POST may carry that are not a JSON object (malformed, or JSON of the wrong kind). */
export const MALFORMED_BODIES: readonly { text: string; contentType: string }[] = [
  { text: '', contentType: 'application/json' },
  { text: '{', contentType: 'application/json' },
  { text: '{"a":', contentType: 'application/json' },
  { text: "{'a':1}", contentType: 'application/json' },
  { text: '[]', contentType: 'application/json' },
  { text: '[1,2]', contentType: 'application/json' },
  { text: '"text"', contentType: 'application/json' },
  { text: '123', contentType: 'application/json' },
  { text: 'null', contentType: 'application/json' },
  { text: 'true', contentType: 'application/json' },
  { text: '{"__proto__":{"polluted":1}}', contentType: 'application/json' },
  { text: '{"constructor":{"prototype":{"polluted":1}}}', contentType: 'application/json' },
  { text: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' },
  { text: '\u0000\u0001', contentType: 'application/json' },
  { text: 'a=1&b=2', contentType: 'text/plain' },
  { text: '<xml/>', contentType: 'application/xml' },
  { text: '{"a":1}', contentType: 'multipart/form-data; boundary=x' },
  { text: '%%%=%', contentType: 'application/x-www-form-urlencoded' },
];

/** A string as URLSearchParams will send it (lone surrogates become U+FFFD), so signs agree. */
export function wellFormed(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function queryScalar(v: unknown): string {
  return wellFormed(typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
}

/**
 * The query a GET or DELETE sends for these params, as the server parses it: null and undefined are left out,
 * arrays become repeated keys (one element: a plain value), objects their JSON.
 */
export function toQuery(params: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) {
      const items = v.filter((x) => x !== undefined && x !== null).map(queryScalar);
      if (items.length === 1) out[k] = items[0] as string;
      else if (items.length > 1) out[k] = items;
      continue;
    }
    out[k] = queryScalar(v);
  }
  return out;
}
