import type { Generated } from 'kysely';

/**
 * Tables of the e-book area (joined into Database in ../schema.ts). The catalogue row is `ebooks` (study area,
 * extended by migration 0010 with `free_chapters` and `char_count`). Times are unix seconds, flags 0/1.
 */

/** A chapter and its text as anchored spans (JSON `[{kind, text}]`, index = position). */
export interface EbookChapterTable {
  id: Generated<number>;
  ebook_id: number;
  /** 1-based position in the book. */
  sort: number;
  title: string;
  /** Characters of the chapter's spans. */
  char_count: number;
  /** Characters of the chapters before it (whole-book fraction = (start_chars + …) / ebooks.char_count). */
  start_chars: number;
  span_count: number;
  spans: string;
}

export interface EbookStatTable {
  ebook_id: number;
  view_count: number;
}

/** A bookmark at an anchor point; one per user and place, and one per client id (offline queue). */
export interface EbookBookmarkTable {
  id: Generated<number>;
  user_id: number;
  ebook_id: number;
  chapter_id: number;
  span: number;
  char_offset: number;
  preview: string;
  fraction: number;
  client_id: string | null;
  created_at: number;
}

/** Where a user is in a book and how long they read it (one row per user and book). */
export interface EbookRecordTable {
  user_id: number;
  ebook_id: number;
  chapter_id: number;
  /** The place to resume; has_anchor 0 until a report carried one. */
  has_anchor: number;
  span: number;
  char_offset: number;
  seconds: number;
  /** Client ms of the report that set the place (a late, older one never moves it back). */
  client_at: number;
  updated_at: number;
}

/** Reading time per user and chapter. */
export interface EbookChapterReadTable {
  user_id: number;
  ebook_id: number;
  chapter_id: number;
  seconds: number;
  updated_at: number;
}

/** Client ids of reading reports already counted (an offline queue sent twice counts once). */
export interface EbookReadReportTable {
  user_id: number;
  client_id: string;
  created_at: number;
}

export interface EbookTables {
  ebook_chapters: EbookChapterTable;
  ebook_stats: EbookStatTable;
  ebook_bookmarks: EbookBookmarkTable;
  ebook_records: EbookRecordTable;
  ebook_chapter_reads: EbookChapterReadTable;
  ebook_read_reports: EbookReadReportTable;
}
