import fs from 'node:fs';
import path from 'node:path';
import { allEndpoints } from '../../contract';
import {
  expandFragments,
  FRAGMENTS_DIR,
  type Fragment,
  type FragmentTable,
  fragmentFileProblems,
} from '../../runtime/config-check/fragments';
import type { Problem } from '../../runtime/config-check/problems';
import {
  blockListProblems,
  type CheckContext,
  crossFileProblems,
  type PageFile,
  semanticProblems,
} from '../../runtime/config-check/semantic';
import type { PageConfig } from '../../runtime/page-config.gen';
import { SchemaValidator } from './schema-validator';

export interface CheckedFile {
  file: string;
  kind: 'page' | 'fragment';
  /** The page with its fragments expanded (what is served), or null when refused (and for fragment files). */
  config: PageConfig | null;
  problems: Problem[];
}

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

  checkText(file: string, text: string, fragments: FragmentTable = NO_FRAGMENTS): CheckedFile {
    const parsed = parseJson(file, text);
    if ('problem' in parsed) return { file, kind: 'page', config: null, problems: [parsed.problem] };
    const schema = this.validator.validatePage(parsed.json).map((p) => ({ file, ...p }));
    if (schema.length) return { file, kind: 'page', config: null, problems: schema };
    const page = parsed.json as PageFile;
    const problems = semanticProblems(file, page, this.ctx);
    const expanded = expandFragments(file, page, fragments, (blocks) => [
      ...this.validator.validateBlocks(blocks),
      ...blockListProblems(file, blocks, [], this.ctx),
    ]);
    problems.push(...expanded.problems);
    return { file, kind: 'page', config: problems.length ? null : expanded.config, problems };
  }

  checkFile(root: string, abs: string, fragments: FragmentTable = NO_FRAGMENTS): CheckedFile {
    return this.checkText(displayName(root, abs), fs.readFileSync(abs, 'utf8'), fragments);
  }

  /** The fragment files of `root`/_fragments: usable ones by name (null when refused), and each file's problems. */
  loadFragments(root: string): { table: FragmentTable; files: CheckedFile[] } {
    const table = new Map<string, Fragment | null>();
    const files: CheckedFile[] = [];
    const dir = path.join(root, FRAGMENTS_DIR);
    for (const abs of listJson(dir)) {
      const file = displayName(root, abs);
      const name = path.basename(abs, '.json');
      const { problems, fragment } = this.checkFragment(file, name, fs.readFileSync(abs, 'utf8'));
      files.push({ file, kind: 'fragment', config: null, problems });
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

  /** Every fragment and page under `root`, plus duplicate names and paths across pages. */
  checkAll(root: string): CheckedFile[] {
    const fragments = this.loadFragments(root);
    const files = listConfigFiles(root).map((abs) => this.checkFile(root, abs, fragments.table));
    const good = files.filter((f): f is CheckedFile & { config: PageConfig } => f.config !== null);
    const cross = crossFileProblems(good.map((f) => ({ file: f.file, config: f.config })));
    for (const p of cross) {
      const f = files.find((x) => x.file === p.file);
      if (f) {
        f.problems.push(p);
        f.config = null;
      }
    }
    return [...fragments.files, ...files];
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

/** The page files under `root`: every *.json except in folders whose name starts with _ (e.g. _fragments). */
export function listConfigFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    const abs = path.join(root, entry.name);
    if (entry.isDirectory() && !entry.name.startsWith('_')) out.push(...listConfigFiles(abs));
    else if (entry.isFile() && entry.name.endsWith('.json')) out.push(abs);
  }
  return out.sort();
}
