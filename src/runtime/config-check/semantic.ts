import { checkTemplate, compileExpression } from '../expr';
import type { PageConfig } from '../page-config.gen';
import { type Problem, pointer } from './problems';

/** What the checks need to know beyond the config (block types and props are the schema's job). */
export interface CheckContext {
  /** Contract endpoint ids. */
  endpointIds: ReadonlySet<string>;
}

/** A page as written in its file: its block lists may still hold fragment uses. */
export type PageFile = Omit<PageConfig, 'blocks'> & { blocks: unknown[] };

const EXPRESSION_KEYS = new Set(['visibleOn', 'when']);

/** Every string in the config: `${…}` templates must compile; visibleOn/when are bare expressions. */
function checkExpressions(file: string, value: unknown, at: (string | number)[], out: Problem[]): void {
  if (typeof value === 'string') {
    const key = at[at.length - 1];
    if (typeof key === 'string' && EXPRESSION_KEYS.has(key)) {
      const r = compileExpression(value);
      if (!r.ok) out.push({ file, path: pointer(at), reason: `表达式错误（第 ${r.error.index + 1} 个字符）：${r.error.message}` });
      return;
    }
    if (value.includes('${')) {
      const err = checkTemplate(value);
      if (err) out.push({ file, path: pointer(at), reason: `表达式错误（第 ${err.index + 1} 个字符）：${err.message}` });
    }
    return;
  }
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) checkExpressions(file, v, [...at, i], out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) checkExpressions(file, v, [...at, k], out);
  }
}

/** Endpoint ids used by data sources and by `call` actions anywhere in the tree. */
function checkEndpoints(file: string, value: unknown, at: (string | number)[], ctx: CheckContext, out: Problem[]): void {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) checkEndpoints(file, v, [...at, i], ctx, out);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const o = value as Record<string, unknown>;
  const isCall = o.action === 'call';
  const isSource = at.length === 2 && at[0] === 'data';
  if ((isCall || isSource) && typeof o.endpoint === 'string' && !ctx.endpointIds.has(o.endpoint)) {
    out.push({ file, path: pointer([...at, 'endpoint']), reason: `未知接口 "${o.endpoint}"（须为 src/contract 中声明的接口 id）` });
  }
  for (const [k, v] of Object.entries(o)) checkEndpoints(file, v, [...at, k], ctx, out);
}

/** Endpoint ids and expressions in a block list (a page's, or a fragment's as one use expands it). */
export function blockListProblems(file: string, blocks: unknown, at: (string | number)[], ctx: CheckContext): Problem[] {
  const out: Problem[] = [];
  checkEndpoints(file, blocks, at, ctx, out);
  checkExpressions(file, blocks, at, out);
  return out;
}

/** The checks a JSON Schema cannot do, for one config that already passed the schema. */
export function semanticProblems(file: string, config: PageFile, ctx: CheckContext): Problem[] {
  const out: Problem[] = [];
  checkEndpoints(file, config.data ?? {}, ['data'], ctx, out);
  checkEndpoints(file, config.blocks, ['blocks'], ctx, out);
  checkExpressions(file, config, [], out);
  const params = [...config.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)\??/g)].map((m) => m[1]);
  if (new Set(params).size !== params.length) out.push({ file, path: '/path', reason: '路由参数重名' });
  return out;
}

/** Duplicate names and paths across all configs. */
export function crossFileProblems(configs: readonly { file: string; config: Pick<PageConfig, 'name' | 'path' | 'aliases'> }[]): Problem[] {
  const out: Problem[] = [];
  const names = new Map<string, string>();
  const paths = new Map<string, string>();
  for (const { file, config } of configs) {
    const prevName = names.get(config.name);
    if (prevName) out.push({ file, path: '/name', reason: `路由名 "${config.name}" 与 ${prevName} 重复` });
    else names.set(config.name, file);
    [config.path, ...(config.aliases ?? [])].forEach((p, i) => {
      const norm = p.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, ':');
      const prev = paths.get(norm);
      const where = i === 0 ? '/path' : `/aliases/${i - 1}`;
      if (prev) out.push({ file, path: where, reason: `路由路径 "${p}" 与 ${prev} 重复` });
      else paths.set(norm, file);
    });
  }
  return out;
}
