/**
 * Material of the news-article generator: demo/news/pools/*.json (per genus: exam facts, title patterns and,
 * per category, topics, tips, mistakes and materials; `"genus": "*"` is the fallback for other subjects),
 * demo/news/templates/<kind>/*.md (paragraph templates of each title kind) and demo/news/closers.json.
 */
import { z } from 'zod';
import { ContentError } from '../errors';
import { template, text, textList } from '../fields';
import { type ContentDir, listFiles, listFolders, readJson, readMarkdown, shownPath } from '../files';
import type { Vocabulary } from '../template';

export const NEWS_KINDS = ['signup', 'syllabus', 'experience', 'analysis', 'score', 'template', 'mistake', 'plan', 'rules'] as const;
export type NewsKind = (typeof NEWS_KINDS)[number];

/** Placeholders of article titles. */
export const TITLE_VOCABULARY: Vocabulary = { cat: 'text', year: 'text', x: 'text' };

/** Placeholders of paragraph templates and closers. */
export const NEWS_VOCABULARY: Vocabulary = {
  exam: 'text',
  org: 'text',
  cat: 'text',
  year: 'text',
  x: 'text',
  focus: 'text',
  focus2: 'text',
  schedule: 'text',
  signupWay: 'text',
  scoreWay: 'text',
  material: 'text',
  examDayItems: 'list',
  tips: 'list',
  mistakes: 'list',
};

const categoryPool = z.strictObject({
  topics: textList(),
  tips: textList(),
  mistakes: textList(),
  materials: textList(),
});

const titlePattern = z.strictObject({
  kind: z.enum(NEWS_KINDS),
  t: template(TITLE_VOCABULARY),
  fill: textList().optional(),
  variant: z.int().min(0).optional(),
});

export const poolSchema = z.strictObject({
  genus: text(),
  exam: text(),
  org: text(),
  schedule: text(),
  signupWay: text(),
  scoreWay: text(),
  catLabel: template({ cat: 'text' }).optional(),
  examDayItems: textList(),
  authors: textList(),
  sources: textList(),
  titles: z.array(titlePattern).min(1),
  categories: z.record(text(), categoryPool),
});

const templateSchema = z.strictObject({ body: template(NEWS_VOCABULARY) });
export const closersSchema = z.array(template(NEWS_VOCABULARY)).min(1);

export type GenusPool = z.output<typeof poolSchema>;
export type CategoryPool = z.output<typeof categoryPool>;
export type TitlePattern = z.output<typeof titlePattern>;

export interface NewsContent {
  /** By genus name; `*` is the fallback. */
  pools: ReadonlyMap<string, GenusPool>;
  /** Paragraph templates (Markdown, blocks separated by blank lines) by title kind, in file-name order. */
  templates: Readonly<Record<NewsKind, readonly string[]>>;
  closers: readonly string[];
}

function loadTemplates(dir: ContentDir): Record<NewsKind, string[]> {
  const out = Object.fromEntries(NEWS_KINDS.map((k) => [k, [] as string[]])) as Record<NewsKind, string[]>;
  for (const folder of listFolders(dir, 'demo/news/templates')) {
    if (!(NEWS_KINDS as readonly string[]).includes(folder)) {
      throw new ContentError(shownPath(dir, `demo/news/templates/${folder}`), '', `未知的文章类型（可用：${NEWS_KINDS.join('、')}）`);
    }
    for (const rel of listFiles(dir, `demo/news/templates/${folder}`, '.md')) {
      out[folder as NewsKind].push(readMarkdown(dir, rel, templateSchema).body);
    }
  }
  return out;
}

export function loadNews(dir: ContentDir): NewsContent {
  const templates = loadTemplates(dir);
  const pools = new Map<string, GenusPool>();
  for (const rel of listFiles(dir, 'demo/news/pools', '.json')) {
    const pool = readJson(dir, rel, poolSchema);
    if (pools.has(pool.genus)) throw new ContentError(shownPath(dir, rel), 'genus', `“${pool.genus}”已在另一个文件中`);
    for (const [i, t] of pool.titles.entries()) {
      const count = templates[t.kind].length;
      if (count === 0) throw new ContentError(shownPath(dir, rel), `titles[${i}].kind`, `demo/news/templates/${t.kind}/ 中没有模板`);
      if (t.variant !== undefined && t.variant >= count) {
        throw new ContentError(shownPath(dir, rel), `titles[${i}].variant`, `${t.kind} 只有 ${count} 个模板（从 0 数起）`);
      }
    }
    pools.set(pool.genus, pool);
  }
  if (!pools.has('*')) throw new ContentError(shownPath(dir, 'demo/news/pools'), '', '缺少 "genus": "*" 的通用内容文件');
  const fallback = pools.get('*');
  if (fallback && Object.keys(fallback.categories).length === 0) {
    throw new ContentError(shownPath(dir, 'demo/news/pools'), 'categories', '通用内容文件至少要有一个科目');
  }
  return { pools, templates, closers: readJson(dir, 'demo/news/closers.json', closersSchema) };
}
