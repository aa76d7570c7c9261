import type { Generated } from 'kysely';

/** Tables of the study area (joined into Database in ../schema.ts). Times are unix seconds, flags 0/1. */
export interface StrategyTable {
  id: Generated<number>;
  genus_id: number;
  category_id: number;
  title: string;
  summary: string;
  cover: string;
  content: string;
  author: string;
  view_count: number;
  is_top: number;
  published_at: number;
}

/** An exam or study plan with a time span; the going list shows those in progress. */
export interface GoingItemTable {
  id: Generated<number>;
  genus_id: number;
  category_id: number;
  kind: 'exam' | 'plan';
  title: string;
  description: string;
  link: string;
  start_at: number;
  end_at: number;
}

/** Sign-up info (`kind` signup) and syllabus (`kind` outline): one of each per category. */
export interface ExamGuideTable {
  id: Generated<number>;
  genus_id: number;
  category_id: number;
  kind: 'signup' | 'outline';
  title: string;
  content: string;
  link: string;
  updated_at: number;
}

/** A column: a named collection of news and strategies of one genus. */
export interface StudyColumnTable {
  id: Generated<number>;
  genus_id: number;
  title: string;
  intro: string;
  cover: string;
  sort: number;
  created_at: number;
}

/**
 * One item of a column: a news or a strategy (`kind`) by id, in the column's order. The SQL name
 * `column_articles` predates the server vocabulary (an "article" is a row of content_articles).
 */
export interface ColumnItemTable {
  id: Generated<number>;
  column_id: number;
  kind: 'news' | 'strategy';
  ref_id: number;
  sort: number;
}

export interface StudyTables {
  strategies: StrategyTable;
  going_items: GoingItemTable;
  exam_guides: ExamGuideTable;
  study_columns: StudyColumnTable;
  column_articles: ColumnItemTable;
}
