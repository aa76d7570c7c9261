import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageConfig } from '../../src/contract/pages';
import { formatProblem } from '../../src/runtime/config-check/problems';
import { ConfigChecker } from '../../src/server/areas/pages/check-configs';
import { PageStore } from '../../src/server/areas/pages/page-store';
import { request } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

const ERROR_BOX = {
  $schema: '../../schemas/fragment.schema.json',
  params: { source: { description: '数据源' }, title: { description: '标题', default: '加载失败' } },
  blocks: [
    {
      type: 'result',
      visibleOn: 'sources.{{source}}.error',
      props: { status: 'error', title: '{{title}}', text: '${sources.{{source}}.error}' },
    },
  ],
};

const page = (blocks: unknown[]) => ({
  $schema: '../../schemas/page.schema.json',
  name: 'activity-fragment-test',
  path: '/activity/fragment-test',
  meta: { title: '片段测试', auth: false, needCategory: false },
  data: { detail: { endpoint: 'genus.news_detail', params: { id: 1 } } },
  blocks,
});
const use = (name: string, params?: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  type: 'fragment',
  ...extra,
  props: { name, ...(params ? { params } : {}) },
});

function tempPages(): { dir: string; write(rel: string, value: unknown): void; remove(): void } {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-fragments-')), 'pages');
  fs.mkdirSync(path.join(dir, '_fragments'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'activity'));
  return {
    dir,
    write: (rel, value) => fs.writeFileSync(path.join(dir, rel), typeof value === 'string' ? value : JSON.stringify(value, null, 2)),
    remove: () => fs.rmSync(path.dirname(dir), { recursive: true, force: true }),
  };
}

const checker = new ConfigChecker(path.resolve('schemas'));
const problemsOf = (dir: string) => checker.checkAll(dir).flatMap((f) => f.problems.map(formatProblem));

