/**
 * Carousel banners (content/demo/banners.json): study-home (type 1) and mall (type 2) banners per category, plus
 * global ones. Each leads to what it promises: a page, or a news article, course, question bank or good of its
 * category; a category without what a banner promises does not get it (no stand-in link).
 */

import type { BannerTable } from '../../areas/study/genus-tables';
import type { BannerContent, BannersContent, BannerTarget } from '../../content/kinds/banners';
import type { CategoryContent } from '../../content/kinds/subjects';
import { fill } from '../../content/template';
import type { NewsRef } from './notices';

/** A banner row as the seed inserts it (the table's columns without the generated id). */
export type BannerRow = Omit<BannerTable, 'id'>;

export const PALETTE = ['#2f7cf6', '#12b886', '#f76707', '#7950f2', '#e64980', '#1098ad', '#f59f00', '#4c6ef5', '#0ca678'];

/** What banners can lead to, of every category (ordered by id). */
export interface BannerTargets {
  /** News, oldest first. */
  news: readonly NewsRef[];
  courses: ReadonlyArray<{ id: number; category_id: number; name: string }>;
  banks: ReadonlyArray<{ id: number; category_id: number; parent_id: number | null; name: string }>;
  goods: ReadonlyArray<{ id: number; category_id: number; name: string }>;
}

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

/** The path of one target in a category, or undefined when the category has none. */
function targetLink(t: BannerTarget, categoryId: number | null, all: BannerTargets): string | undefined {
  const mine = <T extends { category_id: number }>(list: readonly T[]) => list.filter((x) => x.category_id === categoryId);
  if ('keyword' in t) {
    const news = mine(all.news);
    for (let i = news.length - 1; i >= 0; i--) if (news[i]?.title.includes(t.keyword)) return `/news/detail/${news[i]?.id}`;
    return undefined;
  }
  if ('course' in t) {
    const c = mine(all.courses).find((x) => x.name.includes(t.course));
    return c && `/course/detail/${c.id}`;
  }
  if ('bank' in t) {
    const b = mine(all.banks).find((x) => x.name.includes(t.bank));
    if (!b) return undefined;
    // A bank with chapters opens on its chapter list; a chapter (or a paper) opens the answering screen.
    return b.parent_id ? `/question/answer/${b.id}` : `/question/child_list/${b.id}`;
  }
  const g = mine(all.goods).find((x) => x.name.includes(t.good));
  return g && `/mall/detail/${g.id}`;
}

/**
 * Where a banner leads: its path; the first of its targets the category has; '' for its own detail page (the seed
 * fills in /banner/detail/<id> once ids are known); undefined when the category has none of its targets.
 */
export function resolveLink(link: BannerContent['link'], categoryId: number | null, all: BannerTargets): string | undefined {
  if (link === undefined) return '';
  if (typeof link === 'string') return link;
  for (const t of Array.isArray(link) ? link : [link]) {
    const to = targetLink(t, categoryId, all);
    if (to) return to;
  }
  return undefined;
}

export interface SubjectRef {
  genusId: number;
  genusName: string;
  categoryId: number;
  category: CategoryContent;
}

/** Banner rows; `image` (and the link of a banner that opens its own page) is filled in after insert, once the ids are known. */
export function buildBanners(content: BannersContent, subjects: readonly SubjectRef[], targets: BannerTargets): BannerRow[] {
  const rows: BannerRow[] = [];
  let colorIndex = 0;
  const nextColor = () => PALETTE[colorIndex++ % PALETTE.length] ?? '#2f7cf6';
  content.global.forEach((tpl, i) => {
    const link = resolveLink(tpl.link, null, targets);
    if (link === undefined) return;
    rows.push({
      genus_id: null,
      category_id: null,
      type: 1,
      ...render(content, tpl, '', ''),
      color: nextColor(),
      image: '',
      link,
      sort: i + 1,
    });
  });
  for (const s of subjects) {
    const tpls = content.byGenus[s.genusName] ?? content.byGenus[content.fallbackGenus] ?? [];
    let sort1 = 0;
    for (const tpl of tpls) {
      const link = resolveLink(tpl.link, s.categoryId, targets);
      if (link === undefined) continue;
      // The mall template is the category's mall (type 2) banner.
      const type = tpl.mall ? 2 : 1;
      rows.push({
        genus_id: s.genusId,
        category_id: s.categoryId,
        type,
        ...render(content, tpl, s.category.name, s.category.short),
        color: nextColor(),
        image: '',
        link,
        sort: type === 1 ? ++sort1 : 1,
      });
    }
  }
  return rows;
}
