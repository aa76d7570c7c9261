/**
 * Shared questions (consult): a user shares one question of a bank they may practise; the share link (a random
 * id, so shares of paid banks cannot be found by counting) shows that one question to anyone; a logged-in friend
 * answers it once, scored by the server; the sharer sees who answered and how. Friends' answers stay out of their
 * own records and error book.
 */
import crypto from 'node:crypto';
import type { OutputOf } from '../../../contract/endpoint';
import type * as question from '../../../contract/questions';
import type { Services } from '../../http/context';
import { badInput, notFound } from '../../http/errors';
import { bankRow, ensureCanPractise, questionItemOf, topOf } from './question-catalog';
import { answerableQuestion, type QuestionRow, resultOf, scoreRow } from './question-records';

type RawAnswer = Parameters<typeof scoreRow>[1];

export const sharePath = (id: string) => `/question/share/${id}`;

export async function createConsult(s: Services, userId: number, relationId: number): Promise<OutputOf<typeof question.consultCreate>> {
  const row = await answerableQuestion(s, relationId);
  await ensureCanPractise(s, userId, await topOf(s, await bankRow(s, row.bank_id)));
  const db = s.db.kysely;
  await db
    .insertInto('question_consults')
    .values({ id: crypto.randomBytes(12).toString('base64url'), user_id: userId, question_id: row.id, created_at: s.clock() })
    .onConflict((oc) => oc.columns(['user_id', 'question_id']).doNothing())
    .execute();
  const c = await db
    .selectFrom('question_consults')
    .select('id')
    .where('user_id', '=', userId)
    .where('question_id', '=', row.id)
    .executeTakeFirstOrThrow();
  return { id: c.id, share_path: sharePath(c.id) };
}

async function consultOf(s: Services, id: string) {
  const c = await s.db.kysely
    .selectFrom('question_consults as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'c.question_id', 'c.created_at', 'u.nickname', 'u.avatar'])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!c) throw notFound(`分享的题目 ${id} `);
  const row = await s.db.kysely.selectFrom('questions').selectAll().where('id', '=', c.question_id).executeTakeFirstOrThrow();
  return { c, row };
}

function myResult(row: QuestionRow, answer: string): question.AnswerResult {
  return resultOf(row, scoreRow(row, JSON.parse(answer) as string[]), 0);
}

export async function consultDetail(s: Services, userId: number | null, id: string): Promise<OutputOf<typeof question.consultDetail>> {
  const { c, row } = await consultOf(s, id);
  const db = s.db.kysely;
  const bank = await bankRow(s, row.bank_id);
  const answers = await db
    .selectFrom('question_consult_answers as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.user_id', 'a.answer', 'a.is_right', 'a.created_at', 'u.nickname', 'u.avatar'])
    .where('a.consult_id', '=', c.id)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
  const mine = userId === null ? undefined : answers.find((a) => a.user_id === userId);
  const isMine = userId === c.user_id;
  return {
    id: c.id,
    bank_name: bank.name,
    question: questionItemOf(row),
    sharer: { nickname: c.nickname, avatar: c.avatar },
    created_at: c.created_at,
    is_mine: isMine ? 1 : 0,
    answer_count: answers.length,
    right_count: answers.filter((a) => a.is_right === 1).length,
    my_answer: mine ? myResult(row, mine.answer) : null,
    answers: isMine
      ? answers.map((a) => ({
          nickname: a.nickname,
          avatar: a.avatar,
          answer: JSON.parse(a.answer) as string[],
          is_right: a.is_right,
          created_at: a.created_at,
        }))
      : [],
  };
}

export async function answerConsult(
  s: Services,
  userId: number,
  id: string,
  raw: RawAnswer,
): Promise<OutputOf<typeof question.consultAnswer>> {
  const { c, row } = await consultOf(s, id);
  if (c.user_id === userId) throw badInput('这是你自己分享的题，请等好友来作答');
  const db = s.db.kysely;
  const result = scoreRow(row, raw);
  const json = JSON.stringify(result.answer);
  const res = await db
    .insertInto('question_consult_answers')
    .values({ consult_id: c.id, user_id: userId, answer: json, is_right: result.isRight ? 1 : 0, created_at: s.clock() })
    .onConflict((oc) => oc.columns(['consult_id', 'user_id']).doNothing())
    .executeTakeFirst();
  if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) return { ...resultOf(row, result, 0), already: 0 };
  const first = await db
    .selectFrom('question_consult_answers')
    .select('answer')
    .where('consult_id', '=', c.id)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { ...myResult(row, first.answer), already: 1 };
}
