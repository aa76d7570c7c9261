// Endpoints of the question area (spec §7 "Question", issue 13 part 1): bank lists, a bank's children, a child's
// questions (never with their keys), answering scored by the server against its key, the error book, records and
// where to resume. Access to paid banks goes through the one access check (src/server/services/access-check.ts).
import * as z from 'zod/mini';
import { ACCESS_REASONS } from './course';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { count, id, MAX_ID, offset, optionalId, paged } from './fields';

const optionalSubject = { genus_id: optionalId(), category_id: optionalId() };
const SUBJECT_IS_PUBLIC = { public: '科目是公开的参考数据，只用来筛选调用者本人的记录' } as const;
const BANK_IS_PUBLIC = { public: '题库是公开的目录内容；能否练习由访问检查决定' } as const;
const QUESTION_IS_PUBLIC = { public: '题目属于公开的题库；能否作答由题库的访问检查决定' } as const;
const CURSOR = { public: '分页游标，只在调用者本人的错题里比较，不指向他人的行' } as const;

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

const progress = z.object({
  answered: z.number(),
  right: z.number(),
  last_question_id: z.number(),
  finished_at: z.nullable(z.number()),
});

const childBank = z.object({
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

const bankDetail = z.extend(bankItem, {
  can_access: z.number(),
  access_reason: z.enum(ACCESS_REASONS),
  children: z.array(childBank),
});

/** A question as sent before answering: no key, no analysis. */
const questionItem = z.object({
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

const bankContent = z.object({
  bank: childBank,
  top_bank_id: z.number(),
  access_reason: z.enum(ACCESS_REASONS),
  questions: z.array(questionItem),
});

/**
 * What a client answers: a letter ("B"), letters ("AC", "A,C" or ["A","C"]), a judgement (true / false / 1 / 0 /
 * "对" / "错") or the blanks (["…", "…"]; one blank may be a plain string).
 */
const answerInput = z.union(
  [
    z.string().check(z.maxLength(500, '不能超过 500 个字符')),
    z.array(z.string('须为字符串').check(z.maxLength(200, '不能超过 200 个字符'))).check(z.maxLength(20, '不能超过 20 项')),
    z.boolean(),
    z.number(),
  ],
  { error: '须为字符串、字符串数组、布尔值或数字' },
);

const answerResult = z.object({
  question_id: z.number(),
  /** Scored by the server against its key (a client's is_right is ignored). */
  is_right: z.number(),
  /** The caller's answer as the server read it. */
  answer: z.array(z.string()),
  /** The key: letters, "true"/"false", or the first accepted answer of each blank. */
  right_answer: z.array(z.string()),
  analysis: z.string(),
  /** Multiple choice: chosen letters that are right, right letters not chosen, chosen letters that are wrong. */
  right_letters: z.array(z.string()),
  missed_letters: z.array(z.string()),
  wrong_letters: z.array(z.string()),
  /** Fill: 1/0 per blank. */
  blanks: z.array(z.number()),
  /** 1 when this answer put the question into the error book (it is there once). */
  added_to_error: z.number(),
});

const errorItem = z.object({
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
  right_streak: z.number(),
});

const recordItem = z.object({
  id: z.number(),
  bank_id: z.number(),
  question_id: z.number(),
  answer: z.array(z.string()),
  is_right: z.number(),
  duration: z.number(),
  created_at: z.number(),
});

const myBank = z.extend(bankItem, {
  access_reason: z.enum(ACCESS_REASONS),
  answered: z.number(),
  last_answered_at: z.number(),
});

export const bankList = endpoint({
  id: 'question.bank_list',
  method: 'GET',
  host: 'platform',
  path: '/api/question/bank_list',
  input: z.object({ genus_id: id(), category_id: id(), ...paged(10) }),
  output: z.array(bankItem),
  auth: 'none',
  summary: '科目下的题库（免费在前，再按上架时间倒序），带子题库数和题目数',
  errors: [CODE.notFound],
});
export const bankDetailEndpoint = endpoint({
  id: 'question.bank_detail',
  method: 'GET',
  host: 'platform',
  path: '/api/question/bank/detail',
  input: z.object({ bank_id: id() }),
  output: bankDetail,
  auth: 'optional',
  summary: '题库详情：子题库（练习 / 试卷、时长、题目数、本人进度），能否练习及原因（子题库随所属题库）',
  errors: [CODE.notFound],
});
export const myBanks = endpoint({
  id: 'question.mine',
  method: 'GET',
  host: 'platform',
  path: '/api/question',
  input: z.object({ ...optionalSubject, offset: offset(), count: count(20) }),
  output: z.array(myBank),
  auth: 'required',
  summary: '我的题库：已拥有的和做过的，最近作答的在前',
  owns: { genus_id: SUBJECT_IS_PUBLIC, category_id: SUBJECT_IS_PUBLIC },
});
export const children = endpoint({
  id: 'question.child',
  method: 'GET',
  host: 'platform',
  path: '/api/question/child',
  input: z.object({ id: id() }),
  output: z.array(childBank),
  auth: 'optional',
  summary: '题库的子题库（带本人进度）',
  errors: [CODE.notFound],
});
export const content = endpoint({
  id: 'question.content',
  method: 'GET',
  host: 'platform',
  path: '/api/question/content',
  input: z.object({ bank_id: id() }),
  output: bankContent,
  auth: 'required',
  summary: '子题库的题目（题干、选项、材料、题型、分值，不含答案和解析）；无权限 4030',
  errors: [CODE.notFound, CODE.forbidden],
  owns: { bank_id: BANK_IS_PUBLIC },
});
export const MAX_ANSWER_SECONDS = 36000;
export const answer = endpoint({
  id: 'question.answer',
  method: 'POST',
  host: 'platform',
  path: '/api/question/answer',
  input: z.object({
    relation_id: id(),
    answer: answerInput,
    duration: z._default(
      z.coerce
        .number()
        .check(z.int('须为整数'), z.nonnegative('不能为负数'), z.maximum(MAX_ANSWER_SECONDS, `不能大于 ${MAX_ANSWER_SECONDS}`)),
      0,
    ),
    /** Ignored: the server scores the answer against its key. */
    is_right: z.optional(z.union([z.number(), z.boolean(), z.string().check(z.maxLength(10, '不能超过 10 个字符'))])),
  }),
  output: answerResult,
  auth: 'required',
  summary: '作答一题：服务端按答案评分（客户端的 is_right 不采信），答错加入错题本（只加一次），返回答案与解析',
  errors: [CODE.notFound, CODE.forbidden, CODE.badInput],
  owns: { relation_id: QUESTION_IS_PUBLIC },
});
export const errorCount = endpoint({
  id: 'question.error_count',
  method: 'GET',
  host: 'platform',
  path: '/api/question/error_count',
  input: z.object({ ...optionalSubject }),
  output: z.object({ day: z.number(), week: z.number(), all: z.number() }),
  auth: 'required',
  summary: '错题数：今天、本周（北京时间，周一起）、全部',
  owns: { genus_id: SUBJECT_IS_PUBLIC, category_id: SUBJECT_IS_PUBLIC },
});
export const errorList = endpoint({
  id: 'question.error_list',
  method: 'GET',
  host: 'platform',
  path: '/api/question/error_list',
  input: z.object({
    ...optionalSubject,
    range: z._default(z.pipe(z.string('须为字符串'), z.enum(ERROR_RANGES, '须为 day、week、all 之一')), 'all'),
    last_id: z._default(z.coerce.number().check(z.int('须为整数'), z.nonnegative('不能为负数'), z.maximum(MAX_ID, '超出范围')), 0),
    count: count(20),
  }),
  output: z.array(errorItem),
  auth: 'required',
  summary: '错题本（新的在前，按 last_id 翻页），带答案与解析',
  owns: { genus_id: SUBJECT_IS_PUBLIC, category_id: SUBJECT_IS_PUBLIC, last_id: CURSOR },
});
export const errorRemove = endpoint({
  id: 'question.error_remove',
  method: 'DELETE',
  host: 'platform',
  path: '/api/question/error',
  input: z.object({ error_id: id() }),
  output: z.object({ id: z.number() }),
  auth: 'required',
  summary: '从错题本移除一题；他人的错题与不存在的一样拒绝',
  errors: [CODE.notFound],
  owns: { error_id: { table: 'question_errors', owner: 'user_id' } },
});
export const record = endpoint({
  id: 'question.record',
  method: 'GET',
  host: 'platform',
  path: '/api/question/record',
  input: z.object({ bank_id: id() }),
  output: z.array(recordItem),
  auth: 'required',
  summary: '本人在题库（子题库，或题库的全部子题库）里的作答记录（每题最近一次）',
  errors: [CODE.notFound],
  owns: { bank_id: BANK_IS_PUBLIC },
});
export const last = endpoint({
  id: 'question.last',
  method: 'GET',
  host: 'platform',
  path: '/api/question/last',
  input: z.object({}),
  output: z.nullable(
    z.object({
      bank_id: z.number(),
      top_bank_id: z.number(),
      bank_name: z.string(),
      question_id: z.number(),
      updated_at: z.number(),
    }),
  ),
  auth: 'required',
  summary: '本人最近作答的子题库和题目（继续练习）；没做过为 null',
});
export const clearRecord = endpoint({
  id: 'question.clear_record',
  method: 'GET',
  host: 'platform',
  path: '/api/question/clear/record',
  input: z.object({ bank_id: id() }),
  output: z.object({ cleared: z.number() }),
  auth: 'required',
  summary: '清空本人在题库（子题库，或题库的全部子题库）的作答记录和进度，错题本保留',
  errors: [CODE.notFound],
  owns: { bank_id: BANK_IS_PUBLIC },
});
export const collect = endpoint({
  id: 'question.collect',
  method: 'POST',
  host: 'platform',
  path: '/api/question/collect',
  input: z.object({
    question_id: id(),
    /** Accepted for the spec's shape; the question's own bank is used. */
    bank_id: optionalId(),
    is_collect: z._default(z.coerce.number().check(z.int('须为 0 或 1'), z.minimum(0, '须为 0 或 1'), z.maximum(1, '须为 0 或 1')), 1),
  }),
  output: z.object({ question_id: z.number(), is_collect: z.number() }),
  auth: 'required',
  summary: '收藏（is_collect 1，默认）或取消收藏（0）一道题；同一题只收藏一次；无权限的付费题库 4030',
  errors: [CODE.notFound, CODE.forbidden],
  owns: { question_id: QUESTION_IS_PUBLIC, bank_id: BANK_IS_PUBLIC },
});
export const collection = endpoint({
  id: 'question.collection',
  method: 'GET',
  host: 'platform',
  path: '/api/question/collection',
  input: z.object({ bank_id: id() }),
  output: z.array(z.extend(questionItem, { bank_id: z.number(), collected_at: z.number() })),
  auth: 'required',
  summary: '本人在题库（子题库，或题库的全部子题库）里收藏的题（不含答案，作答后由 answer 给出）；无权限 4030',
  errors: [CODE.notFound, CODE.forbidden],
  owns: { bank_id: BANK_IS_PUBLIC },
});
export const finish = endpoint({
  id: 'question.finish',
  method: 'POST',
  host: 'platform',
  path: '/api/question/finish',
  input: z.object({ bank_id: id() }),
  output: z.object({
    bank_id: z.number(),
    question_count: z.number(),
    answered: z.number(),
    right: z.number(),
    /** Sum of the scores of the questions answered right, and of all answerable questions. */
    score: z.number(),
    full_score: z.number(),
    finished_at: z.number(),
  }),
  auth: 'required',
  summary: '交卷 / 完成练习：记下完成时间（再次调用更新），按服务端评分汇总已答、答对和得分（考试计时留待后续）',
  errors: [CODE.notFound, CODE.forbidden],
  owns: { bank_id: BANK_IS_PUBLIC },
});
