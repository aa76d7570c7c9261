import type { Generated } from 'kysely';

/**
 * Tables of the question area (issue 13, joined into Database in ../schema.ts). A top bank (parent_id null) is
 * listed per category and carries the price; its children are what a learner opens (practice or exam). Keys
 * (`answer`) are JSON and never leave the server before an answer. Times are unix seconds, flags 0/1.
 */
export interface QuestionBankTable {
  id: Generated<number>;
  genus_id: number;
  category_id: number;
  /** Null for a top bank. */
  parent_id: number | null;
  name: string;
  intro: string;
  /** Fen; a child copies its top bank's. */
  price: number;
  is_free: number;
  /** `practice` or `exam` for a child; '' for a top bank. */
  mode: string;
  exam_minutes: number;
  sort: number;
  /** Answerable questions (a material question counts its sub-questions). */
  question_count: number;
  created_at: number;
}

/** A question of a child bank; a material passage's sub-questions point at it with parent_question_id. */
export interface QuestionTable {
  id: Generated<number>;
  bank_id: number;
  parent_question_id: number | null;
  /** single, multiple, judge, fill, material. */
  type: string;
  stem: string;
  /** JSON string[] (choices), '[]' otherwise. */
  options: string;
  /** JSON key: "B", ["A","C"], true, [["a","b"],["c"]]; null for a material passage. */
  answer: string;
  analysis: string;
  score: number;
  /** The passage of a material question (on the passage row). */
  material: string;
  sort: number;
}

/** The caller's latest answer to a question (one row per user and question). */
export interface QuestionRecordTable {
  id: Generated<number>;
  user_id: number;
  /** The child bank. */
  bank_id: number;
  top_bank_id: number;
  question_id: number;
  /** JSON string[] as normalised by the server. */
  answer: string;
  is_right: number;
  duration: number;
  created_at: number;
}

/** Where a user is in a child bank. */
export interface QuestionProgressTable {
  user_id: number;
  bank_id: number;
  top_bank_id: number;
  last_question_id: number;
  finished_at: number | null;
  updated_at: number;
}

/** The error book: a question the user answered wrongly, once per user and question. */
export interface QuestionErrorTable {
  id: Generated<number>;
  user_id: number;
  question_id: number;
  bank_id: number;
  genus_id: number;
  category_id: number;
  added_at: number;
  right_streak: number;
}

/** A question the user collected. */
export interface QuestionCollectionTable {
  id: Generated<number>;
  user_id: number;
  bank_id: number;
  question_id: number;
  created_at: number;
}

export interface QuestionTables {
  question_banks: QuestionBankTable;
  questions: QuestionTable;
  question_records: QuestionRecordTable;
  question_progress: QuestionProgressTable;
  question_errors: QuestionErrorTable;
  question_collections: QuestionCollectionTable;
}
