import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageConfig, pageManifest } from '../../src/contract/pages';
import { type PageLogRecord, PageStore } from '../../src/server/areas/pages/page-store';
import { request } from '../support/api-client';
import { startTestServer } from '../support/test-server';

const TAB_BAR = JSON.parse(fs.readFileSync(path.resolve('pages-config/_app/tab-bar.json'), 'utf8'));

/** A copy of pages-config/ to edit freely. */
function copyOfPages(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-tabbar-'));
  const dir = path.join(root, 'pages-config');
  fs.cpSync(path.resolve('pages-config'), dir, { recursive: true });
  return dir;
}

describe('tab bar served with the manifest', () => {
  it('the manifest carries the tabs of pages-config/_app/tab-bar.json and the routes that show them', async () => {
    const s = await startTestServer('sqlite');
    try {
      const res = await request(s.url, pageManifest, {});
      expect(res.body.status).toBe(0);
      expect(res.body.data.tabBar?.items.map((t) => [t.text, t.icon, t.path])).toEqual(
        TAB_BAR.items.map((t: { text: string; icon: string; path: string }) => [t.text, t.icon, t.path]),
      );
      const withBar = res.body.data.routes.filter((r) => r.meta.tabBar).map((r) => r.path);
      expect(withBar.sort()).toEqual(['/mall/index', '/study/index', '/study/list/course', '/study/list/question', '/user/home']);
      // Operator notes stay on the server: not in the manifest, not in a page's config, not in the HTML.
      expect(JSON.stringify(res.body.data)).not.toMatch(/\$comment|\$schema|later issue|issue \d/);
      const mall = await request(s.url, pageConfig, { name: 'mall-index' });
      expect(mall.body.status).toBe(0);
      expect(Object.keys(mall.body.data)).not.toContain('$comment');
    } finally {
      await s.close();
    }
  });
});

describe('tab bar file: changes go live, a broken save is refused', () => {
  const dir = copyOfPages();
  const file = path.join(dir, '_app', 'tab-bar.json');
  const log: PageLogRecord[] = [];
  const store = new PageStore(dir, path.resolve('schemas'), (r) => log.push(r));
  afterAll(() => fs.rmSync(path.dirname(dir), { recursive: true, force: true }));

  it('a changed label is served after the reload', () => {
    store.reload();
    const items = [...TAB_BAR.items];
    items[4] = { ...items[4], text: '个人' };
    fs.writeFileSync(file, JSON.stringify({ ...TAB_BAR, items }));
    store.reload();
    expect(store.manifest().tabBar?.items[4]?.text).toBe('个人');
  });

  it('a broken save is refused once in the log with file, pointer and reason; the last good tabs keep serving', () => {
    const before = store.manifest().version;
    fs.writeFileSync(file, JSON.stringify({ ...TAB_BAR, items: [{ ...TAB_BAR.items[0], icon: 'rocket' }, TAB_BAR.items[1]] }));
    store.reload();
    store.reload(); // unchanged broken file: not logged again
    const refused = log.filter((r) => r.event === 'page-config-refused' && r.file?.endsWith('tab-bar.json'));
    expect(refused).toHaveLength(1);
    expect(refused[0]?.pointer).toBe('/items/0/icon');
    expect(store.manifest().tabBar?.items.map((t) => t.text)).toEqual(['首页', '课程', '题库', '商城', '个人']);
    expect(store.manifest().version).toBe(before);
  });

  it('no file, no tab bar', () => {
    fs.rmSync(file);
    store.reload();
    expect(store.manifest().tabBar).toBeUndefined();
  });
});
