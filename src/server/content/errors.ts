import path from 'node:path';
import type { z } from 'zod';

/** A content file that cannot be used: the message names the file, the field (JSON path) and the reason. */
export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${file}: ${field ? `${field}: ` : ''}${reason}`);
    this.name = 'ContentError';
  }
}

/** The file as an operator would name it: relative to the working directory (e.g. `content/demo/faq/kaoyan.json`). */
export function displayPath(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel.split(path.sep).join('/');
}

/** `items[3].answer` for the path `['items', 3, 'answer']`. */
export function jsonPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else out += out ? `.${String(s)}` : String(s);
  }
  return out;
}

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  number: '数字',
  int: '整数',
  boolean: 'true 或 false',
  array: '数组',
  object: '对象',
};

/** One zod issue in the operator's words. */
export function reasonOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? '缺少此项' : `应为${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'unrecognized_keys':
      return `未知字段：${issue.keys.join('、')}`;
    case 'invalid_value':
      return `只能是 ${issue.values.map((v) => JSON.stringify(v)).join('、')} 之一`;
    default:
      return issue.message;
  }
}

/** Throws a ContentError for the first issue of a failed parse. */
export function throwFirstIssue(file: string, error: z.ZodError, prefix: readonly PropertyKey[] = []): never {
  const issue = error.issues[0];
  if (!issue) throw new ContentError(file, jsonPath(prefix), '内容无效');
  const keys = issue.code === 'unrecognized_keys' ? [] : issue.path;
  throw new ContentError(file, jsonPath([...prefix, ...keys]), reasonOf(issue));
}
