import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { allEndpoints } from '../../../contract';
import {
  expandFragments,
  FRAGMENTS_DIR,
  type Fragment,
  type FragmentTable,
  fragmentFileProblems,
} from '../../../runtime/config-check/fragments';
import type { Problem } from '../../../runtime/config-check/problems';
import { blockListProblems, type CheckContext, type PageFile, semanticProblems } from '../../../runtime/config-check/semantic';
import type { PageConfig } from '../../../runtime/page-config.gen';
import { SchemaValidator } from './schema-validator';

export interface CheckedFile {
  file: string;
  kind: 'page' | 'fragment';
  /** The page with its fragments expanded (what is served), or null when refused (and for fragment files). */
  config: PageConfig | null;
  problems: Problem[];
  /** The route path the file declares (its `path` field when it has one), to name it in logs even when refused. */
  route: string | null;
  /** SHA-1 of the file's text: a refusal is logged once per content, not on every reload. */
  hash: string;
  /** Modification time (0 for text not read from a file): of two files claiming one route, the older keeps it. */
  mtimeMs: number;
}

/** Route names and paths a page claims; at most one page may hold each. */
type Claims = Pick<PageConfig, 'name' | 'path' | 'aliases'>;

const NO_FRAGMENTS: FragmentTable = new Map();

function parseJson(file: string, text: string): { json: unknown } | { problem: Problem } {
  try {
    return { json: JSON.parse(text) as unknown };
  } catch (e) {
    return { problem: { file, path: '', reason: `不是合法的 JSON：${(e as Error).message}` } };
  }
}

/**
 * Checks page configs: JSON syntax, JSON Schema (page, block props, actions), the checks a schema cannot do,
 * then expands fragment uses (pages-config/_fragments/) and checks what each use expands to.
 */
export class ConfigChecker {
  readonly validator: SchemaValidator;
  private readonly ctx: CheckContext;

  constructor(schemasDir: string) {
    this.validator = new SchemaValidator(schemasDir);
    this.ctx = { endpointIds: new Set(allEndpoints.map((e) => e.id)) };
  }

  checkText(file: string, text: string, fragments: FragmentTable = NO_FRAGMENTS, mtimeMs = 0): CheckedFile {
    const base = { file, kind: 'page' as const, hash: sha1(text), mtimeMs, route: null as string | null };
    const parsed = parseJson(file, text);
    if ('problem' in parsed) return { ...base, config: null, problems: [parsed.problem] };
    const declared = (parsed.json as { path?: unknown } | null)?.path;
    base.route = typeof declared === 'string' ? declared : null;
    const schema = this.validator.validatePage(parsed.json).map((p) => ({ file, ...p }));
    if (schema.length) return { ...base, config: null, problems: schema };
    const page = parsed.json as PageFile;
    const problems = semanticProblems(file, page, this.ctx);
    const expanded = expandFragments(file, page, fragments, (blocks) => [
      ...this.validator.validateBlocks(blocks),
      ...blockListProblems(file, blocks, [], this.ctx),
    ]);
    problems.push(...expanded.problems);
    return { ...base, config: problems.length ? null : expanded.config, problems };
  }

  checkFile(root: string, abs: string, fragments: FragmentTable = NO_FRAGMENTS): CheckedFile {
    const text = fs.readFileSync(abs, 'utf8');
    return this.checkText(displayName(root, abs), text, fragments, mtimeOf(abs));
  }

  /** The fragment files of `root`/_fragments: usable ones by name (null when refused), and each file's problems. */
  loadFragments(root: string): { table: FragmentTable; files: CheckedFile[] } {
    const table = new Map<string, Fragment | null>();
    const files: CheckedFile[] = [];
    const dir = path.join(root, FRAGMENTS_DIR);
    for (const abs of listJson(dir)) {
      const file = displayName(root, abs);
      const name = path.basename(abs, '.json');
      const text = fs.readFileSync(abs, 'utf8');
      const { problems, fragment } = this.checkFragment(file, name, text);
      files.push({ file, kind: 'fragment', config: null, problems, route: null, hash: sha1(text), mtimeMs: mtimeOf(abs) });
      table.set(name, fragment);
    }
    return { table, files };
  }

