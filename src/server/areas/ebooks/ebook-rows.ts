/**
 * E-book and chapter rows, and who may read a chapter: what the catalogue, the reading records and the anchors all
 * build on (kept apart from them so none of the three imports another in a circle).
 */
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { type AccessDecision, type AccessItem, checkAccessMany } from '../courses';

export type EbookRow = Selectable<Database['ebooks']> & { view_count: number };
export type ChapterRow = Selectable<Database['ebook_chapters']>;
export interface StoredSpan {
  kind: 'p' | 'h' | 'li' | 'ol';
  text: string;
}

export const NOT_OWNED_MSG = '该章节需购买电子书后阅读';

export function selectEbooks(s: Services) {
  return s.db.kysely
    .selectFrom('ebooks as e')
    .leftJoin('ebook_stats as st', 'st.ebook_id', 'e.id')
    .selectAll('e')
    .select((eb) => eb.fn.coalesce('st.view_count', eb.lit(0)).as('view_count'));
}

export const normalize = <T extends { view_count: unknown }>(r: T) => ({ ...r, view_count: Number(r.view_count) });

export async function ebookRow(s: Services, id: number, field = 'id'): Promise<EbookRow> {
  const row = await selectEbooks(s).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`电子书 ${field} ${id} `);
  return normalize(row) as EbookRow;
}

export async function chaptersOf(s: Services, ebookId: number): Promise<ChapterRow[]> {
  return s.db.kysely.selectFrom('ebook_chapters').selectAll().where('ebook_id', '=', ebookId).orderBy('sort').execute();
}

/** The access item of a book, or of one chapter of it (its leading free chapters are a free preview). */
export function ebookAccessItem(book: EbookRow, chapterSort?: number): AccessItem {
  return {
    kind: 'ebook',
    id: book.id,
    genusId: book.genus_id,
    categoryId: book.category_id,
    isFree: book.is_free === 1,
    isFreePreview: chapterSort !== undefined && chapterSort <= book.free_chapters,
  };
}

/** A chapter of a book, or 4004 naming both ids. */
export async function chapterOf(s: Services, ebookId: number, chapterId: number, field = 'chapter'): Promise<ChapterRow> {
  const c = await s.db.kysely.selectFrom('ebook_chapters').selectAll().where('id', '=', chapterId).executeTakeFirst();
  if (!c || c.ebook_id !== ebookId) throw notFound(`电子书 ${ebookId} 中的章节 ${field} ${chapterId} `);
  return c;
}

export function spansOf(c: ChapterRow): StoredSpan[] {
  return JSON.parse(c.spans) as StoredSpan[];
}

/** Refuses (4030) a chapter the user may not read; never reveals its text. */
export async function ensureCanRead(s: Services, userId: number, book: EbookRow, chapter: ChapterRow): Promise<AccessDecision> {
  const [d] = await checkAccessMany(s, userId, [ebookAccessItem(book, chapter.sort)]);
  if (!d?.allowed) throw forbidden(NOT_OWNED_MSG);
  return d;
}
