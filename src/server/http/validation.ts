import type * as z from 'zod/mini';
import { badInput } from './errors';

const TYPE_NAMES: Record<string, string> = {
  number: '数字',
  string: '字符串',
  object: '对象',
  array: '数组',
  boolean: '布尔值',
  int: '整数',
};

function isMissing(raw: unknown, path: PropertyKey[]): boolean {
  let cur: unknown = raw;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return true;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur === undefined || cur === '';
}

/** One Chinese sentence naming the field and the rule it broke. */
export function describeIssue(issue: z.core.$ZodIssue, raw: unknown): string {
  const field = issue.path.map(String).join('.') || '请求参数';
  if (issue.code === 'invalid_type') {
    if (issue.path.length > 0 && isMissing(raw, issue.path)) return `缺少参数 ${field}`;
    const custom = issue.message && !/^Invalid input/.test(issue.message) ? issue.message : undefined;
    return `参数 ${field} ${custom ?? `须为${TYPE_NAMES[issue.expected] ?? issue.expected}`}`;
  }
  if (issue.code === 'unrecognized_keys') return `不认识的参数 ${issue.keys.join(', ')}`;
  return `参数 ${field} ${issue.message}`;
}

/** Path of the first string in `value` that holds a NUL character (PostgreSQL text cannot store one), if any. */
function nulPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 8 || value === null || typeof value !== 'object') return undefined;
  for (const [k, v] of Object.entries(value)) {
    const found = nulPath(v, path ? `${path}.${k}` : k, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Parse input against an endpoint's schema or throw a 400 naming the first bad field. */
export function parseInput<S extends z.ZodMiniType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw ?? {});
  if (result.success) {
    // Refused for every endpoint alike: PostgreSQL text cannot hold a NUL (the statement would fail: a 500).
    const nul = nulPath(result.data, '');
    if (nul !== undefined) throw badInput(`参数 ${nul || '请求参数'} 不能包含空字符（\\u0000）`);
    return result.data;
  }
  const first = result.error.issues[0];
  throw badInput(first ? describeIssue(first, raw) : '请求参数不正确');
}
