import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RouteEntry, TabBar } from '../../../contract/pages';
import { formatProblem, type Problem } from '../../../runtime/config-check/problems';
import type { PageConfig } from '../../../runtime/page-config.gen';
import { ConfigChecker, listConfigFiles } from './check-configs';
import { withLiteralMarkdownHtml } from './literal-markdown';
import { TabBarFile } from './tab-bar';

interface Entry {
  file: string;
  config: PageConfig;
}

/** Why a reload ran: the start, the folder watcher, SIGHUP, or a direct call (tests, tools). */
export type ReloadCause = 'start' | 'watch' | 'signal' | 'call';

/**
 * One structured log record of the store (pino fields plus the message): `page-config-refused` (warn) once per
 * problem and file content, `page-config-loaded` (info) for each page that went live or changed,
 * `page-config-removed` (info) for a deleted page, and `page-configs-reloaded` (info) once per reload.
 */
export interface PageLogRecord {
  level: 'info' | 'warn';
  msg: string;
  event: 'page-config-refused' | 'page-config-loaded' | 'page-config-removed' | 'page-configs-reloaded';
  file?: string;
  /** The route path the file declares (or last served), null when the file has none (e.g. broken JSON). */
  route?: string | null;
  /** JSON pointer of the problem in the file ('/' for the whole file). */
  pointer?: string;
  reason?: string;
  cause?: ReloadCause;
  pages?: number;
  refused?: number;
}

/** How long the watcher waits after the last change event before re-reading (editors save in several steps). */
export const WATCH_DEBOUNCE_MS = 100;

/**
 * The page configs the server serves, fragments expanded. Files are checked at start and again whenever they
 * change (a watch on every folder of the tree when `watch()` is on, SIGHUP or `reload()` anywhere; a changed
 * fragment re-checks the pages using it): a broken file is refused, logged once per content with file, route,
 * JSON pointer and reason, and the last good version of that page keeps serving. A file whose route name or path
 * is already served by another file is refused the same way (see `ConfigChecker.checkAll`). `refusals()` tells
 * what the last reload refused.
 */
export class PageStore {
  private readonly byFile = new Map<string, Entry>();
  private readonly checker: ConfigChecker;
  /** One watcher per folder: a folder watch sees files replaced by rename (a watch on a file loses it). */
  private readonly watchers = new Map<string, fs.FSWatcher>();
  private watching = false;
  private timer: NodeJS.Timeout | null = null;
  private manifestCache: { version: string; routes: RouteEntry[]; tabBar?: TabBar } | null = null;
  /** pages-config/_app/tab-bar.json, sent with the manifest. */
  private readonly tabBar: TabBarFile;
  private byName: Map<string, PageConfig> | null = null;
  private refused: readonly Problem[] = [];
  /** Refusals already logged (file, content, pointer, reason): the same unchanged problem is not logged again. */
  private logged = new Set<string>();
  private loadedOnce = false;

  constructor(
    private readonly root: string,
    schemasDir: string,
    private readonly log: (record: PageLogRecord) => void,
    /** Hide `meta.devOnly` pages (dev tools are off: production, or a non-loopback server without DEV_TOOLS=1). */
    private readonly hideDevPages = false,
  ) {
    this.checker = new ConfigChecker(schemasDir);
    this.tabBar = new TabBarFile(root, schemasDir, log);
  }

  /** Re-reads every file; good files replace their last version, broken ones keep it. Returns the problems. */
  reload(cause: ReloadCause = 'call'): string[] {
    const serving = new Map([...this.byFile].map(([file, e]) => [file, e.config]));
    const results = this.checker.checkAll(this.root, serving);
    this.tabBar.reload();
    const present = new Set(results.map((r) => r.file));
    const first = !this.loadedOnce;
    this.loadedOnce = true;
    for (const r of results) {
      if (!r.config || (this.hideDevPages && r.config.meta.devOnly)) continue;
      const before = this.byFile.get(r.file);
      // Literal Markdown (an operator's written rules) also as HTML, rendered here once per version of the file.
      const config = withLiteralMarkdownHtml(r.config);
      this.byFile.set(r.file, { file: r.file, config });
      if (!first && (!before || JSON.stringify(before.config) !== JSON.stringify(config))) {
        this.log({
          level: 'info',
          event: 'page-config-loaded',
          file: r.file,
          route: r.config.path,
          msg: `页面配置已生效 ${r.file}（${r.config.path}）`,
        });
      }
    }
    for (const [file, e] of [...this.byFile]) {
      if (present.has(file)) continue;
      this.byFile.delete(file);
      this.log({
        level: 'info',
        event: 'page-config-removed',
        file,
        route: e.config.path,
        msg: `页面配置已删除 ${file}（${e.config.path}）`,
      });
    }
    this.refused = results.flatMap((r) => r.problems);
    const logged = new Set<string>();
    for (const r of results) {
      for (const p of r.problems) {
        const key = JSON.stringify([r.file, r.hash, p.path, p.reason]);
        logged.add(key);
        if (this.logged.has(key)) continue;
        const route = r.route ?? this.byFile.get(r.file)?.config.path ?? null;
        this.log({
          level: 'warn',
          event: 'page-config-refused',
          file: p.file,
          route,
          pointer: p.path || '/',
          reason: p.reason,
          msg: `页面配置被拒绝 ${formatProblem(p)}`,
        });
      }
    }
    this.logged = logged;
    this.manifestCache = null;
    this.byName = null;
    const refusedFiles = results.filter((r) => r.problems.length).length;
    this.log({
      level: 'info',
      event: 'page-configs-reloaded',
      cause: first ? 'start' : cause,
      pages: this.byFile.size,
      refused: refusedFiles,
      msg: `页面配置已${first ? '加载' : '重新加载'}：${this.byFile.size} 个页面，${refusedFiles} 个文件被拒绝`,
    });
    return this.refused.map(formatProblem);
  }