describe('config fragments', () => {
  const pages = tempPages();
  afterAll(() => pages.remove());

  it('a use is replaced by the fragment blocks with its params (defaults where not given), and its visibleOn joins theirs', () => {
    pages.write('_fragments/error-box.json', ERROR_BOX);
    pages.write(
      'activity/page.json',
      page([{ type: 'container', children: [use('error-box', { source: 'detail' }, { visibleOn: 'auth.hasLogin' })] }]),
    );
    const [, result] = checker.checkAll(pages.dir);
    expect(result?.problems).toEqual([]);
    expect(result?.config?.blocks).toEqual([
      {
        type: 'container',
        children: [
          {
            type: 'result',
            visibleOn: '(auth.hasLogin) && (sources.detail.error)',
            props: { status: 'error', title: '加载失败', text: '${sources.detail.error}' },
          },
        ],
      },
    ]);
  });

  it('names the use for a missing fragment, a missing or unknown param, and a use with children', () => {
    pages.write('_fragments/error-box.json', ERROR_BOX);
    pages.write(
      'activity/page.json',
      page([
        use('no-such'),
        use('error-box'),
        use('error-box', { source: 'detail', colour: 'red' }),
        { ...use('error-box', { source: 'x' }), children: [] },
      ]),
    );
    expect(problemsOf(pages.dir)).toEqual([
      'pages/activity/page.json: /blocks/0/props/name: 片段 "no-such" 不存在（应为 pages-config/_fragments/no-such.json）',
      'pages/activity/page.json: /blocks/1/props/params: 缺少片段 "error-box" 的参数 "source"',
      'pages/activity/page.json: /blocks/2/props/params/colour: 片段 "error-box" 没有参数 "colour"',
      'pages/activity/page.json: /blocks/3/children: 片段引用不能有 children',
    ]);
  });

  it('a broken fragment is reported in its own file and refuses the pages that use it', () => {
    pages.write('_fragments/error-box.json', { ...ERROR_BOX, blocks: [{ type: 'result', props: { status: 'broken' } }] });
    pages.write('activity/page.json', page([use('error-box', { source: 'detail' })]));
    const problems = problemsOf(pages.dir);
    expect(problems[0]).toMatch(/^pages\/_fragments\/error-box\.json: \/blocks\/0\/props\/status: 取值须为 \[/);
    expect(problems.at(-1)).toBe(
      'pages/activity/page.json: /blocks/0/props/name: 片段 "error-box" 有错误，未被采用（见 _fragments/error-box.json 的报错）',
    );

    pages.write('_fragments/error-box.json', '{ "blocks": [');
    expect(problemsOf(pages.dir)[0]).toMatch(/^pages\/_fragments\/error-box\.json: \/: 不是合法的 JSON/);
  });

  it('a fragment may not use an undeclared {{param}} nor another fragment', () => {
    pages.write('_fragments/error-box.json', {
      ...ERROR_BOX,
      blocks: [...ERROR_BOX.blocks, { type: 'text', props: { text: '{{colour}}' } }, use('other')],
    });
    pages.write('activity/page.json', page([]));
    expect(problemsOf(pages.dir)).toEqual([
      'pages/_fragments/error-box.json: /blocks/2/type: 片段中不能再引用片段',
      'pages/_fragments/error-box.json: /blocks/1/props/text: 未声明的片段参数 "colour"（须在 params 中声明）',
    ]);
  });

  it('checks what a use expands to: a param that breaks an expression is reported at the use', () => {
    pages.write('_fragments/error-box.json', ERROR_BOX);
    pages.write('activity/page.json', page([{ type: 'text', props: { text: 'x' } }, use('error-box', { source: 'detail &&' })]));
    const problems = problemsOf(pages.dir);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^pages\/activity\/page\.json: \/blocks\/1: 片段 "error-box" 展开后 \/0\/visibleOn：表达式错误/);
    expect(problems[1]).toMatch(/^pages\/activity\/page\.json: \/blocks\/1: 片段 "error-box" 展开后 \/0\/props\/text：表达式错误/);
  });

  it('the page store serves pages expanded, keeps the last good version on a broken fragment, and hot-reloads on a fragment change', async () => {
    pages.write('_fragments/error-box.json', ERROR_BOX);
    pages.write('activity/page.json', page([use('error-box', { source: 'detail' })]));
    const store = new PageStore(pages.dir, path.resolve('schemas'), () => {});
    expect(store.reload()).toEqual([]);
    const title = () => (store.get('activity-fragment-test')?.blocks[0]?.props as { title?: string } | undefined)?.title;
    expect(title()).toBe('加载失败');

    pages.write('_fragments/error-box.json', { ...ERROR_BOX, blocks: [{ type: 'no-such-block' }] });
    expect(store.reload().some((l) => l.startsWith('pages/activity/page.json: /blocks/0/props/name: 片段 "error-box" 有错误'))).toBe(true);
    expect(store.refusals().map((p) => p.file)).toEqual(['pages/_fragments/error-box.json', 'pages/activity/page.json']);
    expect(title()).toBe('加载失败');

    store.watch();
    try {
      pages.write('_fragments/error-box.json', { ...ERROR_BOX, params: { ...ERROR_BOX.params, title: { default: '出错了' } } });
      await expect.poll(title, { timeout: 5000 }).toBe('出错了');
      expect(store.refusals()).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('npm run pages:check prints a missing fragment as file: JSON path: reason', () => {
    pages.write('_fragments/error-box.json', ERROR_BOX);
    pages.write('activity/page.json', page([use('gone')]));
    let stderr = '';
    let code = 0;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/pages-check.ts', pages.dir], { encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      ({ status: code, stderr } = e as { status: number; stderr: string });
    }
    expect(code).toBe(1);
    expect(stderr).toContain('pages/activity/page.json: /blocks/0/props/name: 片段 "gone" 不存在');
  });
});

describe('pages of pages-config/ that use fragments are served resolved', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite');
  });
  afterAll(() => s.close());

  it('the study tab bar and the detail error box reach the client as plain blocks', async () => {
    const list = await request(s.url, pageConfig, { name: 'study-list-news' });
    const detail = await request(s.url, pageConfig, { name: 'news-detail' });
    expect(JSON.stringify([list.body.data, detail.body.data])).not.toContain('"fragment"');
    const blocks = (list.body.data as { blocks: { type: string; props: { tabs: { to: string }[] } }[] }).blocks;
    expect(blocks[0]?.type).toBe('tabs');
    expect(blocks[0]?.props.tabs.map((t) => t.to)).toEqual([
      '/study/list/news',
      '/study/list/question',
      '/study/list/course',
      '/study/list/ebook',
    ]);
    const detailBlocks = (detail.body.data as { blocks: unknown[] }).blocks;
    expect(detailBlocks).toContainEqual({
      type: 'result',
      visibleOn: 'sources.detail.error && (sources.detail.errorCode == 4004 || sources.detail.errorCode == 4000)',
      props: {
        status: 'empty',
        title: '内容不存在或已下架',
        text: '链接可能有误，或内容已被删除',
        buttons: [{ text: '返回首页', variant: 'default', actions: [{ action: 'navigate', to: '/' }] }],
      },
    });
    expect(detailBlocks).toContainEqual({
      type: 'result',
      visibleOn: 'sources.detail.error && sources.detail.errorCode != 4004 && sources.detail.errorCode != 4000',
      props: { status: 'error', title: '资讯加载失败', text: '${sources.detail.error}' },
    });
  });
});
