/**
 * Where the reader starts and which chapter is next, as pure rules: a place on the device not yet reported wins (it
 * is newer than the server's record), then the server's record, then the device's (offline); with `?chapter=` that
 * chapter, at the record's place when it is in it.
 */
import type { Place } from './layout';
import type { AnchorInput, Chapter, Detail } from './offline';

export function startPlace(
  detail: Detail,
  requested: number,
  local: (AnchorInput & { synced?: boolean }) | null,
  detailFresh: boolean,
): { chapterId: number; place: Place } | null {
  const rec = detail.record;
  const server: AnchorInput | null = rec
    ? rec.anchor_point
      ? { chapter_id: rec.anchor_point.chapter_id, span: rec.anchor_point.span, offset: rec.anchor_point.offset }
      : { chapter_id: rec.chapter_id, span: 0, offset: 0 }
    : null;
  const place = local && (!local.synced || !detailFresh || !server) ? local : (server ?? local);
  const has = (id: number) => detail.chapters.some((c) => c.id === id);
  const start = { span: 0, offset: 0 };
  if (requested > 0 && has(requested))
    return { chapterId: requested, place: place?.chapter_id === requested ? { span: place.span, offset: place.offset } : start };
  if (place && has(place.chapter_id)) return { chapterId: place.chapter_id, place: { span: place.span, offset: place.offset } };
  const first = detail.chapters.find((c) => c.locked === 0) ?? detail.chapters[0];
  return first ? { chapterId: first.id, place: start } : null;
}

/** The chapter before or after `chapterId` (from the table of contents; the content's links otherwise); 0: none. */
export function neighbourChapter(detail: Detail | null, content: Chapter | null, chapterId: number, step: 1 | -1): number {
  if (detail) {
    const list = [...detail.chapters].sort((a, b) => a.index - b.index);
    const i = list.findIndex((c) => c.id === chapterId);
    return i >= 0 ? (list[i + step]?.id ?? 0) : 0;
  }
  return (step === 1 ? content?.next_chapter_id : content?.prev_chapter_id) ?? 0;
}
