import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageConfig, pageManifest } from '../../src/contract/pages';
import { DEFAULT_SIGN_KEY } from '../../src/protocol/keys';
import { computeSign } from '../../src/protocol/sign';
import { renderArticleHtml } from '../../src/server/areas/articles';
import { ConfigChecker } from '../../src/server/areas/pages/check-configs';
import { PageStore } from '../../src/server/areas/pages/page-store';
import { request } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

const PROMO = {
  $schema: '../../schemas/page.schema.json',
  name: 'activity-test-promo',
  path: '/activity/test-promo',
  meta: { title: '测试推广页', auth: false, needCategory: false },
  blocks: [{ type: 'coming-soon', props: { title: '即将上线' } }],
};

function tempPagesDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-pages-'));
  fs.mkdirSync(path.join(dir, 'activity'));
  return dir;
}

const write = (dir: string, file: string, value: unknown) =>
  fs.writeFileSync(path.join(dir, file), typeof value === 'string' ? value : JSON.stringify(value, null, 2));

describe('page configs are checked and served', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite');
  });
  afterAll(() => s.close());

  it('serves the route table and each config of pages-config/', async () => {
    const manifest = await request(s.url, pageManifest, {});
    expect(manifest.body.status).toBe(0);
    const routes = manifest.body.data.routes;
    const home = routes.find((r) => r.name === 'study-index');
    expect(home).toMatchObject({ path: '/study/index', aliases: ['/'], meta: { auth: false, needCategory: true } });
    const config = await request(s.url, pageConfig, { name: 'news-detail' });
    expect(config.body.status).toBe(0);
    expect((config.body.data as { path: string }).path).toBe('/news/detail/:newsId');
  });

  it("serves an operator's literal rules with their HTML (the client needs no Markdown renderer for them)", async () => {
    const config = await request(s.url, pageConfig, { name: 'activity-promotion-1' });
    const rules = JSON.stringify(config.body.data);
    const block = (function find(v: unknown): { props: { content: string; html?: string } } | undefined {
      if (Array.isArray(v)) return v.map(find).find(Boolean);
      if (!v || typeof v !== 'object') return undefined;
      const o = v as Record<string, unknown>;
      if (o.type === 'rule-text') return o as { props: { content: string; html?: string } };
      return Object.values(o).map(find).find(Boolean);
    })(config.body.data);
    expect(rules).toContain('rule-text');
    expect(block?.props.html).toBe(renderArticleHtml(block?.props.content ?? ''));
    expect(block?.props.html).toMatch(/<(ol|ul|p)>/);
  });

  it('revalidates with an ETag: an unchanged config answers 304 without a body', async () => {
    const url = `${s.url}/api/pages/config?name=news-detail&sign=${computeSign(DEFAULT_SIGN_KEY, pageConfig.path, { name: 'news-detail' })}`;
    const first = await fetch(url);
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^W\/"/);
    const again = await fetch(url, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await fetch(url, { headers: { 'if-none-match': 'W/"stale"' } });
    expect(other.status).toBe(200);
  });

  it('answers an unknown page with a 404 envelope and a bad name with 400', async () => {
    const missing = await request(s.url, pageConfig, { name: 'no-such-page' });
    expect(missing.http).toBe(404);
    expect(missing.body.msg).toContain('no-such-page');
    const bad = await request(s.url, pageConfig, { name: '../etc/passwd' });
    expect(bad.http).toBe(400);
    expect(bad.body.msg).toContain('name');
  });
});

describe('page store: changes go live, broken files are refused', () => {
  const dir = tempPagesDir();
  const log: string[] = [];
  const store = new PageStore(dir, path.resolve('schemas'), (record) => log.push(record.msg));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a new file goes live on reload, a changed one replaces it', () => {
    write(dir, 'activity/promo.json', PROMO);
    expect(store.reload()).toEqual([]);
    expect(store.get('activity-test-promo')?.meta.title).toBe('测试推广页');
    write(dir, 'activity/promo.json', { ...PROMO, meta: { ...PROMO.meta, title: '新标题' } });
    store.reload();
    expect(store.get('activity-test-promo')?.meta.title).toBe('新标题');
  });

  it('a broken file is refused with file, JSON path and reason, and the last good version keeps serving', () => {
    write(dir, 'activity/promo.json', { ...PROMO, blocks: [{ type: 'no-such-block' }] });
    const problems = store.reload();
    expect(problems).toEqual([
      `pages-pages/activity/promo.json: /blocks/0/type: 未知区块类型 "no-such-block"`.replace('pages-pages', path.basename(dir)),
    ]);
    expect(log.some((line) => line.includes('/blocks/0/type'))).toBe(true);
    expect(store.get('activity-test-promo')?.meta.title).toBe('新标题');
  });

  it('watches the folder and applies a change without a reload call', async () => {
    store.watch();
    write(dir, 'activity/promo.json', { ...PROMO, meta: { ...PROMO.meta, title: '自动生效' } });
    await expect.poll(() => store.get('activity-test-promo')?.meta.title, { timeout: 5000 }).toBe('自动生效');
    store.close();
  });
});

