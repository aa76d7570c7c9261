/**
 * Anchor points of e-book text (spec §3, §9), the same on the server and in the reader: a place is a chapter, a span
 * (paragraph) index, a character offset in the span (UTF-16 units, as the DOM counts them), the 20 characters from
 * there, and the fraction of the whole book before it. Nothing here depends on font size, screen or reading mode.
 */

/** Spec §9: preview length of a span and of an anchor. */
export const PREVIEW_LENGTH = 20;

/** The 20 characters of `text` from `offset` (whitespace runs collapsed, so a preview reads as one line). */
export function previewAt(text: string, offset = 0): string {
  return text.slice(offset).replace(/\s+/g, ' ').trim().slice(0, PREVIEW_LENGTH);
}

export interface ChapterSize {
  /** Characters of the chapters before this one. */
  startChars: number;
  /** Length of each span of the chapter, in order. */
  spanLengths: readonly number[];
}

/** A place clamped into the chapter: a span index that exists and an offset inside that span. */
export function clampPlace(size: ChapterSize, span: number, offset: number): { span: number; offset: number } {
  const last = Math.max(0, size.spanLengths.length - 1);
  const s = Math.min(Math.max(0, Math.floor(span)), last);
  const len = size.spanLengths[s] ?? 0;
  return { span: s, offset: Math.min(Math.max(0, Math.floor(offset)), Math.max(0, len - 1)) };
}

/** Fraction (0–1) of the whole book before a place, from the chapter sizes. */
export function fractionAt(bookChars: number, size: ChapterSize, span: number, offset: number): number {
  if (bookChars <= 0) return 0;
  let before = size.startChars;
  for (let i = 0; i < span && i < size.spanLengths.length; i++) before += size.spanLengths[i] ?? 0;
  return Math.min(1, Math.max(0, (before + offset) / bookChars));
}

/** Orders two places of one book: negative when a is before b. */
export function comparePlaces(
  a: { chapterIndex: number; span: number; offset: number },
  b: { chapterIndex: number; span: number; offset: number },
): number {
  return a.chapterIndex - b.chapterIndex || a.span - b.span || a.offset - b.offset;
}
