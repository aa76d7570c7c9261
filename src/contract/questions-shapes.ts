// Shapes shared by the question area's endpoints (./question.ts, ./question-practice.ts): banks, questions without
// their keys, what a client answers, what the server's scoring returns, error-book items, records.
import * as z from 'zod/mini';
import { ACCESS_REASONS } from './courses';
import { optionalId } from './fields';

export const optionalSubject = { genus_id: optionalId(), category_id: optionalId() };
export const SUBJECT_IS_PUBLIC = { public: '科目是公开的参考数据，只用来筛选调用者本人的记录' } as const;
export const BANK_IS_PUBLIC = { public: '题库是公开的目录内容；能否练习由访问检查决定' } as const;
export const QUESTION_IS_PUBLIC = { public: '题目属于公开的题库；能否作答由题库的访问检查决定' } as const;
export const CURSOR = { public: '分页游标，只在调用者本人的错题里比较，不指向他人的行' } as const;

export const QUESTION_TYPES = ['single', 'multiple', 'judge', 'fill'] as const;
export const BANK_MODES = ['practice', 'exam'] as const;
export const ERROR_RANGES = ['day', 'week', 'all'] as const;
/** Spec §7: content of a paid bank without access. */
export const NOT_OWNED_MSG = '该题库需购买后练习';

/** A top bank as the lists show it. */
export const bankItem = z.object({
  id: z.number(),
  genus_id: z.number(),
  category_id: z.number(),
  name: z.string(),
  intro: z.string(),
  /** Fen. */
  price: z.number(),
  is_free: z.number(),
  child_count: z.number(),
  /** Answerable questions of all children. */
  question_count: z.number(),
  created_at: z.number(),
});
export type BankItem = z.infer<typeof bankItem>;

export const progress = z.object({
  answered: z.number(),
  right: z.number(),
  last_question_id: z.number(),
  finished_at: z.nullable(z.number()),
});

export const childBank = z.object({
  id: z.number(),
  parent_id: z.number(),
  name: z.string(),
  mode: z.enum(BANK_MODES),
  /** Minutes of an exam paper; 0 for practice. */
  exam_minutes: z.number(),
  sort: z.number(),
  question_count: z.number(),
  /** The caller's progress (null without a token or before the first answer). */
  progress: z.nullable(progress),
});
export type ChildBank = z.infer<typeof childBank>;

export const bankDetail = z.extend(bankItem, {
  can_access: z.number(),
  access_reason: z.enum(ACCESS_REASONS),
  children: z.array(childBank),
});

/** A question as sent before answering: no key, no analysis. */
export const questionItem = z.object({
  id: z.number(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  /** Choices of single / multiple (letters A–F by position); [] otherwise. */
  options: z.array(z.string()),
  score: z.number(),
  /** The passage of a material sub-question ('' otherwise). */
  material: z.string(),
  /** The material passage's id (0 otherwise): sub-questions with the same one share a passage. */
  material_id: z.number(),
  /** Blanks of a fill question (0 otherwise). */
  blank_count: z.number(),
});
export type QuestionItem = z.infer<typeof questionItem>;

export const bankContent = z.object({
  bank: childBank,
  top_bank_id: z.number(),
  access_reason: z.enum(ACCESS_REASONS),
  questions: z.array(questionItem),
});

/**
 * What a client answers: a letter ("B"), letters ("AC", "A,C" or ["A","C"]), a judgement (true / false / 1 / 0 /
 * "对" / "错") or the blanks (["…", "…"]; one blank may be a plain string).
 */
export const answerInput = z.union(
  [
    z.string().check(z.maxLength(500, '不能超过 500 个字符')),
    z.array(z.string('须为字符串').check(z.maxLength(200, '不能超过 200 个字符'))).check(z.maxLength(20, '不能超过 20 项')),
    z.boolean(),
    z.number(),
  ],
  { error: '须为字符串、字符串数组、布尔值或数字' },
);

export const answerResult = z.object({
  question_id: z.number(),
  /** Scored by the server against its key (a client's is_right is ignored). */
  is_right: z.number(),
  /** The caller's answer as the server read it. */
  answer: z.array(z.string()),
  /** The key: letters, "true"/"false", or the first accepted answer of each blank. */
  right_answer: z.array(z.string()),
  analysis: z.string(),
  /** Single and multiple choice: chosen letters that are right, right letters not chosen, chosen letters that are wrong. */
  right_letters: z.array(z.string()),
  missed_letters: z.array(z.string()),
  wrong_letters: z.array(z.string()),
  /** Fill: 1/0 per blank. */
  blanks: z.array(z.number()),
  /** 1 when this answer put the question into the error book (it is there once). */
  added_to_error: z.number(),
  /**
   * 1 when the question is on an exam paper still being written: the answer is kept, and the verdict, key and
   * analysis (is_right 0, empty lists, '') come only in the report when the paper is handed in.
   */
  exam: z.number(),
});
export type AnswerResult = z.infer<typeof answerResult>;

export const errorItem = z.object({
  id: z.number(),
  question_id: z.number(),
  bank_id: z.number(),
  bank_name: z.string(),
  genus_id: z.number(),
  category_id: z.number(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  options: z.array(z.string()),
  material: z.string(),
  right_answer: z.array(z.string()),
  analysis: z.string(),
  added_at: z.number(),
  /** Right redos in a row; the question leaves the book after `graduate_after` of them. */
  right_streak: z.number(),
  /** Spaced review (FSRS): when the question is next due, and how many times it was reviewed. */
  due_at: z.number(),
  reps: z.number(),
});
export type ErrorItem = z.infer<typeof errorItem>;

export const recordItem = z.object({
  id: z.number(),
  bank_id: z.number(),
  question_id: z.number(),
  answer: z.array(z.string()),
  is_right: z.number(),
  duration: z.number(),
  created_at: z.number(),
  /** The key and analysis: a record exists only once the answer was scored and shown (or the paper handed in). */
  right_answer: z.array(z.string()),
  analysis: z.string(),
});

export const myBank = z.extend(bankItem, {
  access_reason: z.enum(ACCESS_REASONS),
  answered: z.number(),
  last_answered_at: z.number(),
});

/** One question of a report: the caller's answer as scored, with the key and analysis. */
export const reviewItem = z.object({
  question_id: z.number(),
  /** [] when the question was left unanswered. */
  answer: z.array(z.string()),
  answered: z.number(),
  is_right: z.number(),
  right_answer: z.array(z.string()),
  analysis: z.string(),
  right_letters: z.array(z.string()),
  missed_letters: z.array(z.string()),
  wrong_letters: z.array(z.string()),
  blanks: z.array(z.number()),
  score: z.number(),
});
export type ReviewItem = z.infer<typeof reviewItem>;

/** What `finish` returns (and the exam state repeats once a paper is handed in). */
export const bankReport = z.object({
  bank_id: z.number(),
  mode: z.enum(BANK_MODES),
  question_count: z.number(),
  answered: z.number(),
  right: z.number(),
  /** Sum of the scores of the questions answered right, and of all answerable questions. */
  score: z.number(),
  full_score: z.number(),
  /** Seconds spent (sum of the answers' durations; for a paper, from start to hand-in). */
  duration: z.number(),
  finished_at: z.number(),
  /** 1 when the server handed the paper in because its time was up. */
  auto_handed_in: z.number(),
  review: z.array(reviewItem),
});
export type BankReport = z.infer<typeof bankReport>;
