import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { activeTab, type TabBarItem } from '../../src/state/tab-bar';

const read = (p: string) => JSON.parse(fs.readFileSync(path.resolve(p), 'utf8'));
const config = read('pages-config/_app/tab-bar.json') as { items: TabBarItem[] };

/** Every page config, by path and aliases. */
function pages(): { file: string; path: string; aliases: string[]; meta: Record<string, unknown> }[] {
  const out: { file: string; path: string; aliases: string[]; meta: Record<string, unknown> }[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory() && !e.name.startsWith('_')) walk(abs);
      else if (e.isFile() && e.name.endsWith('.json')) {
        const c = read(abs);
        out.push({ file: abs, path: c.path, aliases: c.aliases ?? [], meta: c.meta });
      }
    }
  };
  walk(path.resolve('pages-config'));
  return out;
}

describe('tab bar config', () => {
  it('is valid against its schema (as an editor checks it)', () => {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(read('schemas/tab-bar.schema.json'));
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
  });

  it('the schema refuses an unknown icon and a too-long label', () => {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(read('schemas/tab-bar.schema.json'));
    const bad = {
      ...config,
      items: [
        { ...config.items[0], icon: '🏠' },
        { ...config.items[1], text: '我的课程列表' },
      ],
    };
    expect(validate(bad)).toBe(false);
    expect(validate.errors?.map((e) => e.instancePath).sort()).toEqual(['/items/0/icon', '/items/1/text']);
  });

  it('each tab opens a page that shows the tab bar, and the main pages do', () => {
    const all = pages();
    for (const tab of config.items) {
      const page = all.find((p) => p.path === tab.path || p.aliases.includes(tab.path));
      expect(page, `${tab.path} has no page`).toBeDefined();
      expect(page?.meta.tabBar, `${page?.file}: meta.tabBar`).toBe(true);
    }
    expect(config.items.map((t) => t.text)).toEqual(['首页', '课程', '题库', '商城', '我的']);
  });
});

describe('active tab', () => {
  const items: TabBarItem[] = [
    { key: 'home', text: '首页', icon: 'home', path: '/', match: ['/study/index'] },
    { key: 'mall', text: '商城', icon: 'mall', path: '/mall/index', match: ['/mall/detail/*'] },
    { key: 'user', text: '我的', icon: 'user', path: '/user/home' },
  ];
  it('is the tab of the path, one of its match paths, or none', () => {
    expect(activeTab(items, '/')).toBe('home');
    expect(activeTab(items, '/study/index')).toBe('home');
    expect(activeTab(items, '/user/home/')).toBe('user');
    expect(activeTab(items, '/mall/detail/3')).toBe('mall');
    expect(activeTab(items, '/mall/detail')).toBe('mall');
    expect(activeTab(items, '/user/homework')).toBeNull();
    expect(activeTab(items, '/news/list')).toBeNull();
  });
});
