import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutputOf } from '../../src/contract/endpoint';
import { CODE } from '../../src/contract/envelope';
import * as question from '../../src/contract/questions';
import { type Reply, request } from '../support/api-client';
import { expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { newUser, type TestUser } from '../support/user-center-flows';

/** `question.last` with the subject (the 题库 tab's 继续练习 belongs to the chosen subject, issue 24). */
describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  /** Two free top banks of different subjects, each with its subject and the first question of its first child. */
  let banks: { top: number; child: number; question: number; key: unknown; genus_id: number; category_id: number }[];

  beforeAll(async () => {
    s = await startTestServer(kind);
    const db = s.services.db.kysely;
    const tops = await db
      .selectFrom('question_banks')
      .select(['id', 'genus_id', 'category_id'])
      .where('parent_id', 'is', null)
      .where('is_free', '=', 1)
      .orderBy('id')
      .execute();
    banks = [];
    for (const t of tops) {
      if (banks.some((b) => b.category_id === t.category_id)) continue;
      const q = await db
        .selectFrom('questions as q')
        .innerJoin('question_banks as b', 'b.id', 'q.bank_id')
        .select(['q.id', 'q.answer', 'q.bank_id'])
        .where('b.parent_id', '=', t.id)
        .where('b.mode', '=', 'practice')
        .where('q.type', '=', 'single')
        .orderBy('b.sort')
        .orderBy('q.id')
        .executeTakeFirst();
      if (q)
        banks.push({
          top: t.id,
          child: q.bank_id,
          question: q.id,
          key: JSON.parse(q.answer),
          genus_id: t.genus_id,
          category_id: t.category_id,
        });
    }
    if (banks.length < 2) throw new Error('the seed should have free banks of two subjects');
  });
  afterAll(() => s.close());

  const last = (u: TestUser, input: Record<string, unknown>) =>
    request(s.url, question.last, input, { token: u.token }) as Promise<Reply<OutputOf<typeof question.last>>>;
  const answer = (u: TestUser, b: (typeof banks)[number]) =>
    request(s.url, question.answer, { relation_id: b.question, answer: b.key, duration: 3 }, { token: u.token });

  it('without a subject: the latest bank of any subject; with one: the latest of that subject, else null', async () => {
    const [a, b] = banks as [(typeof banks)[number], (typeof banks)[number]];
    const u = await newUser(s);
    const subjectOf = (x: typeof a) => ({ genus_id: x.genus_id, category_id: x.category_id });
    expect((await last(u, subjectOf(a))).body.data).toBeNull();

    expect((await answer(u, a)).body.status).toBe(0);
    s.advance(5);
    expect((await answer(u, b)).body.status).toBe(0);

    // The spec's call (no params) still answers the latest of all: subject b's bank.
    expect((await last(u, {})).body.data).toMatchObject({ bank_id: b.child, top_bank_id: b.top, question_id: b.question });
    // Subject a's tab offers subject a's bank, not the one answered last in subject b.
    expect((await last(u, subjectOf(a))).body.data).toMatchObject({ bank_id: a.child, top_bank_id: a.top, question_id: a.question });
    expect((await last(u, subjectOf(b))).body.data).toMatchObject({ bank_id: b.child, top_bank_id: b.top });
    // The category alone filters too; a subject with nothing answered gives null.
    expect((await last(u, { category_id: a.category_id })).body.data).toMatchObject({ bank_id: a.child });
    expect((await last(u, { genus_id: 999999, category_id: 999999 })).body.data).toBeNull();
    // Another user's practice never shows.
    expect((await last(await newUser(s), subjectOf(a))).body.data).toBeNull();
  });

  it('refuses a malformed subject and a visitor', async () => {
    const u = await newUser(s);
    expectRefused(await last(u, { genus_id: 'x' }), 400, CODE.badInput, 'genus_id');
    expect((await request(s.url, question.last, { genus_id: 1, category_id: 1 })).body.code).toBe(CODE.unauthorized);
  });
});