describe('config checks', () => {
  const checker = new ConfigChecker(path.resolve('schemas'));
  const check = (value: unknown) => checker.checkText('x.json', JSON.stringify(value)).problems.map((p) => `${p.path}: ${p.reason}`);

  it('names the JSON path and reason of each problem', () => {
    expect(check({ ...PROMO, meta: { title: 't', auth: false } })).toEqual(['/meta: 缺少必填字段 "needCategory"']);
    expect(check({ ...PROMO, data: { a: { endpoint: 'genus.nope' } } })).toEqual([
      '/data/a/endpoint: 未知接口 "genus.nope"（须为 src/contract 中声明的接口 id）',
    ]);
    expect(check({ ...PROMO, blocks: [{ type: 'coming-soon', visibleOn: 'data.x &&' }] })[0]).toMatch(
      /^\/blocks\/0\/visibleOn: 表达式错误/,
    );
    expect(check({ ...PROMO, blocks: [{ type: 'coming-soon', props: { title: '${data.' } }] })[0]).toMatch(
      /^\/blocks\/0\/props\/title: 表达式错误/,
    );
    expect(check({ ...PROMO, blocks: [{ type: 'coming-soon', props: { colour: 'red' } }] })).toEqual([
      '/blocks/0/props: 不认识的字段 "colour"',
    ]);
    expect(checker.checkText('x.json', '{ "name": ').problems[0]?.reason).toMatch(/^不是合法的 JSON/);
  });

  it('refuses HTML written into a page config: html only binds a server-rendered field', () => {
    const rules = (html: string) => ({ ...PROMO, blocks: [{ type: 'rule-text', props: { content: '1. 规则', html } }] });
    expect(check(rules('<img src=x onerror=alert(1)>'))).toHaveLength(1);
    expect(check(rules('<img src=x onerror=alert(1)>'))[0]).toMatch(/^\/blocks\/0\/props\/html: /);
    expect(check(rules('${data.a.rule_html}<img src=x onerror=alert(1)>'))).toHaveLength(1);
    expect(check({ ...PROMO, blocks: [{ type: 'markdown', props: { content: '正文', html: '<b>x</b>' } }] })).toHaveLength(1);
    expect(check(rules('${data.a.rule_html}'))).toEqual([]);
  });

  it('finds duplicate names and paths across files', () => {
    const dir = tempPagesDir();
    write(dir, 'activity/a.json', PROMO);
    write(dir, 'activity/b.json', { ...PROMO, path: '/activity/other' });
    write(dir, 'activity/c.json', { ...PROMO, name: 'activity-c' });
    const problems = checker.checkAll(dir).flatMap((f) => f.problems.map((p) => `${path.basename(p.file)} ${p.path}: ${p.reason}`));
    expect(problems.some((p) => p.startsWith('b.json /name: 路由名 "activity-test-promo"'))).toBe(true);
    expect(problems.some((p) => p.startsWith('c.json /path: 路由路径 "/activity/test-promo"'))).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('npm run pages:check prints file: path: reason and exits 1 on a broken config', () => {
    const dir = tempPagesDir();
    write(dir, 'activity/bad.json', { ...PROMO, blocks: [{ type: 'no-such-block' }] });
    let out = '';
    let code = 0;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/pages-check.ts', dir], { encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      const err = e as { status: number; stderr: string };
      code = err.status;
      out = err.stderr;
    }
    expect(code).toBe(1);
    expect(out).toContain(`${path.basename(dir)}/activity/bad.json: /blocks/0/type: 未知区块类型 "no-such-block"`);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
