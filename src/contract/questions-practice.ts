// Endpoints of practising beyond one answer (spec §7 "Question"): exam papers with a timer the
// server owns, the error book's own calls (add, redo, the spaced-review queue), shared questions (consult), and
// reports of faulty questions (纠错).
import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { count, id } from './fields';
import {
  answerInput,
  answerResult,
  BANK_IS_PUBLIC,
  bankReport,
  errorItem,
  optionalSubject,
  QUESTION_IS_PUBLIC,
  questionItem,
  SUBJECT_IS_PUBLIC,
} from './questions-shapes';

export const EXAM_STATUSES = ['none', 'running', 'handed_in'] as const;
/** The fixed reasons of a 纠错 report. */
export const REPORT_REASONS = ['answer_wrong', 'analysis_wrong', 'stem_unclear', 'options_wrong', 'typo', 'other'] as const;
/** Share ids are random (a shared question of a paid bank must not be found by counting). */
export const CONSULT_ID_RE = /^[A-Za-z0-9_-]{12,32}$/;
const consultId = () => z.string('须为字符串').check(z.regex(CONSULT_ID_RE, '须为分享链接里的编号'));
const SHARE_IS_PUBLIC = { public: '分享链接即授权：拿到链接的人都可以查看和作答这一道题' } as const;

const examState = z.object({
  bank_id: z.number(),
  status: z.enum(EXAM_STATUSES),
  exam_minutes: z.number(),
  /** Unix seconds (0 before the start). */
  started_at: z.number(),
  deadline_at: z.number(),
  /** The server's clock, so the client's count-down does not depend on the device's. */
  now: z.number(),
  /** Answers kept so far (letters, "true"/"false" or blanks), to restore a reload. */
  answers: z.array(z.object({ question_id: z.number(), answer: z.array(z.string()) })),
  /** The report once handed in (by the user or, at the deadline, by the server). */
  report: z.nullable(bankReport),
});
export type ExamState = z.infer<typeof examState>;

export const exam = endpoint({
  id: 'question.exam',
  method: 'GET',
  host: 'platform',
  path: '/api/question/exam',
  input: z.object({ bank_id: id() }),
  output: examState,
  auth: 'required',
  summary: '试卷的考试状态：未开始 / 进行中（截止时间、服务器时间、已保存的答案）/ 已交卷（成绩报告）；过了截止时间由服务器自动交卷',
  errors: [CODE.notFound, CODE.forbidden, CODE.badInput],
  owns: { bank_id: BANK_IS_PUBLIC },
});
export const examStart = endpoint({
  id: 'question.exam_start',
  method: 'POST',
  host: 'platform',
  path: '/api/question/exam/start',
  input: z.object({ bank_id: id() }),
  output: examState,
  auth: 'required',
  summary: '开始考试：计时从服务器开始，重复调用返回同一场考试；已交卷的试卷须先清空记录（重做）',
  errors: [CODE.notFound, CODE.forbidden, CODE.badInput, CODE.conflict],
  owns: { bank_id: BANK_IS_PUBLIC },
});

