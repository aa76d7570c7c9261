import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type PageLogRecord, PageStore } from '../../src/server/areas/pages/page-store';
import { spawnServer } from '../support/server-process';

/** What operators do to a page file: each save style is a separate way the watcher must not miss. */
const renameSave = (file: string, text: string) => {
  // What `sed -i`, vim (backupcopy=no), VS Code's atomic save and many editors do: write a new file, rename it over.
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.tmp${Math.random().toString(36).slice(2)}`);
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
};
const inPlaceSave = (file: string, text: string) => fs.writeFileSync(file, text);

const page = (title: string, over: Record<string, unknown> = {}) =>
  JSON.stringify(
    {
      $schema: '../../schemas/page.schema.json',
      name: 'activity-watch-test',
      path: '/activity/watch-test',
      meta: { title, auth: false, needCategory: false },
      blocks: [{ type: 'coming-soon', props: { title: '即将上线' } }],
      ...over,
    },
    null,
    2,
  );

function tempPages(): { root: string; dir: string; file: (rel: string) => string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-watch-'));
  const dir = path.join(root, 'pages');
  fs.mkdirSync(path.join(dir, 'activity'), { recursive: true });
  return { root, dir, file: (rel) => path.join(dir, rel) };
}

function storeOn(dir: string): { store: PageStore; log: PageLogRecord[] } {
  const log: PageLogRecord[] = [];
  const store = new PageStore(dir, path.resolve('schemas'), (r) => log.push(r));
  return { store, log };
}

const refusedLines = (log: PageLogRecord[], file: string) => log.filter((r) => r.event === 'page-config-refused' && r.file === file);

describe('the page-config watcher sees every save', () => {
  const t = tempPages();
  const target = t.file('activity/watch.json');
  fs.writeFileSync(target, page('版本 0'));
  const { store, log } = storeOn(t.dir);
  store.reload();
  store.watch();
  afterAll(() => {
    store.close();
    fs.rmSync(t.root, { recursive: true, force: true });
  });
  const title = () => store.get('activity-watch-test')?.meta.title;

  it('applies rename-saves and in-place saves of one file, several times in a row and mixed', async () => {
    expect(title()).toBe('版本 0');
    const steps: Array<[string, (f: string, text: string) => void]> = [
      ['改名保存 1', renameSave],
      ['改名保存 2', renameSave],
      ['原地保存 1', inPlaceSave],
      ['改名保存 3', renameSave],
      ['原地保存 2', inPlaceSave],
      ['原地保存 3', inPlaceSave],
      ['改名保存 4', renameSave],
    ];
    for (const [next, save] of steps) {
      save(target, page(next));
      await expect.poll(title, { timeout: 5000 }).toBe(next);
    }
    const loaded = log.filter((r) => r.event === 'page-config-loaded' && r.file === 'pages/activity/watch.json');
    expect(loaded.length).toBeGreaterThanOrEqual(steps.length);
    expect(loaded.at(-1)).toMatchObject({ level: 'info', route: '/activity/watch-test' });
  });

  it('logs a broken rename-save once, with file, route, pointer and reason, and keeps the last good version', async () => {
    renameSave(target, page('坏版本', { blocks: [{ type: 'no-such-block' }] }));
    const refusedNow = () => store.refusals().some((p) => p.file === 'pages/activity/watch.json' && p.path === '/blocks/0/type');
    await expect.poll(refusedNow, { timeout: 5000 }).toBe(true);
    expect(title()).toBe('改名保存 4');
    expect(refusedLines(log, 'pages/activity/watch.json')).toEqual([
      {
        level: 'warn',
        event: 'page-config-refused',
        file: 'pages/activity/watch.json',
        route: '/activity/watch-test',
        pointer: '/blocks/0/type',
        reason: '未知区块类型 "no-such-block"',
        msg: '页面配置被拒绝 pages/activity/watch.json: /blocks/0/type: 未知区块类型 "no-such-block"',
      },
    ]);

    // Another file changes: the store re-reads everything, the unchanged broken file is not logged again.
    const reloads = log.filter((r) => r.event === 'page-configs-reloaded').length;
    renameSave(t.file('activity/other.json'), page('别的页面', { name: 'activity-other', path: '/activity/other' }));
    await expect.poll(() => store.get('activity-other')?.meta.title, { timeout: 5000 }).toBe('别的页面');
    expect(log.filter((r) => r.event === 'page-configs-reloaded').length).toBeGreaterThan(reloads);
    expect(refusedLines(log, 'pages/activity/watch.json')).toHaveLength(1);

    // A new broken save of the file (an in-place one) is a new change: logged again, still the last good version.
    inPlaceSave(target, '{ "name": "activity-watch-test", ');
    await expect.poll(() => refusedLines(log, 'pages/activity/watch.json').length, { timeout: 5000 }).toBe(2);
    expect(refusedLines(log, 'pages/activity/watch.json')[1]).toMatchObject({ pointer: '/', route: '/activity/watch-test' });
    expect(refusedLines(log, 'pages/activity/watch.json')[1]?.reason).toMatch(/^不是合法的 JSON/);
    expect(title()).toBe('改名保存 4');

    // The fix goes live at once.
    renameSave(target, page('修好了'));
    await expect.poll(title, { timeout: 5000 }).toBe('修好了');
    expect(store.refusals()).toEqual([]);
  });

  it('watches a folder created after the start, and a file removed stops serving', async () => {
    const reloads = () => log.filter((r) => r.event === 'page-configs-reloaded').length;
    const before = reloads();
    fs.mkdirSync(t.file('promo'));
    // The new folder is a change of its parent: the re-read it triggers starts watching it.
    await expect.poll(reloads, { timeout: 5000 }).toBeGreaterThan(before);
    const promo = t.file('promo/new.json');
    for (const [i, save] of [renameSave, inPlaceSave, renameSave].entries()) {
      save(promo, page(`新目录 ${i}`, { name: 'promo-new', path: '/promo/new' }));
      await expect.poll(() => store.get('promo-new')?.meta.title, { timeout: 5000 }).toBe(`新目录 ${i}`);
    }
    fs.rmSync(promo);
    await expect.poll(() => store.get('promo-new'), { timeout: 5000 }).toBeUndefined();
    expect(log.at(-2)).toMatchObject({ event: 'page-config-removed', file: 'pages/promo/new.json', route: '/promo/new' });
  });
});

describe('a copied page that keeps the original path', () => {
  it('is refused and named, while the original keeps serving and is not blamed', async () => {
    const t = tempPages();
    fs.writeFileSync(t.file('activity/sprint.json'), page('原页面', { name: 'activity-sprint', path: '/activity/sprint' }));
    const { store, log } = storeOn(t.dir);
    expect(store.reload()).toEqual([]);
    store.watch();
    try {
      // The copy sorts before the original by name, the case that used to refuse the untouched original.
      renameSave(t.file('activity/a-copy.json'), page('复制的页面', { name: 'activity-sprint-copy', path: '/activity/sprint' }));
      const copyRefused = () => store.refusals().some((p) => p.file === 'pages/activity/a-copy.json');
      await expect.poll(copyRefused, { timeout: 5000 }).toBe(true);
      expect(store.refusals()).toEqual([
        {
          file: 'pages/activity/a-copy.json',
          path: '/path',
          reason:
            '路由路径 "/activity/sprint" 与 pages/activity/sprint.json 重复（该路由由 pages/activity/sprint.json 提供，本文件未生效）',
        },
      ]);
      expect(
        store
          .manifest()
          .routes.filter((r) => r.path === '/activity/sprint')
          .map((r) => r.name),
      ).toEqual(['activity-sprint']);
      expect(store.get('activity-sprint-copy')).toBeUndefined();
      expect(log.filter((r) => r.event === 'page-config-refused')).toEqual([
        expect.objectContaining({ file: 'pages/activity/a-copy.json', route: '/activity/sprint', pointer: '/path' }),
      ]);

      // Editing the original while the copy still claims its path: the original stays live, the copy stays refused.
      inPlaceSave(t.file('activity/sprint.json'), page('原页面改过', { name: 'activity-sprint', path: '/activity/sprint' }));
      await expect.poll(() => store.get('activity-sprint')?.meta.title, { timeout: 5000 }).toBe('原页面改过');
      expect(store.refusals().map((p) => p.file)).toEqual(['pages/activity/a-copy.json']);

      // The copy gets its own path: both serve.
      renameSave(t.file('activity/a-copy.json'), page('复制的页面', { name: 'activity-sprint-copy', path: '/activity/sprint-2' }));
      await expect.poll(() => store.get('activity-sprint-copy')?.path, { timeout: 5000 }).toBe('/activity/sprint-2');
      expect(store.refusals()).toEqual([]);
    } finally {
      store.close();
      fs.rmSync(t.root, { recursive: true, force: true });
    }
  });

  it('at a start without history the older file keeps the route (then the first by name)', () => {
    const t = tempPages();
    fs.writeFileSync(t.file('activity/z-original.json'), page('原页面'));
    fs.writeFileSync(t.file('activity/a-copy.json'), page('副本', { name: 'activity-copy' }));
    fs.utimesSync(t.file('activity/z-original.json'), new Date('2026-01-01'), new Date('2026-01-01'));
    fs.utimesSync(t.file('activity/a-copy.json'), new Date('2026-06-01'), new Date('2026-06-01'));
    const { store } = storeOn(t.dir);
    expect(store.reload()).toEqual([
      'pages/activity/a-copy.json: /path: 路由路径 "/activity/watch-test" 与 pages/activity/z-original.json 重复（该路由由 pages/activity/z-original.json 提供，本文件未生效）',
    ]);
    expect(store.manifest().routes.map((r) => r.name)).toEqual(['activity-watch-test']);

    // Same modification time: the first file by name keeps it.
    fs.utimesSync(t.file('activity/a-copy.json'), new Date('2026-01-01'), new Date('2026-01-01'));
    const fresh = storeOn(t.dir).store;
    expect(fresh.reload().map((line) => line.split(':')[0])).toEqual(['pages/activity/z-original.json']);
    expect(fresh.manifest().routes.map((r) => r.name)).toEqual(['activity-copy']);
    fs.rmSync(t.root, { recursive: true, force: true });
  });
});

describe('the running server logs page configs as JSON lines', () => {
  it('logs a broken save once with file, route, pointer and reason; SIGHUP reloads without repeating it', async () => {
    const t = tempPages();
    const target = t.file('activity/watch.json');
    fs.writeFileSync(target, page('版本 0'));
    const server = await spawnServer({
      DATA_DIR: path.join(t.root, 'data'),
      PAGES_DIR: t.dir,
      PAGES_WATCH: '1',
      LOG_LEVEL: 'info',
    });
    try {
      const events = (name: string) => server.records().filter((r) => r.event === name);
      await server.waitForLine((l) => l.includes('"event":"page-configs-reloaded"'));
      renameSave(target, page('版本 0', { blocks: [{ type: 'coming-soon', visibleOn: 'data.x &&' }] }));
      await server.waitForLine((l) => l.includes('"event":"page-config-refused"'));
      expect(events('page-config-refused')).toEqual([
        expect.objectContaining({
          level: 40,
          file: 'pages/activity/watch.json',
          route: '/activity/watch-test',
          pointer: '/blocks/0/visibleOn',
          reason: expect.stringMatching(/^表达式错误/),
        }),
      ]);
      process.kill(server.pid, 'SIGHUP');
      await server.waitForLine((l) => l.includes('"cause":"signal"'));
      expect(events('page-configs-reloaded').find((r) => r.cause === 'signal')).toMatchObject({ level: 30, refused: 1, pages: 1 });
      expect(events('page-config-refused')).toHaveLength(1);
      // Every line the server wrote after its start banner is one JSON record.
      const banner = server.lines.findIndex((l) => l.includes('已启动'));
      expect(server.lines.slice(banner + 1).filter((l) => l !== '' && !l.startsWith('{'))).toEqual([]);
    } finally {
      await server.kill('SIGTERM');
      fs.rmSync(t.root, { recursive: true, force: true });
    }
  });
});
