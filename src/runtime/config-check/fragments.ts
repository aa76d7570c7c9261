import type { FragmentProps, PageConfig } from '../page-config.gen';
import { type Problem, pointer } from './problems';
import type { PageFile } from './semantic';

/** The pseudo block type of a fragment use. */
export const FRAGMENT_TYPE = 'fragment';
/** Folder of pages-config/ holding the fragments (not pages). */
export const FRAGMENTS_DIR = '_fragments';

export interface FragmentParam {
  description?: string;
  /** Used when a page gives no value; a param without a default is required. */
  default?: string;
}

/** A fragment file (pages-config/_fragments/<name>.json) that passed its checks. */
export interface Fragment {
  name: string;
  file: string;
  params: Record<string, FragmentParam>;
  blocks: unknown[];
}

/** Fragments by name; null marks a fragment file that exists but was refused. */
export type FragmentTable = ReadonlyMap<string, Fragment | null>;

/** Checks the blocks of one use once expanded; paths are JSON pointers from the expanded list (e.g. /0/props/text). */
export type ExpandedCheck = (blocks: unknown[]) => { path: string; reason: string }[];

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

interface Use {
  type: typeof FRAGMENT_TYPE;
  id?: unknown;
  visibleOn?: string;
  children?: unknown;
  props: FragmentProps;
}

function isUse(v: unknown): v is Use {
  return !!v && typeof v === 'object' && (v as { type?: unknown }).type === FRAGMENT_TYPE;
}

function walkStrings(value: unknown, at: (string | number)[], visit: (s: string, at: (string | number)[]) => void): void {
  if (typeof value === 'string') visit(value, at);
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) walkStrings(v, [...at, i], visit);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walkStrings(v, [...at, k], visit);
}

/** Checks of a fragment file beyond its schema: it uses no other fragment, and every {{param}} is declared. */
export function fragmentFileProblems(file: string, fragment: { params?: Record<string, FragmentParam>; blocks: unknown[] }): Problem[] {
  const out: Problem[] = [];
  const declared = new Set(Object.keys(fragment.params ?? {}));
  const visitBlocks = (value: unknown, at: (string | number)[]): void => {
    if (isUse(value)) out.push({ file, path: pointer([...at, 'type']), reason: '片段中不能再引用片段' });
    if (Array.isArray(value)) for (const [i, v] of value.entries()) visitBlocks(v, [...at, i]);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visitBlocks(v, [...at, k]);
  };
  visitBlocks(fragment.blocks, ['blocks']);
  walkStrings(fragment.blocks, ['blocks'], (s, at) => {
    for (const m of s.matchAll(PLACEHOLDER)) {
      if (!declared.has(m[1] as string)) out.push({ file, path: pointer(at), reason: `未声明的片段参数 "${m[1]}"（须在 params 中声明）` });
    }
  });
  return out;
}

function substitute(value: unknown, values: Record<string, string>): unknown {
  if (typeof value === 'string') return value.replace(PLACEHOLDER, (_m, name: string) => values[name] ?? '');
  if (Array.isArray(value)) return value.map((v) => substitute(v, values));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, values)]));
  return value;
}

/** The blocks one use stands for, or the problems that refuse it. */
function expandUse(
  file: string,
  use: Use,
  at: (string | number)[],
  fragments: FragmentTable,
  check: ExpandedCheck,
): { blocks: unknown[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const name = use.props.name;
  const here = (...more: (string | number)[]) => pointer([...at, ...more]);
  if (use.id !== undefined) problems.push({ file, path: here('id'), reason: '片段引用不能有 id（请写在片段的区块上）' });
  if (use.children !== undefined) problems.push({ file, path: here('children'), reason: '片段引用不能有 children' });
  const fragment = fragments.get(name);
  if (fragment === undefined)
    problems.push({
      file,
      path: here('props', 'name'),
      reason: `片段 "${name}" 不存在（应为 pages-config/${FRAGMENTS_DIR}/${name}.json）`,
    });
  if (fragment === null)
    problems.push({
      file,
      path: here('props', 'name'),
      reason: `片段 "${name}" 有错误，未被采用（见 ${FRAGMENTS_DIR}/${name}.json 的报错）`,
    });
  if (!fragment) return { blocks: [], problems };

  const given = use.props.params ?? {};
  const values: Record<string, string> = {};
  for (const [param, decl] of Object.entries(fragment.params)) {
    const value = given[param] ?? decl.default;
    if (value === undefined) problems.push({ file, path: here('props', 'params'), reason: `缺少片段 "${name}" 的参数 "${param}"` });
    else values[param] = value;
  }
  for (const param of Object.keys(given)) {
    if (!(param in fragment.params))
      problems.push({ file, path: here('props', 'params', param), reason: `片段 "${name}" 没有参数 "${param}"` });
  }
  if (problems.length) return { blocks: [], problems };

  const blocks = fragment.blocks.map((b) => {
    const block = substitute(b, values) as Record<string, unknown>;
    if (!use.visibleOn) return block;
    const own = typeof block.visibleOn === 'string' ? block.visibleOn : '';
    return { ...block, visibleOn: own ? `(${use.visibleOn}) && (${own})` : use.visibleOn };
  });
  for (const p of check(blocks)) problems.push({ file, path: here(), reason: `片段 "${name}" 展开后 ${p.path}：${p.reason}` });
  return { blocks: problems.length ? [] : blocks, problems };
}

/**
 * Replaces every fragment use in the page's block tree (block lists, children, block lists inside props) by the
 * fragment's blocks with the page's params filled in. Problems name the use: `file: /blocks/2/props/name: reason`.
 */
export function expandFragments(
  file: string,
  page: PageFile,
  fragments: FragmentTable,
  check: ExpandedCheck,
): { config: PageConfig; problems: Problem[] } {
  const problems: Problem[] = [];
  const expand = (value: unknown, at: (string | number)[]): unknown => {
    if (Array.isArray(value)) {
      return value.flatMap((v, i) => {
        if (!isUse(v)) return [expand(v, [...at, i])];
        const r = expandUse(file, v, [...at, i], fragments, check);
        problems.push(...r.problems);
        return r.blocks;
      });
    }
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expand(v, [...at, k])]));
    return value;
  };
  const blocks = expand(page.blocks, ['blocks']);
  return { config: { ...page, blocks } as PageConfig, problems };
}
