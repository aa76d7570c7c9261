export interface NoticeItem {
  id?: number | string;
  title: string;
  link?: string;
}

/** Marquee period. */
export const MARQUEE_MS = 3000;

/** The notices to show: objects with a non-empty title; anything else gives none. */
export function noticeItems(items: unknown): NoticeItem[] {
  if (!Array.isArray(items)) return [];
  return items.filter(
    (n): n is NoticeItem => !!n && typeof n === 'object' && typeof (n as NoticeItem).title === 'string' && (n as NoticeItem).title !== '',
  );
}

/** The notice the marquee shows after `index`. */
export function nextNotice(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}
