import fs from 'node:fs';
import path from 'node:path';
import { allEndpoints } from '../../contract';
import { crossFileProblems, semanticProblems, type CheckContext } from '../../runtime/config-check/semantic';
import type { Problem } from '../../runtime/config-check/problems';
import type { PageConfig } from '../../runtime/page-config.gen';
import { SchemaValidator } from './schema-validator';

export interface CheckedFile {
  file: string;
  config: PageConfig | null;
  problems: Problem[];
}

/** Checks page configs: JSON syntax, JSON Schema (page and block props), then the checks a schema cannot do. */
export class ConfigChecker {
  readonly validator: SchemaValidator;
  private readonly ctx: CheckContext;

  constructor(schemasDir: string) {
    this.validator = new SchemaValidator(schemasDir);
    this.ctx = {
      blockTypes: this.validator.blockTypes,
      endpointIds: new Set(allEndpoints.map((e) => e.id)),
      checkBlockProps: (type, props) => this.validator.validateBlockProps(type, props).map((p) => [p.path, p.reason]),
    };
  }

  checkText(file: string, text: string): CheckedFile {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      return { file, config: null, problems: [{ file, path: '', reason: `不是合法的 JSON：${(e as Error).message}` }] };
    }
    const schema = this.validator.validatePage(json).map((p) => ({ file, ...p }));
    if (schema.length) return { file, config: null, problems: schema };
    const config = json as PageConfig;
    const problems = semanticProblems(file, config, this.ctx);
    return { file, config: problems.length ? null : config, problems };
  }

  checkFile(root: string, abs: string): CheckedFile {
    const file = path.relative(path.dirname(root), abs);
    return this.checkText(file, fs.readFileSync(abs, 'utf8'));
  }

  /** Every *.json under `root`, plus duplicate names and paths across files. */
  checkAll(root: string): CheckedFile[] {
    const files = listConfigFiles(root).map((abs) => this.checkFile(root, abs));
    const good = files.filter((f): f is CheckedFile & { config: PageConfig } => f.config !== null);
    const cross = crossFileProblems(good.map((f) => ({ file: f.file, config: f.config })));
    for (const p of cross) {
      const f = files.find((x) => x.file === p.file);
      if (f) {
        f.problems.push(p);
        f.config = null;
      }
    }
    return files;
  }
}

export function listConfigFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    const abs = path.join(root, entry.name);
    if (entry.isDirectory()) out.push(...listConfigFiles(abs));
    else if (entry.isFile() && entry.name.endsWith('.json')) out.push(abs);
  }
  return out.sort();
}
