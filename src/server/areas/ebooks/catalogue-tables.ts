import type { Generated } from 'kysely';

/** The e-book catalogue: one row per e-book (joined into Database in ../../db/schema.ts). */

/** The e-book catalogue (chapters, bookmarks, records: tables/ebook.ts). */
export interface EbookTable {
  id: Generated<number>;
  genus_id: number;
  category_id: number;
  name: string;
  intro: string;
  cover: string;
  author: string;
  chapter_count: number;
  /** Fen. */
  price: number;
  is_free: number;
  created_at: number;
  /** Migration 0010: leading chapters free for everyone, and characters of the whole book. */
  free_chapters: number;
  char_count: number;
}

export interface EbookCatalogueTables {
  ebooks: EbookTable;
}
