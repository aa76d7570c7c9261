/**
 * The activities the server runs: the files of pages-config/_activities, checked (check-activity.ts), then accepted
 * against the database (accept-activity.ts: the content they grant exists, an edit after the start is not worse for
 * users, stock follows the quantities). A refused file is logged once per content with file, JSON path and reason,
 * and the last good version keeps serving; a started activity whose file is removed keeps serving too. Reloads run
 * at start, on every change of the folder (when watching) and on `reload()`, one at a time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatProblem, type Problem } from '../../../runtime/config-check/problems';
import type { Services } from '../../http/context';
import { WATCH_DEBOUNCE_MS } from '../pages';
import { acceptActivity } from './accept-activity';
import type { ActivityDefinition } from './activity-definition';
import { ActivitySchemas } from './check-activity';

export interface ActivityLogRecord {
  level: 'info' | 'warn';
  msg: string;
  event: 'activity-refused' | 'activity-loaded' | 'activities-reloaded';
  file?: string;
  pointer?: string;
  reason?: string;
  activities?: number;
  refused?: number;
}

type StoreServices = Pick<Services, 'db' | 'clock'>;

export class ActivityStore {
  private byId = new Map<number, ActivityDefinition>();
  private refused: readonly Problem[] = [];
  private logged = new Set<string>();
  private readonly schemas: ActivitySchemas;
  private chain: Promise<unknown> = Promise.resolve();
  private watcher: fs.FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private loadedOnce = false;

  constructor(
    /** pages-config/_activities */
    private readonly dir: string,
    schemasDir: string,
    private readonly log: (r: ActivityLogRecord) => void,
  ) {
    this.schemas = new ActivitySchemas(schemasDir);
  }

  /** Re-reads every file (after any reload already running); returns the problems, formatted. */
  reload(s: StoreServices): Promise<string[]> {
    const next = this.chain.then(() => this.reloadNow(s));
    this.chain = next.catch(() => undefined);
    return next;
  }

  get(id: number): ActivityDefinition | undefined {
    return this.byId.get(id);
  }

  all(): ActivityDefinition[] {
    return [...this.byId.values()].sort((a, b) => a.id - b.id);
  }

  refusals(): readonly Problem[] {
    return this.refused;
  }

  /** Watches the folder (editors save by rename: the folder is watched, not the files). */
  watch(s: StoreServices): void {
    if (this.watcher || !fs.existsSync(this.dir)) return;
    this.watcher = fs.watch(this.dir, () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.reload(s);
      }, WATCH_DEBOUNCE_MS);
    });
    this.watcher.on('error', () => this.close());
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.watcher?.close();
    this.watcher = null;
  }

  private files(): string[] {
    if (!fs.existsSync(this.dir)) return [];
    return fs
      .readdirSync(this.dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => path.join(this.dir, f));
  }

  private async reloadNow(s: StoreServices): Promise<string[]> {
    const problems: Problem[] = [];
    const next = new Map<number, ActivityDefinition>();
    const shown = (abs: string) => path.relative(path.dirname(path.dirname(this.dir)), abs);
    const present = new Set<number>();
    for (const abs of this.files()) {
      const file = shown(abs);
      const text = fs.readFileSync(abs, 'utf8');
      const checked = this.schemas.check(file, text);
      const def = checked.definition;
      const id = def?.id ?? idIn(text);
      if (id !== null) present.add(id);
      if (!def) {
        problems.push(...checked.problems);
        if (id !== null && this.byId.has(id)) next.set(id, this.byId.get(id) as ActivityDefinition);
        continue;
      }
      const taken = next.get(def.id);
      if (taken && taken.slug !== def.slug) {
        problems.push({ file, path: '/id', reason: `活动 id ${def.id} 已被 ${taken.file} 使用` });
        continue;
      }
      const refusals = await acceptActivity(s, def);
      if (refusals.length) {
        for (const r of refusals) problems.push({ file, path: r.path, reason: r.reason });
        const last = this.byId.get(def.id);
        if (last) next.set(def.id, last);
        continue;
      }
      next.set(def.id, def);
    }
    const nowMs = s.clock() * 1000;
    for (const [id, old] of this.byId) {
      if (present.has(id) || nowMs < old.startsAtMs) continue;
      // A started activity cannot be withdrawn by deleting its file: its promises hold until it ends.
      next.set(id, old);
      problems.push({ file: old.file, path: '/', reason: '活动已开始，文件被删除：继续按最后生效的版本运行（请恢复文件）' });
    }
    for (const [id, def] of next) {
      const before = this.byId.get(id);
      if (this.loadedOnce && before?.version !== def.version) {
        this.log({ level: 'info', event: 'activity-loaded', file: def.file, msg: `活动已生效 ${def.file}（${def.title}）` });
      }
    }
    this.byId = next;
    this.loadedOnce = true;
    this.refused = problems;
    const logged = new Set<string>();
    for (const p of problems) {
      const key = JSON.stringify([p.file, p.path, p.reason]);
      logged.add(key);
      if (this.logged.has(key)) continue;
      this.log({
        level: 'warn',
        event: 'activity-refused',
        file: p.file,
        pointer: p.path || '/',
        reason: p.reason,
        msg: `活动文件被拒绝 ${formatProblem(p)}`,
      });
    }
    this.logged = logged;
    this.log({
      level: 'info',
      event: 'activities-reloaded',
      activities: next.size,
      refused: problems.length,
      msg: `活动已加载：${next.size} 个活动，${problems.length} 个问题`,
    });
    return problems.map(formatProblem);
  }
}

/** The `id` a file that failed its checks still names (so the last good version of it keeps serving). */
function idIn(text: string): number | null {
  try {
    const id = (JSON.parse(text) as { id?: unknown }).id;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}
