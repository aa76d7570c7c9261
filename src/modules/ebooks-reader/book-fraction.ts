/** Where a place lies in the whole book (0–1), for bookmarks and the progress shown in the reader. */
import { fractionAt } from '../../protocol/anchor';
import type { Place } from './layout';
import type { Chapter, Detail } from './offline';

/** A chapter's size for fractionAt: characters before it (from the table of contents) and its span lengths. */
export function chapterSize(detail: Detail | null, content: Chapter) {
  let startChars = 0;
  if (detail) {
    for (const c of detail.chapters) if (c.index < content.chapter.index) startChars += c.char_count;
  }
  return { startChars, spanLengths: content.spans.map((s) => s.text.length) };
}

/** Fraction (0–1) of the whole book before a place of the chapter. */
export function bookFraction(detail: Detail | null, content: Chapter, place: Place): number {
  const bookChars = detail?.char_count ?? 0;
  if (bookChars <= 0) return content.chapter.start_fraction;
  return fractionAt(bookChars, chapterSize(detail, content), place.span, place.offset);
}
