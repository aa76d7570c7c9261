/** Anchor points checked against the text the server holds (src/protocol/anchor.ts has the shared rules). */
import type { AnchorPoint } from '../../../contract/ebooks';
import { clampPlace, fractionAt, previewAt } from '../../../protocol/anchor';
import { badInput } from '../../http/errors';
import { type ChapterRow, type EbookRow, spansOf } from './ebook-rows';

export interface AnchorInput {
  chapter_id: number;
  span: number;
  offset: number;
}

/**
 * The anchor of a place in `chapter`: a span index past the chapter's end or an offset past the span's end is refused
 * (naming the limit); the preview and the fraction are computed here, whatever the client sent.
 */
export function resolveAnchor(book: EbookRow, chapter: ChapterRow, a: AnchorInput): AnchorPoint {
  if (a.chapter_id !== chapter.id) throw badInput(`参数 anchor_point.chapter_id 须与章节 ${chapter.id} 一致`);
  const spans = spansOf(chapter);
  const span = spans[a.span];
  if (!span) throw badInput(`参数 anchor_point.span 超出本章段落数（0–${spans.length - 1}）`);
  if (a.offset > Math.max(0, span.text.length - 1))
    throw badInput(`参数 anchor_point.offset 超出该段长度（0–${Math.max(0, span.text.length - 1)}）`);
  return anchorAt(book, chapter, a.span, a.offset);
}

/** The anchor of a stored place (clamped into the chapter as it is now). */
export function anchorAt(book: EbookRow, chapter: ChapterRow, span: number, offset: number): AnchorPoint {
  const spans = spansOf(chapter);
  const size = { startChars: chapter.start_chars, spanLengths: spans.map((x) => x.text.length) };
  const place = clampPlace(size, span, offset);
  return {
    chapter_id: chapter.id,
    span: place.span,
    offset: place.offset,
    preview: previewAt(spans[place.span]?.text ?? '', place.offset),
    fraction: fractionAt(book.char_count, size, place.span, place.offset),
  };
}
