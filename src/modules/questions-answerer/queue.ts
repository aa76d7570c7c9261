/**
 * Answers on the device until the server has them, in env.outbox (which keeps them per user): each answer is written
 * to the outbox before it is sent and removed once the server answered. One entry per question (`question:<bank>/
 * <question>`): a newer answer to the same question replaces a waiting one, and an answer is removed only by the
 * reply to that same client id, so a replay is sent once and never undoes a newer answer.
 */
import type { CallReply, Env, OutboxWrite, Verdict } from '../../runtime/block-api';

export interface QueuedAnswer {
  client_id: string;
  bank_id: number;
  question_id: number;
  answer: string[];
  duration: number;
  /** Client ms when it was answered. */
  at: number;
}

const ALL_BANKS = 'question:';
const bankPrefix = (bankId: number) => `question:${bankId}/`;

function writeOf(item: QueuedAnswer): OutboxWrite<'question.answer', QueuedAnswer> {
  return {
    group: `question:${item.bank_id}`,
    slot: String(item.question_id),
    client_id: item.client_id,
    endpoint: 'question.answer',
    input: { relation_id: item.question_id, answer: item.answer, duration: item.duration },
    data: item,
  };
}

/** Answers waiting for the server (of one bank when given), oldest first; only the logged-in user's. */
export async function queuedAnswers(env: Env, bankId?: number): Promise<QueuedAnswer[]> {
  return (await env.outbox.list<QueuedAnswer>(bankId ? bankPrefix(bankId) : ALL_BANKS)).map((e) => e.data);
}

/** Keeps the answer on the device, then sends it. */
export async function queueAndSend(env: Env, item: QueuedAnswer): Promise<{ verdict: Verdict; reply: CallReply<unknown> }> {
  const { verdict, reply } = await env.outbox.send(writeOf(item));
  return { verdict, reply };
}

export interface Flushed {
  item: QueuedAnswer;
  verdict: Verdict;
  reply: CallReply<unknown>;
}

/** Sends the waiting answers (of one bank when given) in order, one at a time; stops at the first that has to wait. */
export async function flushAnswers(env: Env, bankId?: number): Promise<Flushed[]> {
  const { results } = await env.outbox.flush<QueuedAnswer>(bankId ? bankPrefix(bankId) : ALL_BANKS);
  return results.map(({ entry, verdict, reply }) => ({ item: entry.data, verdict, reply }));
}

/** 重新练习: answers of the bank still waiting are dropped with its records. */
export function dropQueued(env: Env, bankId: number): Promise<void> {
  return env.outbox.clear(bankPrefix(bankId));
}
