/**
 * Generated covers of courses, goods, news, strategies, columns and articles (`/media/<kind>/<name>`, the cover URLs the
 * seed gives them): a gradient in a colour picked from the subject, the subject as a label, the item's title set in
 * lines and a line drawing of what it is (a play button for a course, a book, a question sheet, a crown for a
 * membership). The title and subject are looked up by the cover URL, as the e-book covers are.
 */
import type { Services } from '../http/context';
import { escapeHtml } from '../http/escape-html';
import { titleLines, widthOfText } from './book-cover';
import { coverTone } from './cover-tones';

export type CoverGlyph = 'course' | 'live' | 'book' | 'bank' | 'vip' | 'parcel' | 'news' | 'column' | 'guide';

/** The line drawings, in a 48×48 box, stroked white. */
const GLYPHS: Record<CoverGlyph, string> = {
  course: '<rect x="4" y="8" width="40" height="28" rx="5"/><path d="M20 16v12l10-6z" fill="#fff"/><path d="M16 42h16"/>',
  live: '<rect x="4" y="10" width="40" height="28" rx="5"/><circle cx="24" cy="24" r="6"/><path d="M15 5l9 5 9-5"/>',
  book: '<path d="M24 12c-5-4-12-5-18-4v28c6-1 13 0 18 4 5-4 12-5 18-4V8c-6-1-13 0-18 4z"/><path d="M24 12v28"/>',
  bank: '<rect x="9" y="5" width="30" height="38" rx="4"/><path d="M16 15h16M16 23h16M16 31h9"/><path d="M29 33l3 3 6-7"/>',
  vip: '<path d="M7 36l-3-22 11 9 9-14 9 14 11-9-3 22z"/><path d="M7 42h34"/>',
  parcel: '<path d="M24 4l18 9v22l-18 9-18-9V13z"/><path d="M6 13l18 9 18-9M24 22v22"/>',
  news: '<rect x="5" y="7" width="38" height="34" rx="4"/><path d="M12 16h24M12 24h24M12 32h14"/>',
  column: '<path d="M8 8h22l10 10v22H8z"/><path d="M30 8v10h10M14 26h20M14 33h14"/>',
  guide: '<circle cx="24" cy="24" r="18"/><path d="M31 17l-4 10-10 4 4-10z"/>',
};

export interface CoverText {
  title: string;
  /** The subject (category or genus name), '' for none. */
  subject: string;
  glyph: CoverGlyph;
  /** Small label under the title: what the item is (课程, 题库…). */
  label: string;
}

const FONT = 'font-family="PingFang SC, Noto Sans CJK SC, Microsoft YaHei, sans-serif"';

