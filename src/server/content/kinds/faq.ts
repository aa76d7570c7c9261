/**
 * demo/faq/*.json: frequently asked questions. A file without `genus` is shown for every subject; `category`
 * limits an entry to one category of the file's genus. type: 1 报考政策, 2 备考学习, 3 使用帮助.
 */
import { z } from 'zod';
import { paragraphs, text } from '../fields';
import { type ContentDir, listFiles, readJson } from '../files';

const item = z.strictObject({
  type: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '只能是 1（报考政策）、2（备考学习）或 3（使用帮助）' }),
  category: text().optional(),
  question: text(),
  answer: paragraphs(),
});

export const faqFileSchema = z
  .strictObject({ genus: text().optional(), items: z.array(item).min(1, { error: '至少要有一条' }) })
  .superRefine((v, ctx) => {
    for (const [i, f] of v.items.entries()) {
      if (f.category && !v.genus)
        ctx.addIssue({ code: 'custom', path: ['items', i, 'category'], message: '只有写了 genus 的文件才能限定 category' });
    }
  });

export type FaqItem = z.output<typeof item>;
/** Shared entries (no genus) and each genus's, in file order. */
export interface FaqContent {
  shared: FaqItem[];
  byGenus: ReadonlyMap<string, FaqItem[]>;
}

export function loadFaq(dir: ContentDir): FaqContent {
  const shared: FaqItem[] = [];
  const byGenus = new Map<string, FaqItem[]>();
  for (const rel of listFiles(dir, 'demo/faq', '.json')) {
    const file = readJson(dir, rel, faqFileSchema);
    if (!file.genus) shared.push(...file.items);
    else byGenus.set(file.genus, [...(byGenus.get(file.genus) ?? []), ...file.items]);
  }
  return { shared, byGenus };
}
