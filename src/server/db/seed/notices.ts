/**
 * Announcements (content/demo/notices.json): platform-wide ones plus each genus's. Each opens its own announcement
 * article, the feature it announces or a news article of its genus.
 */
import type { NoticeContent, NoticesContent } from '../../content/kinds/notices';
import { fill } from '../../content/template';
import { type Rng, shuffled } from './prng';
import { half, sittings, type Terms, termsAt } from './terms';

export interface NewsRef {
  id: number;
  genus_id: number;
  category_id: number;
  title: string;
}

export interface NoticeRow {
  genus_id: number | null;
  category_id: number | null;
  title: string;
  link: string;
  created_at: number;
}

/**
 * Values of the notice placeholders for a genus: exam sittings worked out from today's date. The sittings of the
 * known exams follow their real calendars; other genera get a generic twice-a-year calendar.
 */
export function noticeValues(genusName: string, t: Terms): Record<string, string> {
  const generic = sittings(t, [3, 9], [8, 12]);
  const values: Record<string, string> = {
    year: String(t.year),
    genus: genusName,
    registration: generic.registration,
    scored: generic.scored,
    next: generic.registration,
    admission: String(t.month <= 10 ? t.year + 1 : t.year + 2),
    lineYear: String(t.month >= 3 ? t.year : t.year - 1),
  };
  switch (genusName) {
    case '英语四六级':
      // Written exams in June and December; registration around March and September; scores by August and
      // (for the December sitting) by the following March.
      values.scored = t.month >= 8 ? half(t.year, true) : t.month >= 3 ? half(t.year - 1, false) : half(t.year - 1, true);
      break;
    case '计算机等级':
      // Sittings in March and September; scores about a month later.
      values.next = t.month <= 2 ? `${t.year}年3月` : t.month <= 8 ? `${t.year}年9月` : `${t.year + 1}年3月`;
      values.scored = t.month >= 10 ? `${t.year}年9月` : t.month >= 4 ? `${t.year}年3月` : `${t.year - 1}年9月`;
      break;
    case '教师资格证': {
      // Written exams in March and October; registration in January and September; scores in April and November.
      const s = sittings(t, [1, 9], [4, 11]);
      values.registration = s.registration;
      values.scored = s.scored;
      break;
    }
  }
  // 考研: registration in October for the December exam, which admits students the following year (the defaults).
  return values;
}

/** The newest article of `news` (ordered oldest first) whose title contains `keyword`; '' when none does. */
function newsLink(news: readonly NewsRef[], keyword: string): string {
  for (let i = news.length - 1; i >= 0; i--) {
    const n = news[i];
    if (n?.title.includes(keyword)) return `/news/detail/${n.id}`;
  }
  return '';
}

/** A notice row and, when it opens its own announcement, that article's id (its title and date follow the notice). */
export interface PlannedNotice {
  row: NoticeRow;
  articleId?: number;
}

/** The page of an announcement article (content/demo/articles/notices, stored as an advert). */
export const announcementLink = (id: number) => `/adverts/detail?id=${id}`;

/**
 * Notices with `created_at` spread over the 30 days before `now` (newest first in the returned order). `articles`
 * maps the slugs of the announcement articles to their ids; a notice naming a slug that is not there is an error.
 */
export function buildNotices(
  content: NoticesContent,
  rng: Rng,
  now: number,
  genera: ReadonlyArray<{ id: number; name: string }>,
  news: readonly NewsRef[],
  articles: ReadonlyMap<string, number>,
): PlannedNotice[] {
  const t = termsAt(now);
  const drafts: Array<{ row: Omit<NoticeRow, 'created_at'>; articleId?: number }> = [];
  const draft = (n: NoticeContent, values: Record<string, string>, genusId: number | null, pool: readonly NewsRef[]) => {
    let link = n.link ?? '';
    let articleId: number | undefined;
    if (n.article !== undefined) {
      articleId = articles.get(n.article);
      if (articleId === undefined) throw new Error(`notice “${n.title}”: no announcement with slug ${n.article} in demo/articles/notices`);
      link = announcementLink(articleId);
    } else if (n.linkKeyword !== undefined) link = newsLink(pool, n.linkKeyword);
    drafts.push({ row: { genus_id: genusId, category_id: null, title: fill(n.title, values), link }, articleId });
  };
  const globalValues = noticeValues('', t);
  for (const n of content.global) draft(n, globalValues, null, news);
  for (const g of genera) {
    const own = news.filter((n) => n.genus_id === g.id);
    const values = noticeValues(g.name, t);
    for (const n of content.byGenus[g.name] ?? content.otherGenus) draft(n, values, g.id, own);
  }
  // Interleave global and genus notices in time: each draft gets a random, distinct time slot.
  const slots = shuffled(
    rng,
    drafts.map((_, i) => i),
  );
  const span = 30 * 86400;
  const step = Math.floor(span / drafts.length);
  return drafts.map((d, i) => {
    const slot = slots.indexOf(i);
    return { row: { ...d.row, created_at: now - 600 - slot * step - Math.floor(rng() * step) }, articleId: d.articleId };
  });
}
