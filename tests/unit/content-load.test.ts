import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentError, DEFAULT_CONTENT_DIR, loadDemo, loadReference } from '../../src/server/content/load';
import { fill } from '../../src/server/content/template';

const copies: string[] = [];
afterAll(() => {
  for (const d of copies) fs.rmSync(d, { recursive: true, force: true });
});

/** A temp copy of content/ with one file changed; the error message is shown relative to the working directory. */
function brokenCopy(rel: string, change: (text: string) => string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-content-'));
  copies.push(root);
  fs.cpSync(DEFAULT_CONTENT_DIR, root, { recursive: true });
  const file = path.join(root, rel);
  fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')));
  return root;
}

function refusal(load: () => unknown): ContentError {
  try {
    load();
  } catch (e) {
    if (e instanceof ContentError) return e;
    throw e;
  }
  throw new Error('the content was accepted');
}

const editJson =
  <T>(edit: (data: T) => void) =>
  (text: string) => {
    const data = JSON.parse(text) as T;
    edit(data);
    return JSON.stringify(data, null, 2);
  };

describe('content folder', () => {
  it('every file of content/ loads and validates', () => {
    const reference = loadReference();
    expect(reference.subjects.map((g) => g.name)).toEqual(['英语四六级', '计算机等级', '考研', '驾照', '教师资格证']);
    expect(reference.agreements.map((a) => a.key)).toEqual([
      'user_agreement',
      'privacy',
      'personal_info_list',
      'third_party_sdk',
      'cancellation',
    ]);
    const demo = loadDemo();
    expect(demo.qa).toHaveLength(28);
    expect(demo.faq.byGenus.get('考研')?.length).toBeGreaterThan(5);
    expect(demo.study.strategies).toHaveLength(14);
    expect([...demo.news.pools.keys()].sort()).toEqual(['*', '英语四六级', '考研', '计算机等级', '教师资格证', '驾照'].sort());
    for (const [kind, list] of Object.entries(demo.news.templates)) expect(list.length, kind).toBeGreaterThan(0);
    // Every folder of content/ is read by the loader: a stray file kind would be silently ignored otherwise.
    const files = fs.readdirSync(DEFAULT_CONTENT_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(json|md)$/.test(f));
    expect(files.every((f) => f === 'README.md' || f.startsWith(`reference${path.sep}`) || f.startsWith(`demo${path.sep}`))).toBe(true);
  });

  it('refuses an empty FAQ answer, naming the file and the field', () => {
    const root = brokenCopy(
      'demo/faq/kaoyan.json',
      editJson<{ items: Array<{ answer: string }> }>((d) => {
        (d.items[3] as { answer: string }).answer = '';
      }),
    );
    const e = refusal(() => loadDemo(root));
    expect(e.message).toMatch(/demo\/faq\/kaoyan\.json: items\[3\]\.answer: /);
    expect(e.field).toBe('items[3].answer');
  });

  it('refuses a missing field and an unknown field in a Markdown front matter', () => {
    const missing = brokenCopy('demo/qa/05.md', (t) => t.replace(/^answerer: .*\n/m, ''));
    expect(refusal(() => loadDemo(missing)).message).toMatch(/demo\/qa\/05\.md: answerer: 缺少此项$/);
    const unknown = brokenCopy('demo/articles/guides/01-read.md', (t) => t.replace('slug: read', 'slug: read\nautor: 王老师'));
    expect(refusal(() => loadDemo(unknown)).message).toMatch(/demo\/articles\/guides\/01-read\.md: 未知字段：autor$/);
  });

  it('refuses a template placeholder the kind does not offer', () => {
    const root = brokenCopy('demo/study/strategies/03.md', (t) => t.replace('{label}', '{lable}'));
    const e = refusal(() => loadDemo(root));
    expect(e.message).toMatch(/demo\/study\/strategies\/03\.md: (title|body): 未知占位符 \{lable\}/);
  });

  it('refuses a banner outro that is not one of the shared texts', () => {
    const root = brokenCopy(
      'demo/banners.json',
      editJson<{ byGenus: Record<string, Array<{ outro: string }>> }>((d) => {
        (d.byGenus.考研?.[1] as { outro: string }).outro = 'joni';
      }),
    );
    expect(refusal(() => loadDemo(root)).message).toMatch(/demo\/banners\.json: byGenus\.考研\[1\]\.outro: “joni”不在 outros 中/);
  });

  it('refuses broken JSON and a wrongly typed reference field', () => {
    const json = brokenCopy('reference/subjects.json', (t) => t.replace('[', '[,'));
    expect(refusal(() => loadReference(json)).message).toMatch(/reference\/subjects\.json: 不是有效的 JSON/);
    const typed = brokenCopy(
      'reference/subjects.json',
      editJson<Array<{ categories: Array<{ short: unknown }> }>>((d) => {
        (d[1]?.categories[0] as { short: unknown }).short = 3;
      }),
    );
    expect(refusal(() => loadReference(typed)).message).toMatch(/reference\/subjects\.json: \[1\]\.categories\[0\]\.short: 应为字符串$/);
  });

  it('refuses a title pattern whose variant has no template', () => {
    const root = brokenCopy(
      'demo/news/pools/cet.json',
      editJson<{ titles: Array<{ variant?: number }> }>((d) => {
        (d.titles[0] as { variant?: number }).variant = 7;
      }),
    );
    expect(refusal(() => loadDemo(root)).message).toMatch(/demo\/news\/pools\/cet\.json: titles\[0\]\.variant: signup 只有 3 个模板/);
  });
});

describe('template placeholders', () => {
  it('fill values, list items (wrapping), ranges and bullet lists', () => {
    const values = { cat: '四级', items: ['证件', '铅笔', '耳机'] };
    expect(fill('{cat}带{items}', values)).toBe('四级带证件、铅笔、耳机');
    expect(fill('{items.1}/{items.4}', values)).toBe('铅笔/铅笔');
    expect(fill('{items.0-1}', values)).toBe('证件、铅笔');
    expect(fill('{items:bullets}', values)).toBe('- 证件\n- 铅笔\n- 耳机');
    // Latin words meeting at a joint keep a space between; Chinese joints stay closed.
    const latin = { label: '计算机二级 MS Office', topic: 'PowerPoint动画', py: 'Python', cn: '听力篇章' };
    expect(fill('{label}{topic}精讲课', latin)).toBe('计算机二级 MS Office PowerPoint动画精讲课');
    expect(fill('{py}字典与列表', latin)).toBe('Python字典与列表');
    expect(fill('英语四级{cn}精讲课', latin)).toBe('英语四级听力篇章精讲课');
    expect(fill('{py}{cn}', latin)).toBe('Python听力篇章');
  });
});
