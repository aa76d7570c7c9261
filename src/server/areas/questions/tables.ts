import type { Generated } from 'kysely';

/**
 * Tables of the question area (joined into Database in ../schema.ts). A top bank (parent_id null) is
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
  /** Spaced review: when the question is next due (its time of entry until the first redo), reviews so far. */
  due_at: number;
  reps: number;
  /** JSON of the FSRS card ('' before the first redo). */
  fsrs: string;
}

/** A question the user collected. */
export interface QuestionCollectionTable {
  id: Generated<number>;
  user_id: number;
  bank_id: number;
  question_id: number;
  created_at: number;
}

/** An exam paper being written or handed in (one per user and child bank; clearing the records removes it). */
export interface QuestionExamTable {
  id: Generated<number>;
  user_id: number;
  bank_id: number;
  top_bank_id: number;
  started_at: number;
  deadline_at: number;
  handed_in_at: number | null;
  /** 1 when the server handed it in at the deadline. */
  auto_handed_in: number;
}

/** An answer on a paper, kept unscored until hand-in. */
export interface QuestionExamAnswerTable {
  exam_id: number;
  question_id: number;
  /** JSON string[] as normalised by the server. */
  answer: string;
  duration: number;
  updated_at: number;
}

/** A question a user shared for friends to answer (the id is random: it is the share link). */
export interface QuestionConsultTable {
  id: string;
  user_id: number;
  question_id: number;
  created_at: number;
}

/** A friend's answer to a shared question (one per friend). */
export interface QuestionConsultAnswerTable {
  id: Generated<number>;
  consult_id: string;
  user_id: number;
  answer: string;
  is_right: number;
  created_at: number;
}

/** A 纠错 report of a faulty question. */
export interface QuestionReportTable {
  id: Generated<number>;
  user_id: number;
  question_id: number;
  reason: string;
  detail: string;
  created_at: number;
}

export interface QuestionTables {
  question_exams: QuestionExamTable;
  question_exam_answers: QuestionExamAnswerTable;
  question_consults: QuestionConsultTable;
  question_consult_answers: QuestionConsultAnswerTable;
  question_reports: QuestionReportTable;
  question_banks: QuestionBankTable;
  questions: QuestionTable;
  question_records: QuestionRecordTable;
  question_progress: QuestionProgressTable;
  question_errors: QuestionErrorTable;
  question_collections: QuestionCollectionTable;
}
