/**
 * demo/banners.json: carousel banners. `global` ones for every subject; per genus (`byGenus`, else the list of
 * `fallbackGenus`) one banner set per category, {cat}/{short} being the category's name and short name. A banner
 * whose link is /mall/index is the category's mall banner. `outro` names one of the shared `outros` texts.
 */
import { z } from 'zod';
import { template, text, textList } from '../fields';
import { type ContentDir, readJson } from '../files';

const fillable = () => template({ cat: 'text', short: 'text' });

const banner = z.strictObject({
  title: fillable(),
  subtitle: fillable(),
  /** A path, or the newest article of the category whose title contains `keyword`. */
  link: z.union([text(), z.strictObject({ keyword: text() })], { error: '应为路径字符串或 {"keyword": "…"}' }),
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

export const loadBanners = (dir: ContentDir) => readJson(dir, 'demo/banners.json', bannersSchema);