export const errorAdd = endpoint({
  id: 'question.error_add',
  method: 'POST',
  host: 'platform',
  path: '/api/question/error',
  input: z.object({ genus_id: id(), category_id: id(), relation_id: id(), answer: z.optional(answerInput) }),
  output: z.object({ id: z.number(), question_id: z.number(), added: z.number() }),
  auth: 'required',
  summary: '把一道题加入错题本（已在错题本里的不重复加，added 0）；科目须与题目所属题库一致',
  errors: [CODE.notFound, CODE.forbidden, CODE.badInput],
  owns: { genus_id: SUBJECT_IS_PUBLIC, category_id: SUBJECT_IS_PUBLIC, relation_id: QUESTION_IS_PUBLIC },
});
export const errorAnswer = endpoint({
  id: 'question.error_answer',
  method: 'POST',
  host: 'platform',
  path: '/api/question/error/answer',
  input: z.object({ error_id: id(), answer: answerInput }),
  output: z.extend(answerResult, {
    error_id: z.number(),
    right_streak: z.number(),
    /** The setting: right redos in a row after which a question leaves the book. */
    graduate_after: z.number(),
    /** 1 when this redo took the question out of the error book. */
    removed: z.number(),
    /** Spaced review: the next due time (0 once removed). */
    due_at: z.number(),
  }),
  auth: 'required',
  summary:
    '重做错题：服务端评分，记下连续答对次数（答错归零），连续答对达到设定次数后自动移出错题本；每次重做也是一次间隔复习（FSRS），定下次复习时间',
  errors: [CODE.notFound, CODE.badInput],
  owns: { error_id: { table: 'question_errors', owner: 'user_id' } },
});
export const reviewQueue = endpoint({
  id: 'question.review_queue',
  method: 'GET',
  host: 'platform',
  path: '/api/question/error/review',
  input: z.object({ ...optionalSubject, count: count(20) }),
  output: z.object({
    /** Errors due by the end of today (China time). */
    due_today: z.number(),
    /** The earliest due time after today (0 when none). */
    next_due_at: z.number(),
    items: z.array(errorItem),
  }),
  auth: 'required',
  summary: '今日复习：按间隔复习（FSRS）排到今天为止到期的错题，最早到期的在前',
  owns: { genus_id: SUBJECT_IS_PUBLIC, category_id: SUBJECT_IS_PUBLIC },
});

const sharer = z.object({ nickname: z.string(), avatar: z.string() });
const consultView = z.object({
  id: z.string(),
  bank_name: z.string(),
  question: questionItem,
  sharer,
  created_at: z.number(),
  /** 1 for the sharer. */
  is_mine: z.number(),
  answer_count: z.number(),
  right_count: z.number(),
  /** The caller's own answer with its key and analysis (null before answering or without a token). */
  my_answer: z.nullable(answerResult),
  /** Who answered and how; only the sharer sees it ([] for everyone else). */
  answers: z.array(z.extend(sharer, { answer: z.array(z.string()), is_right: z.number(), created_at: z.number() })),
});
export type ConsultView = z.infer<typeof consultView>;

export const consultCreate = endpoint({
  id: 'question.consult_create',
  method: 'POST',
  host: 'platform',
  path: '/api/question/consult',
  input: z.object({ relation_id: id() }),
  output: z.object({ id: z.string(), share_path: z.string() }),
  auth: 'required',
  summary: '分享一道题请好友作答：返回分享编号和分享页路径（同一题再次分享返回同一个）；须能练习该题库',
  errors: [CODE.notFound, CODE.forbidden],
  owns: { relation_id: QUESTION_IS_PUBLIC },
});
export const consultDetail = endpoint({
  id: 'question.consult',
  method: 'GET',
  host: 'platform',
  path: '/api/question/consult',
  input: z.object({ id: consultId() }),
  output: consultView,
  auth: 'optional',
  summary: '分享的题（公开页，不含答案）；作答过的人看到自己的答案与解析，分享者看到谁答了、答得怎样',
  errors: [CODE.notFound],
});
export const consultAnswer = endpoint({
  id: 'question.consult_answer',
  method: 'POST',
  host: 'platform',
  path: '/api/question/consult/answer',
  input: z.object({ id: consultId(), answer: answerInput }),
  output: z.extend(answerResult, { already: z.number() }),
  auth: 'required',
  summary: '回答好友分享的题：服务端评分，返回答案与解析；每人只答一次（再答返回第一次的结果，already 1）；分享者本人不能作答',
  errors: [CODE.notFound, CODE.badInput],
  owns: { id: SHARE_IS_PUBLIC },
});

export const report = endpoint({
  id: 'question.report',
  method: 'POST',
  host: 'platform',
  path: '/api/question/report',
  input: z.object({
    question_id: id(),
    reason: z.enum(REPORT_REASONS, `须为 ${REPORT_REASONS.join('、')} 之一`),
    detail: z._default(z.string('须为字符串').check(z.trim(), z.maxLength(200, '不能超过 200 个字符')), ''),
  }),
  output: z.object({ id: z.number(), created: z.number() }),
  auth: 'required',
  summary: '纠错：报告一道题有误（固定的原因之一，可附 200 字说明）；同一人同一题同一原因只记一次',
  errors: [CODE.notFound],
  owns: { question_id: QUESTION_IS_PUBLIC },
});
