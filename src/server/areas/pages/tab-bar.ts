import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import type { TabBar } from '../../../contract/pages';
import { formatProblem, type Problem } from '../../../runtime/config-check/problems';

/** Where the tab bar is declared, below the pages folder (folders starting with _ hold no pages). */
export const TAB_BAR_FILE = path.join('_app', 'tab-bar.json');

export interface TabBarLogRecord {
  level: 'warn';
  msg: string;
  event: 'page-config-refused';
  file: string;
  route: null;
  pointer: string;
  reason: string;
}

/**
 * The bottom tab bar of `<pages>/_app/tab-bar.json`, checked against `schemas/tab-bar.schema.json`. Like a page: a
 * broken save is refused (logged once per content, with file, JSON pointer and reason) and the last good version
 * keeps serving; no file means no tab bar. `$schema` and `$comment` are not served.
 */
export class TabBarFile {
  private readonly validate: ValidateFunction;
  private good: TabBar | null = null;
  private problems: Problem[] = [];
  private loggedHash = '';

  constructor(
    private readonly root: string,
    schemasDir: string,
    private readonly log: (record: TabBarLogRecord) => void,
  ) {
    const schema = JSON.parse(fs.readFileSync(path.join(schemasDir, 'tab-bar.schema.json'), 'utf8')) as object;
    this.validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
  }

  /** Re-reads the file; returns its problems ([] when it is good or absent). */
  reload(): readonly Problem[] {
    const abs = path.join(this.root, TAB_BAR_FILE);
    const file = path.relative(path.dirname(this.root), abs);
    if (!fs.existsSync(abs)) {
      this.good = null;
      this.problems = [];
      return this.problems;
    }
    const text = fs.readFileSync(abs, 'utf8');
    const problems: Problem[] = [];
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      problems.push({ file, path: '', reason: `JSON 语法错误：${(e as Error).message}` });
    }
    if (!problems.length && !this.validate(json)) {
      for (const e of this.validate.errors ?? []) problems.push({ file, path: e.instancePath, reason: e.message ?? e.keyword });
    }
    if (!problems.length) {
      const { items } = json as TabBar;
      this.good = {
        items: items.map(({ key, text, icon, path: to, match }) => ({ key, text, icon, path: to, ...(match ? { match } : {}) })),
      };
    }
    this.problems = problems;
    const hash = crypto.createHash('sha1').update(text).digest('hex');
    if (problems.length && hash !== this.loggedHash) {
      for (const p of problems) {
        this.log({
          level: 'warn',
          event: 'page-config-refused',
          file,
          route: null,
          pointer: p.path || '/',
          reason: p.reason,
          msg: `页面配置被拒绝 ${formatProblem(p)}`,
        });
      }
    }
    this.loggedHash = problems.length ? hash : '';
    return this.problems;
  }

  /** The last good tab bar, or null when there is none. */
  current(): TabBar | null {
    return this.good;
  }

  refusals(): readonly Problem[] {
    return this.problems;
  }
}
