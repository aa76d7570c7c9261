/**
 * demo/notices.json: announcements. `global` for every subject, `byGenus` three or so per genus, `otherGenus`
 * for genera without their own list. Every notice opens something, named by exactly one of: `article`, the slug of
 * its announcement in demo/articles/notices/ (shown on /adverts/detail); `link`, a page of the app (the feature it
 * announces); `linkKeyword`, the newest news article of the genus whose title contains it.
 */
import { z } from 'zod';
import { template, text } from '../fields';
import { type ContentDir, readJson } from '../files';
import type { Vocabulary } from '../template';

/** {year} this year; {genus} the genus name; the rest are exam sittings worked out from today's date. */
export const NOTICE_VOCABULARY: Vocabulary = {
  year: 'text',
  genus: 'text',
  registration: 'text',
  scored: 'text',
  next: 'text',
  admission: 'text',
  lineYear: 'text',
};

const notice = z
  .strictObject({
    title: template(NOTICE_VOCABULARY),
    article: text().optional(),
    link: z.string().startsWith('/', { error: '应为以 / 开头的站内路径' }).optional(),
    linkKeyword: text().optional(),
  })
  .refine((n) => [n.article, n.link, n.linkKeyword].filter((v) => v !== undefined).length === 1, {
    error: '每条公告须有且只有 article、link、linkKeyword 之一（点开后去哪里）',
  });

export const noticesSchema = z.strictObject({
  global: z.array(notice),
  byGenus: z.record(text(), z.array(notice)),
  otherGenus: z.array(notice),
});

export type NoticesContent = z.output<typeof noticesSchema>;
export type NoticeContent = z.output<typeof notice>;

export const loadNotices = (dir: ContentDir) => readJson(dir, 'demo/notices.json', noticesSchema);
