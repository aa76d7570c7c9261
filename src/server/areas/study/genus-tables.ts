import type { Generated } from 'kysely';

/** Tables of the genus area: subjects and the home page's content (joined into Database in ../schema.ts). Times are unix seconds, flags 0/1. */

export interface NewsTable {
  id: Generated<number>;
  genus_id: number;
  category_id: number;
  title: string;
  summary: string;
  cover: string;
  /** Markdown. */
  content: string;
  author: string;
  source: string;
  view_count: number;
  /** 1: recommended on the home page. */
  is_home: number;
  published_at: number;
}

/** NULL genus/category: shown for every subject. */
export interface NoticeTable {
  id: Generated<number>;
  genus_id: number | null;
  category_id: number | null;
  title: string;
  link: string;
  created_at: number;
}

/** NULL genus and category: shown for every subject. `type` 1 study home, 2 mall. */
export interface BannerTable {
  id: Generated<number>;
  genus_id: number | null;
  category_id: number | null;
  type: number;
  title: string;
  subtitle: string;
  color: string;
  image: string;
  link: string;
  content: string;
  sort: number;
}

export interface HotWordTable {
  id: Generated<number>;
  genus_id: number | null;
  category_id: number | null;
  word: string;
  hot: number;
}

export interface GenusTables {
  news: NewsTable;
  notices: NoticeTable;
  banners: BannerTable;
  hot_words: HotWordTable;
}
