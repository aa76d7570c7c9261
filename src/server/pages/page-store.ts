import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RouteEntry } from '../../contract/pages';
import { formatProblem, type Problem } from '../../runtime/config-check/problems';
import type { PageConfig } from '../../runtime/page-config.gen';
import { ConfigChecker, listConfigFiles } from './check-configs';

interface Entry {
  file: string;
  config: PageConfig;
}

/**
 * The page configs the server serves, fragments expanded. Files are checked at start and again whenever they
 * change (fs watch in development, SIGHUP or `reload()` anywhere; a changed fragment re-checks the pages using it):
 * a broken file is refused with `file: JSON path: reason` in the log and the last good version of that page keeps
 * serving. `refusals()` tells what the last reload refused.
 */
export class PageStore {
  private readonly byFile = new Map<string, Entry>();
  private readonly checker: ConfigChecker;
  private watcher: fs.FSWatcher | null = null;
  private manifestCache: { version: string; routes: RouteEntry[] } | null = null;
  private byName: Map<string, PageConfig> | null = null;
  private refused: readonly Problem[] = [];

  constructor(
    private readonly root: string,
    schemasDir: string,
    private readonly log: (line: string) => void,
    private readonly production = false,
  ) {
    this.checker = new ConfigChecker(schemasDir);
  }

  /** Re-reads every file; good files replace their last version, broken ones keep it. */
  reload(): string[] {
    const results = this.checker.checkAll(this.root);
    const present = new Set(results.map((r) => r.file));
    for (const r of results) {
      if (r.config && !(this.production && r.config.meta.devOnly)) this.byFile.set(r.file, { file: r.file, config: r.config });
    }
    this.refused = results.flatMap((r) => r.problems);
    const errors = this.refused.map(formatProblem);
    for (const file of [...this.byFile.keys()]) if (!present.has(file)) this.byFile.delete(file);
    this.manifestCache = null;
    this.byName = null;
    for (const line of errors) this.log(`页面配置被拒绝 ${line}`);
    return errors;
  }

  /** The problems of every file the last reload refused (pages and fragments); [] when all were good. */
  refusals(): readonly Problem[] {
    return this.refused;
  }

  watch(): void {
    if (this.watcher || !fs.existsSync(this.root)) return;
    let timer: NodeJS.Timeout | null = null;
    this.watcher = fs.watch(this.root, { recursive: true }, () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => this.reload(), 80);
    });
  }

  close(): void {
    this.watcher?.close();
    this.watcher = null;
  }

  get(name: string): PageConfig | undefined {
    if (!this.byName) this.byName = new Map([...this.byFile.values()].map((e) => [e.config.name, e.config]));
    return this.byName.get(name);
  }

  manifest(): { version: string; routes: RouteEntry[] } {
    if (this.manifestCache) return this.manifestCache;
    const routes = [...this.byFile.values()]
      .map(({ config: c }) => ({ name: c.name, path: c.path, aliases: c.aliases ?? [], meta: c.meta }))
      .sort((a, b) => a.path.localeCompare(b.path));
    const version = crypto
      .createHash('sha1')
      .update(JSON.stringify([...this.byFile.values()].map((e) => e.config)))
      .digest('hex')
      .slice(0, 12);
    this.manifestCache = { version, routes };
    return this.manifestCache;
  }

  static filesIn(root: string): string[] {
    return listConfigFiles(root).map((f) => path.relative(path.dirname(root), f));
  }
}
