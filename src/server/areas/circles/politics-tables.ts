import type { Generated } from 'kysely';

/** Tables of the politics area (joined into Database in ../schema.ts): the 考研政治 outline. */

export interface PoliticsChapterTable {
  id: Generated<number>;
  title: string;
  intro: string;
  sort: number;
}

/** A point (考点) of a chapter: Markdown notes, key sentences (newline-separated) and an optional explainer video. */
export interface PoliticsPointTable {
  id: Generated<number>;
  chapter_id: number;
  title: string;
  sort: number;
  content: string;
  key_sentences: string;
  media_key: string | null;
  duration: number;
}

export interface PoliticsTables {
  politics_chapters: PoliticsChapterTable;
  politics_points: PoliticsPointTable;
}