/** Display width of a text in ems (CJK 1, the rest about half). */
const emsOf = (text: string) => [...text].reduce((n, ch) => n + (/[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 1 : 0.55), 0);

/**
 * The title as the cover sets it: without the subject it starts with (the label shows it) and without a 电子书：
 * or 题库： prefix; what follows a ： is a smaller second part.
 */
export function coverWords(title: string, subject: string): { main: string; sub: string } {
  let t = title.trim().replace(/^(电子书|题库)：/, '');
  if (subject && t.startsWith(subject) && t.length > subject.length + 2) t = t.slice(subject.length).trim();
  const m = /^(.+?)\s*[：:]\s*(.+)$/u.exec(t);
  return m ? { main: m[1] ?? t, sub: m[2] ?? '' } : { main: t, sub: '' };
}

/** A cover `width`×`height` (landscape or square): subject label, the title in up to three lines, the glyph. */
export function itemCoverSvg(c: CoverText, width: number, height: number): string {
  const [from, to] = coverTone(c.title);
  const square = height / width > 0.8;
  const pad = Math.round(width * 0.07);
  const g = Math.round(Math.min(width, height) * (square ? 0.24 : 0.26));
  const { main, sub } = coverWords(c.title, c.subject);
  const chipH = Math.round(width * (square ? 0.085 : 0.075));
  const chipFont = Math.round(chipH * 0.6);
  const labelFont = Math.round(chipFont * 0.95);
  const room = width - pad * 2;
  // Main title: as large as fits two lines of the width; then smaller until every line stays above the label at the
  // bottom and any line reaching down to the glyph (bottom right) ends before it.
  const start = Math.round(
    Math.min(width * (square ? 0.12 : 0.1), Math.max(width * 0.075, room / Math.min(6, Math.max(3.5, emsOf(main) / 2)))),
  );
  const layout = fitTitle({ main, sub, start, min: Math.round(width * 0.05), top: pad + chipH });
  function fitTitle(o: { main: string; sub: string; start: number; min: number; top: number }) {
    let size = o.start;
    for (;;) {
      const mainLines = titleLines(o.main, Math.max(3, Math.floor(room / size)), o.sub ? 2 : 3);
      const subSize = Math.round(size * 0.6);
      const subLines = o.sub ? titleLines(o.sub, Math.max(4, Math.floor((room - g) / subSize)), 1) : [];
      const baselines = mainLines.map((_, i) => o.top + Math.round(size * 1.25) + i * Math.round(size * 1.28));
      const subBaseline = o.top + Math.round(size * 1.25) + mainLines.length * Math.round(size * 1.28) - Math.round(size * 0.2);
      const lowest = subLines.length ? subBaseline : (baselines[baselines.length - 1] ?? o.top);
      const clearOfLabel = lowest <= height - pad - labelFont * 1.6;
      const clearOfGlyph = mainLines.every((l, i) => (baselines[i] ?? 0) < height - pad - g || widthOfText(l) * size <= room - g - pad / 2);
      if ((clearOfLabel && clearOfGlyph) || size <= o.min) return { size, subSize, mainLines, subLines, baselines, subBaseline };
      size = Math.max(o.min, Math.round(size * 0.92));
    }
  }
  const parts: string[] = [];
  for (const [i, l] of layout.mainLines.entries()) {
    parts.push(
      `<text x="${pad}" y="${layout.baselines[i]}" font-size="${layout.size}" font-weight="700" fill="#fff" ${FONT}>${escapeHtml(l)}</text>`,
    );
  }
  for (const l of layout.subLines) {
    parts.push(
      `<text x="${pad}" y="${layout.subBaseline}" font-size="${layout.subSize}" fill="#fff" fill-opacity="0.9" ${FONT}>${escapeHtml(l)}</text>`,
    );
  }
  const chipText = c.subject || '备考';
  const chip =
    `<rect x="${pad}" y="${pad}" width="${Math.round(emsOf(chipText) * chipFont + chipFont * 1.4)}" height="${chipH}" rx="${chipH / 2}" fill="#fff" fill-opacity="0.2"/>` +
    `<text x="${pad + Math.round(chipFont * 0.7)}" y="${pad + Math.round(chipH * 0.72)}" font-size="${chipFont}" fill="#fff" ${FONT}>${escapeHtml(chipText)}</text>`;
  const glyph = `<g transform="translate(${width - pad - g} ${height - pad - g}) scale(${g / 48})" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.92">${GLYPHS[c.glyph]}</g>`;
  const label =
    `<rect x="${pad}" y="${height - pad - Math.round(labelFont * 0.45)}" width="${Math.round(labelFont * 1.2)}" height="3" rx="1.5" fill="#fff" fill-opacity="0.85"/>` +
    `<text x="${pad + Math.round(labelFont * 1.6)}" y="${height - pad}" font-size="${labelFont}" fill="#fff" fill-opacity="0.88" ${FONT}>${escapeHtml(c.label)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(c.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width * 0.95}" cy="${height * 0.05}" r="${height * 0.45}" fill="#fff" fill-opacity="0.08"/><circle cx="${width * 0.62}" cy="${height * 1.08}" r="${height * 0.32}" fill="#fff" fill-opacity="0.06"/>
${chip}
${parts.join('\n')}
${label}
${glyph}
</svg>`;
}

/** The sizes each kind is shown at (the seed's cover_aspect_ratio: courses 1.6, goods 1). */
const SIZES: Record<string, readonly [number, number]> = { course: [320, 200], goods: [300, 300] };

type Lookup = (s: Services, cover: string) => Promise<CoverText | undefined>;

const subjectOf = async (s: Services, categoryId: number | null, genusId?: number | null): Promise<string> => {
  if (categoryId) {
    const c = await s.db.kysely.selectFrom('categories').select('name').where('id', '=', categoryId).executeTakeFirst();
    if (c) return c.name;
  }
  if (genusId) {
    const g = await s.db.kysely.selectFrom('genera').select('name').where('id', '=', genusId).executeTakeFirst();
    if (g) return g.name;
  }
  return '';
};

const GOOD_GLYPH: Record<string, { glyph: CoverGlyph; label: string }> = {
  course: { glyph: 'course', label: '课程' },
  ebook: { glyph: 'book', label: '电子书' },
  question_bank: { glyph: 'bank', label: '题库' },
  vip: { glyph: 'vip', label: '会员' },
  physical: { glyph: 'parcel', label: '实物 · 包邮' },
};

/** What each kind's cover shows, found by the cover URL. */
const LOOKUPS: Record<string, Lookup> = {
  course: async (s, cover) => {
    const r = await s.db.kysely
      .selectFrom('courses')
      .select(['name', 'category_id', 'genus_id', 'is_live'])
      .where('cover', '=', cover)
      .executeTakeFirst();
    return (
      r && {
        title: r.name,
        subject: await subjectOf(s, r.category_id, r.genus_id),
        glyph: r.is_live ? 'live' : 'course',
        label: r.is_live ? '直播课' : '课程',
      }
    );
  },
  goods: async (s, cover) => {
    const r = await s.db.kysely
      .selectFrom('goods')
      .select(['name', 'kind', 'category_id', 'genus_id'])
      .where('cover', '=', cover)
      .orderBy('id')
      .executeTakeFirst();
    const k = r && (GOOD_GLYPH[r.kind] ?? GOOD_GLYPH.physical);
    return r && k && { title: r.name, subject: await subjectOf(s, r.category_id, r.genus_id), ...k };
  },
  news: async (s, cover) => {
    const r = await s.db.kysely.selectFrom('news').select(['title', 'category_id']).where('cover', '=', cover).executeTakeFirst();
    return r && { title: r.title, subject: await subjectOf(s, r.category_id), glyph: 'news', label: '资讯' };
  },
  strategy: async (s, cover) => {
    const r = await s.db.kysely.selectFrom('strategies').select(['title', 'category_id']).where('cover', '=', cover).executeTakeFirst();
    return r && { title: r.title, subject: await subjectOf(s, r.category_id), glyph: 'guide', label: '备考攻略' };
  },
  column: async (s, cover) => {
    const r = await s.db.kysely.selectFrom('study_columns').select(['title', 'genus_id']).where('cover', '=', cover).executeTakeFirst();
    return r && { title: r.title, subject: await subjectOf(s, null, r.genus_id), glyph: 'column', label: '专栏' };
  },
};
const articleLookup =
  (label: string, glyph: CoverGlyph): Lookup =>
  async (s, cover) => {
    const r = await s.db.kysely.selectFrom('content_articles').select(['title']).where('cover', '=', cover).executeTakeFirst();
    return r && { title: r.title, subject: '', glyph, label };
  };
LOOKUPS.material = articleLookup('学习资料', 'book');
LOOKUPS.advert = articleLookup('推荐', 'guide');

/** The cover of a kind's item by its URL; undefined when the kind has no lookup or no item has that cover. */
export async function itemCover(s: Services, kind: string, name: string): Promise<string | undefined> {
  const lookup = LOOKUPS[kind];
  if (!lookup || !/^[\w.-]{1,64}$/.test(name)) return undefined;
  const found = await lookup(s, `/media/${kind}/${name}`);
  if (!found) return undefined;
  const [w, h] = SIZES[kind] ?? [320, 200];
  return itemCoverSvg(found, w, h);
}
