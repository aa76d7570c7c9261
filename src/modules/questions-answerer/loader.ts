/**
 * Loading a bank into the answering state: the questions (no keys), the collected ids, and then for practice the
 * records (verdicts restored) and `question.last`, for a paper the exam state. Answers still in the outbox win over
 * what the server has. Keys and analyses of a paper are never asked for before it is handed in.
 */
import type { ExamState } from '../../contract/questions-practice';
import type { QuestionItem } from '../../contract/questions-shapes';
import type { Env } from '../../runtime/block-api';
import { loadErrorText } from '../shared/load-error';
import { normaliseAnswer } from '../shared/question-card/answer-value';
import type { AnswerValue, QuestionResult } from '../shared/question-card/QuestionCard';
import type { AnswererState } from './controller';
import { storedPlace } from './device';
import { clockOffset, type Mode, resumeIndex, type SendState } from './model';
import { queuedAnswers } from './queue';
import { recordResult } from './results';

export type Patch = Partial<AnswererState>;

interface Answers {
  answers: Record<number, AnswerValue>;
  sent: Record<number, SendState>;
  results: Record<number, QuestionResult>;
}

/** The first screen of a bank: content and collection, then the mode's own state. */
export async function loadBank(env: Env, bankId: number, now: number): Promise<Patch> {
  const [content, collection] = await Promise.all([
    env.call('question.content', { bank_id: bankId }),
    env.call('question.collection', { bank_id: bankId }),
  ]);
  if (content.status !== 0 || !content.data) {
    if (content.code === 4030) {
      const detail = await env.call('question.bank_detail', { bank_id: bankId });
      return { phase: 'locked', message: content.msg, topBankId: detail.data?.id ?? 0 };
    }
    if (content.code === 4004) {
      // A top bank's id (an old link, a shared one): its children are answered, so open its practice list instead.
      const detail = await env.call('question.bank_detail', { bank_id: bankId });
      if (detail.data?.id === bankId) {
        env.navigate(`/question/child_list/${bankId}`, { replace: true });
        return { phase: 'loading' };
      }
    }
    return { phase: 'error', message: loadErrorText(content), missing: content.code === 4004 || content.code === 4000 };
  }
  const { bank, questions, top_bank_id } = content.data;
  const mode: Mode = bank.mode === 'exam' ? 'exam' : 'practice';
  const base: Patch = { bank, mode, questions, topBankId: top_bank_id, collected: (collection.data ?? []).map((c) => c.id) };
  if (questions.length === 0) return { ...base, phase: 'empty' };
  if (mode === 'practice') return { ...base, ...(await loadPractice(env, bankId, questions)) };
  const exam = await env.call('question.exam', { bank_id: bankId });
  if (exam.status !== 0 || !exam.data) return { ...base, phase: 'error', message: loadErrorText(exam) };
  return { ...base, ...(await examPatch(env, bankId, questions, exam.data, now)) };
}

async function loadPractice(env: Env, bankId: number, questions: QuestionItem[]): Promise<Patch> {
  const [records, last] = await Promise.all([env.call('question.record', { bank_id: bankId }), env.call('question.last', {})]);
  const a: Answers = { answers: {}, sent: {}, results: {} };
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const r of records.data ?? []) {
    const q = byId.get(r.question_id);
    if (!q || r.bank_id !== bankId) continue;
    a.answers[q.id] = normaliseAnswer(q, r.answer);
    a.sent[q.id] = 'saved';
    a.results[q.id] = recordResult(q, r);
  }
  await restoreQueued(env, bankId, a);
  const l = last.data && last.data.bank_id === bankId ? last.data : null;
  return opened(env, bankId, questions, a, l);
}

/** An exam state from the server (load, start, time up) as a patch: start screen, running paper or report. */
export async function examPatch(env: Env, bankId: number, questions: QuestionItem[], exam: ExamState, now: number): Promise<Patch> {
  const offsetMs = clockOffset(exam.now, now);
  if (exam.status === 'handed_in' && exam.report) return { phase: 'report', report: exam.report, offsetMs };
  if (exam.status !== 'running') return { phase: 'exam-start', offsetMs };
  const a: Answers = { answers: {}, sent: {}, results: {} };
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const s of exam.answers) {
    const q = byId.get(s.question_id);
    if (!q) continue;
    a.answers[q.id] = normaliseAnswer(q, s.answer);
    a.sent[q.id] = 'saved';
  }
  await restoreQueued(env, bankId, a);
  return { ...opened(env, bankId, questions, a, null), deadlineAt: exam.deadline_at, offsetMs };
}

async function restoreQueued(env: Env, bankId: number, a: Answers): Promise<void> {
  for (const item of await queuedAnswers(env, bankId)) {
    a.answers[item.question_id] = item.answer;
    a.sent[item.question_id] = 'queued';
    delete a.results[item.question_id];
  }
}

function opened(
  env: Env,
  bankId: number,
  questions: QuestionItem[],
  a: Answers,
  last: { question_id: number; updated_at: number } | null,
): Patch {
  const answeredIds = new Set(Object.keys(a.sent).map(Number));
  const index = resumeIndex({ questions, answeredIds, last, stored: storedPlace(env.storage, bankId) });
  return { phase: 'answering', ...a, index };
}
