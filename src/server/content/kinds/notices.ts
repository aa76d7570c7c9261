/**
 * demo/notices.json: announcements. `global` for every subject, `byGenus` three or so per genus, `otherGenus`
 * for genera without their own list. `linkKeyword` links a notice to the newest article whose title contains it.
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

const notice = z.strictObject({ title: template(NOTICE_VOCABULARY), linkKeyword: text().optional() });

export const noticesSchema = z.strictObject({
  global: z.array(notice),
  byGenus: z.record(text(), z.array(notice)),
  otherGenus: z.array(notice),
});

export type NoticesContent = z.output<typeof noticesSchema>;
export type NoticeContent = z.output<typeof notice>;

export const loadNotices = (dir: ContentDir) => readJson(dir, 'demo/notices.json', noticesSchema);
