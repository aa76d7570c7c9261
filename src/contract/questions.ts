// Endpoints of the question area (spec §7 "Question": answering one question): bank lists, a bank's children, a child's
// questions (never with their keys), answering scored by the server against its key, the error book, records and
// where to resume. Access to paid banks goes through the one access check (src/server/areas/courses/access-check.ts).
import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { count, id, MAX_ID, offset, optionalId, paged } from './fields';
import {
  answerInput,
  answerResult,
  BANK_IS_PUBLIC,
  bankContent,
  bankDetail,
  bankItem,
  bankReport,
  CURSOR,
  childBank,
  ERROR_RANGES,
  errorItem,
  myBank,
  optionalSubject,
  QUESTION_IS_PUBLIC,
  questionItem,
  recordItem,
  SUBJECT_IS_PUBLIC,
} from './questions-shapes';

export * from './questions-practice';
export * from './questions-shapes';

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
/** At most this many answers in one batch. */
export const MAX_BATCH_ANSWERS = 200;
const duration = () =>
  z._default(
    z.coerce
      .number()
      .check(z.int('须为整数'), z.nonnegative('不能为负数'), z.maximum(MAX_ANSWER_SECONDS, `不能大于 ${MAX_ANSWER_SECONDS}`)),
    0,
  );
const batchItem = z.object({ relation_id: id(), answer: answerInput, duration: duration() });
export const answer = endpoint({
  id: 'question.answer',
  method: 'POST',
  host: 'platform',
  path: '/api/question/answer',
  input: z
    .object({
      /** One answer: relation_id and answer (duration in seconds). */
      relation_id: optionalId(),
      answer: z.optional(answerInput),
      duration: duration(),
      /** Ignored: the server scores the answer against its key. */
      is_right: z.optional(z.union([z.number(), z.boolean(), z.string().check(z.maxLength(10, '不能超过 10 个字符'))])),
      /** Or a batch of one child bank, kept all or not at all. */
      bank_id: optionalId(),
      answers: z.optional(
        z.array(batchItem).check(z.minLength(1, '不能为空'), z.maxLength(MAX_BATCH_ANSWERS, `不能超过 ${MAX_BATCH_ANSWERS} 项`)),
      ),
    })
    .check(
      z.refine((v) => (v.relation_id !== undefined && v.answer !== undefined) !== (v.bank_id !== undefined && v.answers !== undefined), {
        message: '须为 {relation_id, answer} 或 {bank_id, answers} 之一',
        path: ['relation_id'],
      }),
    ),
  output: z.union([answerResult, z.object({ bank_id: z.number(), results: z.array(answerResult) })]),
  auth: 'required',
  summary:
    '作答：一题 {relation_id, answer, duration} 或一批 {bank_id, answers}（同一子题库，全部记下或全部不记）。服务端按答案评分（客户端的 is_right 不采信），答错加入错题本（只加一次）；练习返回答案与解析，考试中的试卷只保存答案',
  errors: [CODE.notFound, CODE.forbidden, CODE.badInput, CODE.conflict],
  owns: { relation_id: QUESTION_IS_PUBLIC, bank_id: BANK_IS_PUBLIC },
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
  input: z.object({ ...optionalSubject }),
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
  summary: '本人最近作答的子题库和题目（继续练习）；给了科目（genus_id、category_id，可选）只看该科目的题库；没做过为 null',
  owns: { genus_id: SUBJECT_IS_PUBLIC, category_id: SUBJECT_IS_PUBLIC },
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
  output: z.array(z.extend(questionItem, { bank_id: z.number(), bank_name: z.string(), collected_at: z.number() })),
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
  output: bankReport,
  auth: 'required',
  summary:
    '完成练习 / 交卷：练习记下完成时间（再次调用更新）；试卷交卷（只交一次，之后的作答被拒绝），评分、答错的加入错题本；返回成绩报告和逐题回顾',
  errors: [CODE.notFound, CODE.forbidden, CODE.conflict],
  owns: { bank_id: BANK_IS_PUBLIC },
});
