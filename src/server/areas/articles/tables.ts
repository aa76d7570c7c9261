import type { Generated } from 'kysely';

/** A frequently asked question. NULL genus/category: shared by every subject (or every category of the genus). */
export interface FaqTable {
  id: Generated<number>;
  genus_id: number | null;
  category_id: number | null;
  /** 1 报考政策, 2 备考学习, 3 使用帮助. */
  type: number;
  question: string;
  /** Markdown. */
  answer: string;
  sort: number;
  view_count: number;
  updated_at: number;
}

/** A learner's question with a teacher's answer (the Q&A pages). */
export interface AnswerQuestionTable {
  id: Generated<number>;
  title: string;
  tag: string;
  question: string;
  /** Markdown. */
  answer: string;
  asker: string;
  answerer: string;
  answerer_title: string;
  view_count: number;
  created_at: number;
  answered_at: number;
}

/**
 * An article: a single prose piece of the articles area — skill article, study-plan guide, learning
 * material, advert, school news or the feedback help. `kind` tells them apart; unused columns stay ''.
 * (News and strategies are not articles; a study column holds them as items.)
 */
export interface ContentArticleTable {
  id: Generated<number>;
  kind: string;
  /** Stable key within a kind (study-plan guides: read, introduction, operation-tips). */
  slug: string | null;
  title: string;
  summary: string;
  cover: string;
  author: string;
  source: string;
  school: string;
  link: string;
  link_text: string;
  /** Markdown. */
  content: string;
  sort: number;
  view_count: number;
  published_at: number;
}

/** Tables of the articles area (joined into Database in ../schema.ts). */
export interface ArticlesTables {
  faqs: FaqTable;
  answer_questions: AnswerQuestionTable;
  content_articles: ContentArticleTable;
}
