/**
 * reference/site.json (names the agreements refer to) and reference/agreements/*.md (one legal document each:
 * front matter `key` and `title`, Markdown body with placeholders {appName} {operator} {serviceEmail}
 * {privacyEmail} {date}).
 */
import { z } from 'zod';
import { ContentError } from '../errors';
import { template, text } from '../fields';
import { type ContentDir, listFiles, readJson, readMarkdown, shownPath } from '../files';
import type { Vocabulary } from '../template';

export const siteSchema = z.strictObject({ appName: text(), operator: text(), serviceEmail: text(), privacyEmail: text() });

export const AGREEMENT_VOCABULARY: Vocabulary = {
  appName: 'text',
  operator: 'text',
  serviceEmail: 'text',
  privacyEmail: 'text',
  /** The seeding day, e.g. 2026年5月28日. */
  date: 'text',
};

export const agreementSchema = z.strictObject({
  key: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, { error: '只能用小写字母、数字和下划线，以字母开头' }),
  title: text(),
  body: template(AGREEMENT_VOCABULARY),
});

export type Site = z.output<typeof siteSchema>;
export type Agreement = z.output<typeof agreementSchema>;

export function loadAgreements(dir: ContentDir): { site: Site; agreements: Agreement[] } {
  const site = readJson(dir, 'reference/site.json', siteSchema);
  const agreements: Agreement[] = [];
  for (const rel of listFiles(dir, 'reference/agreements', '.md')) {
    const a = readMarkdown(dir, rel, agreementSchema);
    if (agreements.some((b) => b.key === a.key)) throw new ContentError(shownPath(dir, rel), 'key', `“${a.key}”与另一个文件重复`);
    agreements.push(a);
  }
  return { site, agreements };
}
