/**
 * demo/banners.json: carousel banners. `global` ones for every subject; per genus (`byGenus`, else the list of
 * `fallbackGenus`) one banner set per category, {cat}/{short} being the category's name and short name. A banner
 * with `mall: true` is the category's mall banner. `outro` names one of the shared `outros` texts.
 *
 * A banner leads to what it promises: `link` is a path of the app; or the category's newest news article whose title
 * contains `keyword`, its course / question bank / good whose name contains `course` / `bank` / `good`; or a list of
 * these, the first that the category has. Without `link` it opens its own detail page (its intro and points). A
 * category that has none of what a banner promises does not get that banner.
 */
import { z } from 'zod';
import { template, text, textList } from '../fields';
import { type ContentDir, readJson } from '../files';

const fillable = () => template({ cat: 'text', short: 'text' });

/** Something of the category the banner leads to, found by a word of its title or name ('' for any). */
const target = z.union([
  z.strictObject({ keyword: text() }),
  z.strictObject({ course: z.string() }),
  z.strictObject({ bank: z.string() }),
  z.strictObject({ good: z.string() }),
]);

const banner = z.strictObject({
  title: fillable(),
  subtitle: fillable(),
  link: z
    .union([z.string().startsWith('/'), target, z.array(target).min(1)], {
      error: '应为以 / 开头的路径、{"keyword" | "course" | "bank" | "good": "…"} 或它们的列表',
    })
    .optional(),
  mall: z.literal(true).optional(),
  intro: fillable(),
  points: textList(),
  outro: text(),
});

export const bannersSchema = z
  .strictObject({
    outros: z.record(text(), text()),
    global: z.array(banner),
    fallbackGenus: text(),
    byGenus: z.record(text(), z.array(banner)),
  })
  .superRefine((v, ctx) => {
    const check = (list: ReadonlyArray<{ outro: string }>, path: PropertyKey[]) => {
      for (const [i, b] of list.entries()) {
        if (!(b.outro in v.outros)) {
          ctx.addIssue({
            code: 'custom',
            path: [...path, i, 'outro'],
            message: `“${b.outro}”不在 outros 中（可用：${Object.keys(v.outros).join('、')}）`,
          });
        }
      }
    };
    check(v.global, ['global']);
    for (const [genus, list] of Object.entries(v.byGenus)) check(list, ['byGenus', genus]);
    if (!(v.fallbackGenus in v.byGenus))
      ctx.addIssue({ code: 'custom', path: ['fallbackGenus'], message: `byGenus 中没有“${v.fallbackGenus}”` });
  });

export type BannersContent = z.output<typeof bannersSchema>;
export type BannerContent = z.output<typeof banner>;
export type BannerTarget = z.output<typeof target>;

export const loadBanners = (dir: ContentDir) => readJson(dir, 'demo/banners.json', bannersSchema);