  /** The problems of every file the last reload refused (pages and fragments); [] when all were good. */
  refusals(): readonly Problem[] {
    return this.refused;
  }

  /**
   * Watches every folder of the tree (not the files: editors and `sed -i` save by writing a new file and renaming
   * it over the old one, and a watch on the old file would see nothing after that). Any change re-reads the tree
   * once the changes have been quiet for WATCH_DEBOUNCE_MS; folders added or removed are watched or dropped then.
   */
  watch(): void {
    if (this.watching || !fs.existsSync(this.root)) return;
    this.watching = true;
    this.syncWatchers();
  }

  close(): void {
    this.watching = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }

  private changed = (): void => {
    if (!this.watching) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.watching) return;
      this.syncWatchers();
      this.reload('watch');
    }, WATCH_DEBOUNCE_MS);
  };

  private syncWatchers(): void {
    const dirs = new Set(foldersUnder(this.root));
    for (const [dir, w] of this.watchers) {
      if (dirs.has(dir)) continue;
      w.close();
      this.watchers.delete(dir);
    }
    for (const dir of dirs) {
      if (this.watchers.has(dir)) continue;
      try {
        const w = fs.watch(dir, this.changed);
        // A removed folder errors on some platforms: re-read and re-sync instead of crashing.
        w.on('error', () => {
          w.close();
          this.watchers.delete(dir);
          this.changed();
        });
        this.watchers.set(dir, w);
      } catch {
        // Gone between listing and watching: the change that removed it has scheduled a re-read already.
      }
    }
  }

  get(name: string): PageConfig | undefined {
    if (!this.byName) this.byName = new Map([...this.byFile.values()].map((e) => [e.config.name, e.config]));
    return this.byName.get(name);
  }

  manifest(): { version: string; routes: RouteEntry[]; tabBar?: TabBar } {
    if (this.manifestCache) return this.manifestCache;
    const routes = [...this.byFile.values()]
      .map(({ config: c }) => ({ name: c.name, path: c.path, aliases: c.aliases ?? [], meta: routeMeta(c.meta) }))
      .sort((a, b) => a.path.localeCompare(b.path));
    const version = crypto
      .createHash('sha1')
      .update(JSON.stringify([[...this.byFile.values()].map((e) => e.config), this.tabBar.current()]))
      .digest('hex')
      .slice(0, 12);
    const tabBar = this.tabBar.current();
    this.manifestCache = tabBar ? { version, routes, tabBar } : { version, routes };
    return this.manifestCache;
  }

  static filesIn(root: string): string[] {
    return listConfigFiles(root).map((f) => path.relative(path.dirname(root), f));
  }
}

/** `root` and every folder below it (fragments included). */
function foldersUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const out = [root];
  for (const e of fs.readdirSync(root, { withFileTypes: true })) {
    if (e.isDirectory()) out.push(...foldersUnder(path.join(root, e.name)));
  }
  return out;
}

/** The route-table part of a page's meta: guards and the tab-bar flag only (the page config carries the rest). */
function routeMeta(meta: PageConfig['meta']): RouteEntry['meta'] {
  const m = meta as PageConfig['meta'] & { tabBar?: boolean };
  return {
    auth: m.auth,
    needCategory: m.needCategory,
    ...(m.needBinding ? { needBinding: true } : {}),
    ...(m.devOnly ? { devOnly: true } : {}),
    ...(m.tabBar ? { tabBar: true } : {}),
  };
}
