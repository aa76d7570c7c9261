/** Carousel banners (content/demo/banners.json): study-home (type 1) and mall (type 2) banners per category, plus global ones. */

import type { BannerTable } from '../../areas/study/genus-tables';
import type { BannerContent, BannersContent } from '../../content/kinds/banners';
import type { CategoryContent } from '../../content/kinds/subjects';
import { fill } from '../../content/template';
import type { NewsRef } from './notices';

/** A banner row as the seed inserts it (the table's columns without the generated id). */
export type BannerRow = Omit<BannerTable, 'id'>;

export const PALETTE = ['#2f7cf6', '#12b886', '#f76707', '#7950f2', '#e64980', '#1098ad', '#f59f00', '#4c6ef5', '#0ca678'];
const MALL_LINK = '/mall/index';

function render(
  content: BannersContent,
  tpl: BannerContent,
  cat: string,
  short: string,
): Pick<BannerRow, 'title' | 'subtitle' | 'content'> {
  const values = { cat, short };
  const body = [fill(tpl.intro, values), '## 你将获得', tpl.points.map((p) => `- ${p}`).join('\n'), content.outros[tpl.outro] ?? ''];
  return { title: fill(tpl.title, values), subtitle: fill(tpl.subtitle, values), content: body.join('\n\n') };
}

function resolveLink(link: BannerContent['link'], news: readonly NewsRef[]): string {
  if (typeof link === 'string') return link;
  for (let i = news.length - 1; i >= 0; i--) {
    const n = news[i];
    if (n?.title.includes(link.keyword)) return `/news/detail/${n.id}`;
  }
  const newest = news[news.length - 1];
  return newest ? `/news/detail/${newest.id}` : '/study/search';
}

export interface SubjectRef {
  genusId: number;
  genusName: string;
  categoryId: number;
  category: CategoryContent;
}

/** Banner rows; `image` is filled in after insert, once the ids are known. */
export function buildBanners(content: BannersContent, subjects: readonly SubjectRef[], news: readonly NewsRef[]): BannerRow[] {
  const rows: BannerRow[] = [];
  let colorIndex = 0;
  const nextColor = () => PALETTE[colorIndex++ % PALETTE.length] ?? '#2f7cf6';
  content.global.forEach((tpl, i) => {
    rows.push({
      genus_id: null,
      category_id: null,
      type: 1,
      ...render(content, tpl, '', ''),
      color: nextColor(),
      image: '',
      link: resolveLink(tpl.link, news),
      sort: i + 1,
    });
  });
  for (const s of subjects) {
    const tpls = content.byGenus[s.genusName] ?? content.byGenus[content.fallbackGenus] ?? [];
    const own = news.filter((n) => n.category_id === s.categoryId);
    let sort1 = 0;
    for (const tpl of tpls) {
      // The template that links to the mall is the category's mall (type 2) banner.
      const type = tpl.link === MALL_LINK ? 2 : 1;
      rows.push({
        genus_id: s.genusId,
        category_id: s.categoryId,
        type,
        ...render(content, tpl, s.category.name, s.category.short),
        color: nextColor(),
        image: '',
        link: resolveLink(tpl.link, own),
        sort: type === 1 ? ++sort1 : 1,
      });
    }
  }
  return rows;
}
