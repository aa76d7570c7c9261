/** The shared question's rules, apart from React: loading, the states the page can be in, answering. */
import type { AnswerResult, ConsultView } from '../../contract/questions';
import { questionCard } from '../../i18n/zh-CN/question-card';
import { questionShare } from '../../i18n/zh-CN/question-share';
import type { Env } from '../../runtime/block-api';
import type { AnswerValue } from '../shared/question-card/answer-value';
import { normaliseAnswer } from '../shared/question-card/answer-value';

const t = questionShare;

/** Envelope codes meaning "no such share": not found, or an id that cannot be one. */
const GONE_CODES: readonly number[] = [4004, 4000];

export type Loaded = { kind: 'ok'; view: ConsultView } | { kind: 'gone' } | { kind: 'error'; msg: string };

/** GET question.consult → the view, 'gone' for an unknown or malformed id, or the failure's message. */
export async function loadShare(env: Pick<Env, 'call'>, id: string): Promise<Loaded> {
  const r = await env.call('question.consult', { id });
  if (r.status === 0 && r.data) return { kind: 'ok', view: r.data };
  if (GONE_CODES.includes(r.code)) return { kind: 'gone' };
  return { kind: 'error', msg: r.msg || t.loadFailed };
}

/** What the page shows under the question. */
export type Mode = 'answer' | 'login' | 'answered' | 'mine';

export function modeOf(view: Pick<ConsultView, 'is_mine' | 'my_answer'>, hasLogin: boolean): Mode {
  if (view.is_mine === 1) return 'mine';
  if (view.my_answer) return 'answered';
  return hasLogin ? 'answer' : 'login';
}

/** The caller's earlier answer in the card's shape. */
export function answerOf(view: Pick<ConsultView, 'question' | 'my_answer'>): AnswerValue {
  return view.my_answer ? normaliseAnswer(view.question, view.my_answer.answer) : [];
}

/** Where a logged-out visitor goes: mobile login, returning to `path`. */
export function loginPath(path: string): string {
  return `/user/mobile_login/${encodeURIComponent(path)}`;
}

/** An answer as a line of the sharer's list: letters, 对 / 错 or the blanks. */
export function answerText(type: ConsultView['question']['type'], answer: readonly string[]): string {
  if (answer.length === 0) return t.noAnswer;
  if (type === 'judge') {
    const v = normaliseAnswer({ type }, answer)[0];
    return v === 'true' ? questionCard.judgeTrue : v === 'false' ? questionCard.judgeFalse : answer.join('');
  }
  if (type === 'fill') return answer.join(' / ');
  return normaliseAnswer({ type }, answer).join('');
}

export type Answered = AnswerResult & { already: number };

/** POST question.consult_answer → the scored answer, or the failure's message. */
export async function submitAnswer(
  env: Pick<Env, 'call'>,
  id: string,
  value: AnswerValue,
): Promise<{ ok: true; result: Answered } | { ok: false; msg: string }> {
  const r = await env.call('question.consult_answer', { id, answer: value });
  if (r.status === 0 && r.data) return { ok: true, result: r.data };
  return { ok: false, msg: r.msg };
}