  private checkFragment(file: string, name: string, text: string): { problems: Problem[]; fragment: Fragment | null } {
    const parsed = parseJson(file, text);
    if ('problem' in parsed) return { problems: [parsed.problem], fragment: null };
    const schema = this.validator.validateFragment(parsed.json).map((p) => ({ file, ...p }));
    if (schema.length) return { problems: schema, fragment: null };
    const { params = {}, blocks } = parsed.json as Partial<Pick<Fragment, 'params'>> & Pick<Fragment, 'blocks'>;
    const problems = fragmentFileProblems(file, { params, blocks });
    return { problems, fragment: problems.length ? null : { name, file, params, blocks } };
  }

  /**
   * Every fragment and page under `root`, plus duplicate route names and paths across pages. `serving` is what a
   * running server serves now (file → config, including the last good version of a refused file): a file that
   * claims a name or path already served by another file is refused, never the file already serving it. Without
   * history (a start, `pages:check`) the older file by modification time keeps the route (then the first by file
   * name), so a copy keeps losing to its original.
   */
  checkAll(root: string, serving: ReadonlyMap<string, Claims> = new Map()): CheckedFile[] {
    const fragments = this.loadFragments(root);
    const files = listConfigFiles(root).map((abs) => this.checkFile(root, abs, fragments.table));
    refuseDuplicates(files, serving);
    return [...fragments.files, ...files];
  }
}

function claimKeys(c: Claims): Array<{ key: string; pointer: string; label: string; value: string }> {
  return [
    { key: `name ${c.name}`, pointer: '/name', label: '路由名', value: c.name },
    ...[c.path, ...(c.aliases ?? [])].map((p, i) => ({
      // `/a/:x` and `/a/:y` are one route.
      key: `path ${p.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, ':')}`,
      pointer: i === 0 ? '/path' : `/aliases/${i - 1}`,
      label: '路由路径',
      value: p,
    })),
  ];
}

/**
 * Gives each route name and path to one file and refuses the others (the newcomers), naming the holder.
 * Order of precedence: a refused file still serving its last good version (it cannot give its route up), a file
 * serving now, then the older file, then the file name.
 */
function refuseDuplicates(files: CheckedFile[], serving: ReadonlyMap<string, Claims>): void {
  const claimants = files.flatMap((f) => {
    if (f.config) return [{ f, claims: f.config as Claims, rank: serving.has(f.file) ? 1 : 2 }];
    const kept = serving.get(f.file);
    return kept ? [{ f, claims: kept, rank: 0 }] : [];
  });
  claimants.sort((a, b) => a.rank - b.rank || a.f.mtimeMs - b.f.mtimeMs || a.f.file.localeCompare(b.f.file));
  const holders = new Map<string, string>();
  for (const { f, claims, rank } of claimants) {
    const keys = claimKeys(claims);
    const taken = keys.filter((k) => holders.has(k.key));
    if (taken.length && rank > 0) {
      for (const k of taken) {
        const holder = holders.get(k.key);
        f.problems.push({
          file: f.file,
          path: k.pointer,
          reason: `${k.label} "${k.value}" 与 ${holder} 重复（该路由由 ${holder} 提供，本文件未生效）`,
        });
      }
      f.config = null;
      continue;
    }
    for (const k of keys) if (!holders.has(k.key)) holders.set(k.key, f.file);
  }
}

function sha1(text: string): string {
  return crypto.createHash('sha1').update(text).digest('hex');
}

function mtimeOf(abs: string): number {
  try {
    return fs.statSync(abs).mtimeMs;
  } catch {
    return 0;
  }
}

/** Files are named from the folder above `root`, e.g. pages-config/news/news-detail.json. */
function displayName(root: string, abs: string): string {
  return path.relative(path.dirname(root), abs);
}

function listJson(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => path.join(dir, e.name))
    .sort();
}

/**
 * The page files under `root`: every *.json except in folders whose name starts with _ (e.g. _fragments), and
 * except hidden files and folders (editors' temporary and lock files start with a dot).
 */
export function listConfigFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const abs = path.join(root, entry.name);
    if (entry.isDirectory() && !entry.name.startsWith('_')) out.push(...listConfigFiles(abs));
    else if (entry.isFile() && entry.name.endsWith('.json')) out.push(abs);
  }
  return out.sort();
}
