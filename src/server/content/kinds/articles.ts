/**
 * demo/articles/<folder>/*.md: single articles (skills, study-plan guides, learning materials, adverts, school
 * news, feedback help, the announcements the home notices open). Front matter: title, and where the page shows them slug, summary, author, source, school,
 * link, linkText; the body is the article. Files are ordered by name.
 */
import { z } from 'zod';
import { ContentError } from '../errors';
import { text } from '../fields';
import { type ContentDir, listFiles, listFolders, readMarkdown, shownPath } from '../files';

/** The folders, in seeding order. */
export const ARTICLE_FOLDERS = [
  'skills-politics',
  'skills-kao-gong',
  'skills-pub-med-math',
  'guides',
  'materials',
  'adverts',
  'school-news',
  'nemt-school-news',
  'feedback-help',
  'notices',
] as const;
export type ArticleFolder = (typeof ARTICLE_FOLDERS)[number];

export const articleSchema = z.strictObject({
  title: text(),
  slug: z
    .string()
    .regex(/^[a-z0-9-]+$/, { error: '只能用小写字母、数字和连字符' })
    .optional(),
  summary: text().optional(),
  author: text().optional(),
  source: text().optional(),
  school: text().optional(),
  link: z.string().startsWith('/', { error: '应为以 / 开头的站内路径' }).optional(),
  linkText: text().optional(),
  body: text(),
});

export type ArticleContent = z.output<typeof articleSchema>;

export function loadArticles(dir: ContentDir): Record<ArticleFolder, ArticleContent[]> {
  for (const folder of listFolders(dir, 'demo/articles')) {
    if (!(ARTICLE_FOLDERS as readonly string[]).includes(folder)) {
      throw new ContentError(shownPath(dir, `demo/articles/${folder}`), '', `未知的文章文件夹（可用：${ARTICLE_FOLDERS.join('、')}）`);
    }
  }
  const out = {} as Record<ArticleFolder, ArticleContent[]>;
  for (const folder of ARTICLE_FOLDERS) {
    out[folder] = listFiles(dir, `demo/articles/${folder}`, '.md').map((rel) => readMarkdown(dir, rel, articleSchema));
  }
  return out;
}
