/** reference/subjects.json: the subject areas (genera) and their categories, in display order. */
import { z } from 'zod';
import { text } from '../fields';
import { type ContentDir, readJson } from '../files';

const category = z.strictObject({
  name: text(),
  /** Short label used where space is tight (banner titles, hot words). */
  short: text(),
});

export const subjectsSchema = z
  .array(z.strictObject({ name: text(), description: text(), categories: z.array(category).min(1, { error: '至少要有一个科目' }) }))
  .min(1, { error: '至少要有一个大类' })
  .superRefine((genera, ctx) => {
    const seen = new Set<string>();
    for (const [i, g] of genera.entries()) {
      if (seen.has(g.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `大类名称“${g.name}”重复` });
      seen.add(g.name);
      const cats = new Set<string>();
      for (const [j, c] of g.categories.entries()) {
        if (cats.has(c.name)) ctx.addIssue({ code: 'custom', path: [i, 'categories', j, 'name'], message: `科目名称“${c.name}”重复` });
        cats.add(c.name);
      }
    }
  });

export type GenusContent = z.output<typeof subjectsSchema>[number];
export type CategoryContent = z.output<typeof category>;

export const loadSubjects = (dir: ContentDir) => readJson(dir, 'reference/subjects.json', subjectsSchema);
