import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/contract/envelope';
import * as question from '../../src/contract/questions';
import * as uc from '../../src/contract/users-center';
import { type Reply, request } from '../support/api-client';
import { expectRefused, loginAs } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { newUser, type TestUser } from '../support/user-center-flows';

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let subject: { genus_id: number; category_id: number };
  let banks: question.BankItem[];
  let vip: TestUser;
  let none: TestUser;
  const free = () => banks.find((b) => b.is_free === 1) as question.BankItem;
  const paid = () => banks.find((b) => b.is_free === 0) as question.BankItem;

  beforeAll(async () => {
    s = await startTestServer(kind);
    const cat = await s.services.db.kysely
      .selectFrom('categories')
      .select(['id', 'genus_id'])
      .where('name', '=', '英语四级')
      .executeTakeFirstOrThrow();
    subject = { genus_id: cat.genus_id, category_id: cat.id };
    banks = (await request(s.url, question.bankList, { ...subject, count: 50 })).body.data;
    const v = await loginAs(s, '13800000002');
    vip = { id: v.user.id, token: v.token, mobile: '13800000002' };
    const n = await loginAs(s, '13800000003');
    none = { id: n.user.id, token: n.token, mobile: '13800000003' };
  });
  afterAll(() => s.close());

  const db = () => s.services.db.kysely;
  /** A question of a top bank's children of `type`, with its stored key. */
  const questionOf = async (topId: number, type: string, skip = 0) => {
    const rows = await db()
      .selectFrom('questions as q')
      .innerJoin('question_banks as b', 'b.id', 'q.bank_id')
      .select(['q.id', 'q.answer', 'q.options', 'q.stem', 'q.bank_id'])
      .where('b.parent_id', '=', topId)
      .where('q.type', '=', type)
      .orderBy('q.id')
      .execute();
    const row = rows[skip];
    if (!row) throw new Error(`no ${type} question in bank ${topId}`);
    return { ...row, key: JSON.parse(row.answer) as unknown };
  };
  /** One answer (the batch form has its own tests in question-practice.test.ts). */
  const answer = (u: TestUser, input: Record<string, unknown>) =>
    request(s.url, question.answer, input, { token: u.token }) as Promise<Reply<question.AnswerResult>>;
  const errorsOf = (u: TestUser, questionId: number) =>
    db().selectFrom('question_errors').selectAll().where('user_id', '=', u.id).where('question_id', '=', questionId).execute();
  const wrongLetter = (key: unknown) => (key === 'A' ? 'B' : 'A');

  describe('banks', () => {
    it('lists a category’s top banks, free first, with counts; bad and unknown subjects are refused', async () => {
      expect(banks.length).toBeGreaterThanOrEqual(2);
      expect(banks[0]?.is_free).toBe(1);
      for (const b of banks) {
        expect(b).toMatchObject(subject);
        expect(b.child_count).toBeGreaterThan(0);
        expect(b.question_count).toBeGreaterThan(0);
      }
      expectRefused(await request(s.url, question.bankList, { genus_id: subject.genus_id }), 400, CODE.badInput, 'category_id');
      expectRefused(
        await request(s.url, question.bankList, { genus_id: subject.genus_id, category_id: 999999 }),
        400,
        CODE.badInput,
        'category_id',
      );
    });

    it('detail: children with mode and counts; access through the one check (login, VIP, not owned, free)', async () => {
      const anon = (await request(s.url, question.bankDetailEndpoint, { bank_id: paid().id })).body.data;
      expect(anon).toMatchObject({ id: paid().id, can_access: 0, access_reason: 'login_required' });
      expect(anon.children.length).toBe(anon.child_count);
      expect(anon.children.reduce((n, c) => n + c.question_count, 0)).toBe(anon.question_count);
      for (const c of anon.children) expect(c).toMatchObject({ parent_id: paid().id, mode: 'practice', exam_minutes: 0, progress: null });
      const asVip = (await request(s.url, question.bankDetailEndpoint, { bank_id: paid().id }, { token: vip.token })).body.data;
      expect(asVip).toMatchObject({ can_access: 1, access_reason: 'vip' });
      const asNone = (await request(s.url, question.bankDetailEndpoint, { bank_id: paid().id }, { token: none.token })).body.data;
      expect(asNone).toMatchObject({ can_access: 0, access_reason: 'not_owned' });
      const freeDetail = (await request(s.url, question.bankDetailEndpoint, { bank_id: free().id })).body.data;
      expect(freeDetail).toMatchObject({ can_access: 1, access_reason: 'free' });
      // a child's id shows its top bank
      const child = anon.children[0]?.id ?? 0;
      expect((await request(s.url, question.bankDetailEndpoint, { bank_id: child })).body.data.id).toBe(paid().id);
      expectRefused(await request(s.url, question.bankDetailEndpoint, { bank_id: 999999 }), 404, CODE.notFound, '999999');
      expectRefused(await request(s.url, question.bankDetailEndpoint, { bank_id: 'x' }), 400, CODE.badInput, 'bank_id');
    });

    it('an exam paper carries its minutes', async () => {
      const paper = await db().selectFrom('question_banks').select('id').where('mode', '=', 'exam').executeTakeFirstOrThrow();
      const children = (await request(s.url, question.children, { id: paper.id })).body.data;
      const exam = children.find((c) => c.id === paper.id);
      expect(exam?.mode).toBe('exam');
      expect(exam?.exam_minutes).toBeGreaterThan(0);
    });

    it('child lists the children; a missing id is refused', async () => {
      const d = (await request(s.url, question.bankDetailEndpoint, { bank_id: free().id })).body.data;
      const c = (await request(s.url, question.children, { id: free().id })).body.data;
      expect(c.map((x) => x.id)).toEqual(d.children.map((x) => x.id));
      expectRefused(await request(s.url, question.children, { id: 999999 }), 404, CODE.notFound, '999999');
      expectRefused(await request(s.url, question.children, {}), 400, CODE.badInput, 'id');
    });
  });

  describe('content', () => {
    it('a paid bank is refused to a non-owner (4030, no stems) and sent to a VIP without keys or analyses', async () => {
      const child = (await request(s.url, question.children, { id: paid().id })).body.data[0]?.id ?? 0;
      const refused = await request(s.url, question.content, { bank_id: child }, { token: none.token });
      expectRefused(refused, 403, CODE.forbidden, question.NOT_OWNED_MSG);
      expect(JSON.stringify(refused.body)).not.toContain('stem');
      const anon = await request(s.url, question.content, { bank_id: child });
      expect(anon.body.code).toBe(CODE.unauthorized);
      const res = await request(s.url, question.content, { bank_id: child }, { token: vip.token });
      expect(res.body.status).toBe(0);
      const c = res.body.data;
      expect(c).toMatchObject({ top_bank_id: paid().id, access_reason: 'vip', bank: { id: child } });
      expect(c.questions.length).toBe(c.bank.question_count);
      const sub = c.questions.find((q) => q.material !== '');
      expect(sub?.material_id).toBeGreaterThan(0);
      for (const q of c.questions) {
        expect(Object.keys(q)).not.toContain('answer');
        expect(Object.keys(q)).not.toContain('analysis');
      }
      expect(JSON.stringify(c)).not.toContain('"analysis"');
    });

    it('a free bank is open to anyone logged in; a top bank has no content of its own', async () => {
      const u = await newUser(s);
      const child = (await request(s.url, question.children, { id: free().id })).body.data[0]?.id ?? 0;
      const c = (await request(s.url, question.content, { bank_id: child }, { token: u.token })).body.data;
      expect(c.access_reason).toBe('free');
      const fill = c.questions.find((q) => q.type === 'fill');
      if (fill) expect(fill.blank_count).toBeGreaterThan(0);
      expectRefused(
        await request(s.url, question.content, { bank_id: free().id }, { token: u.token }),
        404,
        CODE.notFound,
        String(free().id),
      );
      expectRefused(await request(s.url, question.content, { bank_id: 999999 }, { token: u.token }), 404, CODE.notFound, '999999');
    });
  });

  describe('answering', () => {
    it('the server scores a wrong answer as wrong even when the client says is_right: 1, and books it once', async () => {
      const u = await newUser(s);
      const q = await questionOf(free().id, 'single');
      const wrong = wrongLetter(q.key);
      const first = await answer(u, { relation_id: q.id, answer: wrong, duration: 12, is_right: 1 });
      expect(first.body.data).toMatchObject({ question_id: q.id, is_right: 0, answer: [wrong], right_answer: [q.key], added_to_error: 1 });
      expect(first.body.data.analysis.length).toBeGreaterThan(0);
      const rec = await db()
        .selectFrom('question_records')
        .selectAll()
        .where('user_id', '=', u.id)
        .where('question_id', '=', q.id)
        .execute();
      expect(rec).toHaveLength(1);
      expect(rec[0]).toMatchObject({ is_right: 0, duration: 12 });
      const again = await answer(u, { relation_id: q.id, answer: wrong, is_right: 1 });
      expect(again.body.data).toMatchObject({ is_right: 0, added_to_error: 0 });
      expect(await errorsOf(u, q.id)).toHaveLength(1);
      const right = await answer(u, { relation_id: q.id, answer: String(q.key).toLowerCase(), is_right: 0 });
      expect(right.body.data).toMatchObject({ is_right: 1, added_to_error: 0 });
      // a practice answer is not a redo: the run of right redos counts only error/answer
      expect((await errorsOf(u, q.id))[0]?.right_streak).toBe(0);
    });

    it('multiple choice is all or nothing and reports the letters right, missed and wrong', async () => {
      const u = await newUser(s);
      const q = await questionOf(free().id, 'multiple');
      const key = q.key as string[];
      const options = JSON.parse(q.options) as string[];
      const extra = 'ABCDEF'
        .slice(0, options.length)
        .split('')
        .find((l) => !key.includes(l));
      const partial = [key[0] as string, ...(extra ? [extra] : [])];
      const res = (await answer(u, { relation_id: q.id, answer: partial, is_right: 1 })).body.data;
      expect(res.is_right).toBe(0);
      expect(res.right_letters).toEqual([key[0]]);
      expect(res.missed_letters).toEqual([...key].sort().filter((l) => l !== key[0]));
      expect(res.wrong_letters).toEqual(extra ? [extra] : []);
      const all = (await answer(u, { relation_id: q.id, answer: [...key].reverse().join(',') })).body.data;
      expect(all).toMatchObject({ is_right: 1, missed_letters: [], wrong_letters: [] });
      expect(all.right_answer).toEqual([...key].sort());
    });

    it('fill blanks are compared after normalising full-width characters, case and spaces', async () => {
      const u = await newUser(s);
      const rows = await db()
        .selectFrom('questions as q')
        .innerJoin('question_banks as b', 'b.id', 'q.bank_id')
        .select(['q.id', 'q.answer'])
        .where('b.parent_id', '=', free().id)
        .where('q.type', '=', 'fill')
        .execute();
      const q = rows.find((r) => /^[a-z]+$/.test((JSON.parse(r.answer) as string[][])[0]?.[0] ?? '')) as { id: number; answer: string };
      const word = (JSON.parse(q.answer) as string[][])[0]?.[0] as string;
      const fullWidth = [...word.toUpperCase()].map((ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).join('');
      const res = (await answer(u, { relation_id: q.id, answer: [`　 ${fullWidth}  `] })).body.data;
      expect(res).toMatchObject({ is_right: 1, blanks: [1], right_answer: [word] });
      const asText = (await answer(u, { relation_id: q.id, answer: ` ${word.toUpperCase()} ` })).body.data;
      expect(asText.is_right).toBe(1);
      const wrong = (await answer(u, { relation_id: q.id, answer: [`${word}x`] })).body.data;
      expect(wrong).toMatchObject({ is_right: 0, blanks: [0] });
      expectRefused(await answer(u, { relation_id: q.id, answer: ['a', 'b', 'c'] }), 400, CODE.badInput, 'answer');
    });

    it('judge questions take true / false / 1 / 0 / 对 / 错', async () => {
      const u = await newUser(s);
      const top = await db()
        .selectFrom('questions as q')
        .innerJoin('question_banks as b', 'b.id', 'q.bank_id')
        .select('b.parent_id')
        .where('q.type', '=', 'judge')
        .where('b.is_free', '=', 1)
        .executeTakeFirstOrThrow();
      const q = await questionOf(top.parent_id ?? 0, 'judge');
      const word = q.key === true ? '对' : '错';
      expect((await answer(u, { relation_id: q.id, answer: word })).body.data).toMatchObject({
        is_right: 1,
        right_answer: [String(q.key)],
      });
      expect((await answer(u, { relation_id: q.id, answer: !q.key })).body.data.is_right).toBe(0);
      expectRefused(await answer(u, { relation_id: q.id, answer: 'maybe' }), 400, CODE.badInput, 'answer');
    });

    it('refuses bad input, missing questions and paid banks without access', async () => {
      const q = await questionOf(free().id, 'single');
      expectRefused(await answer(none, { relation_id: q.id, answer: 'Z' }), 400, CODE.badInput, 'answer');
      expectRefused(await answer(none, { relation_id: q.id, answer: 'AB' }), 400, CODE.badInput, 'answer');
      expectRefused(await answer(none, { relation_id: q.id }), 400, CODE.badInput, 'answer');
      expectRefused(await answer(none, { relation_id: q.id, answer: 'A', duration: -1 }), 400, CODE.badInput, 'duration');
      expectRefused(await answer(none, { relation_id: 999999, answer: 'A' }), 404, CODE.notFound, '999999');
      const p = await questionOf(paid().id, 'single');
      expectRefused(await answer(none, { relation_id: p.id, answer: 'A' }), 403, CODE.forbidden, question.NOT_OWNED_MSG);
      expect(await errorsOf(none, p.id)).toHaveLength(0);
      expect((await request(s.url, question.answer, { relation_id: q.id, answer: 'A' })).body.code).toBe(CODE.unauthorized);
    });
  });

  describe('error book, records and resuming', () => {
    it('finish sums the server-scored answers of a child bank and records the time', async () => {
      const u = await newUser(s);
      const q1 = await questionOf(free().id, 'single', 0);
      const q2 = await questionOf(free().id, 'single', 1);
      await answer(u, { relation_id: q1.id, answer: wrongLetter(q1.key), is_right: 1 });
      await answer(u, { relation_id: q2.id, answer: q2.key });
      const res = (await request(s.url, question.finish, { bank_id: q1.bank_id }, { token: u.token })).body.data;
      expect(res).toMatchObject({ bank_id: q1.bank_id, answered: 2, right: 1, score: 1 });
      expect(res.full_score).toBeGreaterThanOrEqual(res.question_count);
      const detail = (await request(s.url, question.bankDetailEndpoint, { bank_id: free().id }, { token: u.token })).body.data;
      expect(detail.children.find((c) => c.id === q1.bank_id)?.progress?.finished_at).toBe(res.finished_at);
      const p = await questionOf(paid().id, 'single');
      expectRefused(
        await request(s.url, question.finish, { bank_id: p.bank_id }, { token: none.token }),
        403,
        CODE.forbidden,
        question.NOT_OWNED_MSG,
      );
      expectRefused(
        await request(s.url, question.finish, { bank_id: free().id }, { token: u.token }),
        404,
        CODE.notFound,
        String(free().id),
      );
      expectRefused(await request(s.url, question.finish, { bank_id: 'x' }, { token: u.token }), 400, CODE.badInput, 'bank_id');
    });

    it('collects and uncollects a question once; the collection has no keys; a paid bank needs access', async () => {
      const u = await newUser(s);
      const q = await questionOf(free().id, 'single');
      const collect = (input: Record<string, unknown>, who: TestUser = u) => request(s.url, question.collect, input, { token: who.token });
      expect((await collect({ question_id: q.id, bank_id: q.bank_id, is_collect: 1 })).body.data).toEqual({
        question_id: q.id,
        is_collect: 1,
      });
      await collect({ question_id: q.id });
      const list = (await request(s.url, question.collection, { bank_id: free().id }, { token: u.token })).body.data;
      expect(list.map((x) => x.id)).toEqual([q.id]);
      expect(list[0]).toMatchObject({ bank_id: q.bank_id, type: 'single' });
      expect(Object.keys(list[0] ?? {})).not.toContain('answer');
      expect((await request(s.url, question.collection, { bank_id: q.bank_id }, { token: u.token })).body.data).toHaveLength(1);
      await collect({ question_id: q.id, is_collect: 0 });
      expect((await request(s.url, question.collection, { bank_id: free().id }, { token: u.token })).body.data).toEqual([]);
      const p = await questionOf(paid().id, 'single');
      expectRefused(await collect({ question_id: p.id }, none), 403, CODE.forbidden, question.NOT_OWNED_MSG);
      expectRefused(await request(s.url, question.collection, { bank_id: paid().id }, { token: none.token }), 403, CODE.forbidden, '');
      expectRefused(await collect({ question_id: 999999 }), 404, CODE.notFound, '999999');
      expectRefused(await collect({ question_id: q.id, is_collect: 2 }), 400, CODE.badInput, 'is_collect');
      expectRefused(await request(s.url, question.collection, { bank_id: 999999 }, { token: u.token }), 404, CODE.notFound, '999999');
    });

    it('counts errors by China-time day, week and all, and pages the list by last_id', async () => {
      const u = await newUser(s);
      const qs = await Promise.all([0, 1, 2].map((i) => questionOf(free().id, 'single', i)));
      for (const q of qs) await answer(u, { relation_id: q.id, answer: wrongLetter(q.key) });
      const old = qs[0]?.id ?? 0;
      await db()
        .updateTable('question_errors')
        .set({ added_at: s.services.clock() - 10 * 86400 })
        .where('user_id', '=', u.id)
        .where('question_id', '=', old)
        .execute();
      const counts = (await request(s.url, question.errorCount, {}, { token: u.token })).body.data;
      expect(counts).toEqual({ day: 2, week: 2, all: 3 });
      const other = (await request(s.url, question.errorCount, { genus_id: 999999 }, { token: u.token })).body.data;
      expect(other).toEqual({ day: 0, week: 0, all: 0 });
      const page1 = (await request(s.url, question.errorList, { range: 'all', count: 2 }, { token: u.token })).body.data;
      expect(page1).toHaveLength(2);
      expect(page1[0]?.right_answer).toHaveLength(1);
      const page2 = (await request(s.url, question.errorList, { range: 'all', count: 2, last_id: page1[1]?.id }, { token: u.token })).body
        .data;
      expect(page2.map((e) => e.question_id)).toEqual([old]);
      const today = (await request(s.url, question.errorList, { range: 'day' }, { token: u.token })).body.data;
      expect(today.map((e) => e.question_id).sort()).toEqual([qs[1]?.id, qs[2]?.id].sort());
      expectRefused(await request(s.url, question.errorList, { range: 'year' }, { token: u.token }), 400, CODE.badInput, 'range');
      expect((await request(s.url, question.errorCount, {})).body.code).toBe(CODE.unauthorized);
    });

    it('removes one’s own error; another user’s error id is refused like a missing one', async () => {
      const u = await newUser(s);
      const q = await questionOf(free().id, 'single');
      await answer(u, { relation_id: q.id, answer: wrongLetter(q.key) });
      const [row] = await errorsOf(u, q.id);
      const errorId = row?.id ?? 0;
      const other = await newUser(s);
      const theirs = await request(s.url, question.errorRemove, { error_id: errorId }, { token: other.token });
      const missing = await request(s.url, question.errorRemove, { error_id: 999999 }, { token: other.token });
      expect({ http: theirs.http, code: theirs.body.code }).toEqual({ http: missing.http, code: missing.body.code });
      expectRefused(theirs, 404, CODE.notFound, String(errorId));
      expect(await errorsOf(u, q.id)).toHaveLength(1);
      expect((await request(s.url, question.errorRemove, { error_id: errorId }, { token: u.token })).body.data).toEqual({ id: errorId });
      expect(await errorsOf(u, q.id)).toHaveLength(0);
      expectRefused(await request(s.url, question.errorRemove, { error_id: errorId }, { token: u.token }), 404, CODE.notFound, '');
      expectRefused(await request(s.url, question.errorRemove, { error_id: 'x' }, { token: u.token }), 400, CODE.badInput, 'error_id');
    });

    it('records, the last place, my banks and progress; clearing a bank’s records keeps the error book', async () => {
      const u = await newUser(s);
      expect((await request(s.url, question.last, {}, { token: u.token })).body.data).toBeNull();
      expect((await request(s.url, question.myBanks, {}, { token: u.token })).body.data).toEqual([]);
      const q1 = await questionOf(free().id, 'single', 0);
      const q2 = await questionOf(free().id, 'single', 1);
      await answer(u, { relation_id: q1.id, answer: wrongLetter(q1.key), duration: 5 });
      await answer(u, { relation_id: q2.id, answer: q2.key, duration: 7 });
      const recs = (await request(s.url, question.record, { bank_id: q1.bank_id }, { token: u.token })).body.data;
      expect(recs.map((r) => [r.question_id, r.is_right])).toEqual([
        [q1.id, 0],
        [q2.id, 1],
      ]);
      const viaTop = (await request(s.url, question.record, { bank_id: free().id }, { token: u.token })).body.data;
      expect(viaTop).toHaveLength(2);
      expect((await request(s.url, question.last, {}, { token: u.token })).body.data).toMatchObject({
        bank_id: q2.bank_id,
        top_bank_id: free().id,
        question_id: q2.id,
      });
      const mine = (await request(s.url, question.myBanks, {}, { token: u.token })).body.data;
      expect(mine.map((b) => b.id)).toEqual([free().id]);
      expect(mine[0]).toMatchObject({ access_reason: 'free', answered: 2 });
      const detail = (await request(s.url, question.bankDetailEndpoint, { bank_id: free().id }, { token: u.token })).body.data;
      expect(detail.children.find((c) => c.id === q1.bank_id)?.progress).toMatchObject({ answered: 2, right: 1, last_question_id: q2.id });

      expect((await request(s.url, uc.userStatistics, {}, { token: u.token })).body.data.question_done_count).toBe(2);
      const cleared = await request(s.url, question.clearRecord, { bank_id: q1.bank_id }, { token: u.token });
      expect(cleared.body.data).toEqual({ cleared: 2 });
      expect((await request(s.url, question.record, { bank_id: q1.bank_id }, { token: u.token })).body.data).toEqual([]);
      expect((await request(s.url, question.last, {}, { token: u.token })).body.data).toBeNull();
      expect(await errorsOf(u, q1.id)).toHaveLength(1);
      expect((await request(s.url, uc.userStatistics, {}, { token: u.token })).body.data.question_done_count).toBe(0);
      expectRefused(await request(s.url, question.record, { bank_id: 999999 }, { token: u.token }), 404, CODE.notFound, '999999');
      expectRefused(await request(s.url, question.clearRecord, { bank_id: 999999 }, { token: u.token }), 404, CODE.notFound, '999999');
      expectRefused(await request(s.url, question.clearRecord, {}, { token: u.token }), 400, CODE.badInput, 'bank_id');
      expect((await request(s.url, question.last, {})).body.code).toBe(CODE.unauthorized);
    });
  });
});
