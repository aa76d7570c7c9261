/**
 * Answers on the device until the server has them (env.offline store `question-outbox`), the e-book reader's outbox
 * mechanism: each answer carries a client id; it is written to the outbox (and, synchronously, to env.storage, in
 * case the page dies before IndexedDB finished) before it is sent, and removed once the server answered. One entry
 * per question: a newer answer to the same question replaces a waiting one, and an answer is removed only by the
 * reply to that same client id, so a replay is sent once and never undoes a newer answer.
 */
import { CODE } from '../../contract/envelope';
import type { CallReply, Env, InputOfId, KeyValueStore } from '../../runtime/block-api';

export const OUTBOX = 'question-outbox';
export const UNSENT_KEY = 'questionAnswerer.unsent';

export interface QueuedAnswer {
  client_id: string;
  bank_id: number;
  question_id: number;
  answer: string[];
  duration: number;
  /** Client ms when it was answered (send order). */
  at: number;
}

export type Verdict = 'sent' | 'keep' | 'drop';

const keyOf = (a: Pick<QueuedAnswer, 'bank_id' | 'question_id'>) => `${a.bank_id}:${a.question_id}`;

export function newClientId(): string {
  const bytes = new Uint8Array(10);
  globalThis.crypto?.getRandomValues?.(bytes);
  let id = '';
  for (const b of bytes) id += (b % 36).toString(36);
  return `q${Date.now().toString(36)}${id}`;
}

/** Kept for later on a network failure, 5xx, a missing session or 4029; dropped on any other refusal. */
export function verdictOf(reply: CallReply<unknown>): Verdict {
  if (reply.status === 0) return 'sent';
  const code = reply.code;
  if (reply.status === -1 || code === -1 || code === CODE.unauthorized || code === CODE.sessionInvalid || code === CODE.tooMany)
    return 'keep';
  if (code >= 5000) return 'keep';
  return 'drop';
}

function unsent(storage: KeyValueStore): QueuedAnswer[] {
  const list = storage.getJson<unknown>(UNSENT_KEY, []);
  return Array.isArray(list) ? (list as QueuedAnswer[]) : [];
}
function keepUnsent(storage: KeyValueStore, list: QueuedAnswer[]) {
  if (list.length === 0) storage.remove(UNSENT_KEY);
  else storage.setJson(UNSENT_KEY, list.slice(-200));
}

/** Answers waiting for the server (of one bank when given), oldest first. */
export async function queuedAnswers(env: Env, bankId?: number): Promise<QueuedAnswer[]> {
  const rows = await env.offline.list<QueuedAnswer>(OUTBOX, bankId ? `${bankId}:` : undefined);
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  // Writes of a page that died before IndexedDB had them.
  for (const u of unsent(env.storage)) {
    if (bankId && u.bank_id !== bankId) continue;
    const cur = byKey.get(keyOf(u));
    if (!cur || cur.at < u.at) byKey.set(keyOf(u), u);
  }
  return [...byKey.values()].sort((a, b) => a.at - b.at);
}

/** Client ids being sent right now: a flush does not send them a second time. */
const inFlight = new Set<string>();

/** Removes the entry only when it is still this answer (a newer one to the same question stays). */
async function settled(env: Env, item: QueuedAnswer): Promise<void> {
  const cur = await env.offline.get<QueuedAnswer>(OUTBOX, keyOf(item));
  if (cur && cur.client_id === item.client_id) await env.offline.delete(OUTBOX, keyOf(item));
  keepUnsent(
    env.storage,
    unsent(env.storage).filter((u) => u.client_id !== item.client_id),
  );
}

async function send(env: Env, item: QueuedAnswer): Promise<{ verdict: Verdict; reply: CallReply<unknown> }> {
  inFlight.add(item.client_id);
  try {
    // beacon: no loading overlay for a tap, and the request outlives a page that is being closed.
    const reply = await env.beacon('question.answer', {
      relation_id: item.question_id,
      answer: item.answer,
      duration: item.duration,
    } as InputOfId<'question.answer'>);
    const verdict = verdictOf(reply);
    if (verdict !== 'keep') await settled(env, item);
    return { verdict, reply };
  } finally {
    inFlight.delete(item.client_id);
  }
}

/** Keeps the answer on the device, then sends it. */
export async function queueAndSend(env: Env, item: QueuedAnswer): Promise<{ verdict: Verdict; reply: CallReply<unknown> }> {
  keepUnsent(env.storage, [...unsent(env.storage).filter((u) => keyOf(u) !== keyOf(item)), item]);
  await env.offline.put(OUTBOX, keyOf(item), item);
  return send(env, item);
}

export interface Flushed {
  item: QueuedAnswer;
  verdict: Verdict;
  reply: CallReply<unknown>;
}

const flushing = new WeakMap<Env, Promise<Flushed[]>>();

/**
 * Sends the waiting answers in order, one at a time; stops at the first that has to wait (still offline). One flush
 * per environment at a time.
 */
export function flushAnswers(env: Env, bankId?: number): Promise<Flushed[]> {
  const running = flushing.get(env);
  if (running) return running;
  const p = (async () => {
    const out: Flushed[] = [];
    for (const item of await queuedAnswers(env, bankId)) {
      if (inFlight.has(item.client_id)) continue;
      const r = await send(env, item);
      out.push({ item, ...r });
      if (r.verdict === 'keep') break;
    }
    return out;
  })().finally(() => flushing.delete(env));
  flushing.set(env, p);
  return p;
}

/** 重新练习: answers of the bank still waiting are dropped with its records. */
export async function dropQueued(env: Env, bankId: number): Promise<void> {
  for (const r of await env.offline.list<QueuedAnswer>(OUTBOX, `${bankId}:`)) await env.offline.delete(OUTBOX, r.key);
  keepUnsent(
    env.storage,
    unsent(env.storage).filter((u) => u.bank_id !== bankId),
  );
}
