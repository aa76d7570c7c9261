import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/contract/envelope';
import * as question from '../../src/contract/questions';
import { type Reply, request } from '../support/api-client';
import { expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { newUser, type TestUser } from '../support/user-center-flows';

type Batch = { bank_id: number; results: question.AnswerResult[] };

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let subject: { genus_id: number; category_id: number };
  let paper: { id: number; parent_id: number; exam_minutes: number; question_count: number };
  let freeChild: number;

  const db = () => s.services.db.kysely;
  const call = <E extends Parameters<typeof request>[1]>(e: E, input: Record<string, unknown>, u?: TestUser) =>
    request(s.url, e, input, u ? { token: u.token } : {});
  const one = (u: TestUser, input: Record<string, unknown>) => call(question.answer, input, u) as Promise<Reply<question.AnswerResult>>;
  const batch = (u: TestUser, input: Record<string, unknown>) => call(question.answer, input, u) as Promise<Reply<Batch>>;
  /** Ownership of a top bank, as an order will grant it. */
  const own = (u: TestUser, topId: number) =>
    db()
      .insertInto('entitlements')
      .values({
        user_id: u.id,
        kind: 'question_bank',
        ref_id: topId,
        source: 'test',
        order_id: null,
        granted_at: s.services.clock(),
        expires_at: null,
      })
      .execute();
  const questionsOf = (bankId: number) =>
    db()
      .selectFrom('questions')
      .selectAll()
      .where('bank_id', '=', bankId)
      .where('type', '!=', 'material')
      .orderBy('sort')
      .orderBy('id')
      .execute();
  const wrongFor = (q: { type: string; answer: string; options: string }) => {
    const key = JSON.parse(q.answer) as unknown;
    if (q.type === 'single') return key === 'A' ? 'B' : 'A';
    if (q.type === 'multiple') return (key as string[]).includes('A') && (key as string[]).length === 1 ? 'B' : 'A';
    if (q.type === 'judge') return !key;
    return ['___wrong___'];
  };
  const rightFor = (q: { type: string; answer: string }) => {
    const key = JSON.parse(q.answer) as unknown;
    if (q.type === 'fill') return (key as string[][]).map((k) => k[0] ?? '');
    return key as string | string[] | boolean;
  };
  const countRows = async (table: 'question_records' | 'question_errors' | 'question_progress', userId: number) =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    s = await startTestServer(kind);
    const cat = await db().selectFrom('categories').select(['id', 'genus_id']).where('name', '=', '英语四级').executeTakeFirstOrThrow();
    subject = { genus_id: cat.genus_id, category_id: cat.id };
    const p = await db().selectFrom('question_banks').selectAll().where('mode', '=', 'exam').orderBy('id').executeTakeFirstOrThrow();
    paper = { id: p.id, parent_id: p.parent_id as number, exam_minutes: p.exam_minutes, question_count: p.question_count };
    const banks = (await call(question.bankList, { ...subject })).body.data;
    const free = banks.find((b) => b.is_free === 1) as question.BankItem;
    freeChild = (await call(question.children, { id: free.id })).body.data[0]?.id ?? 0;
  });
  afterAll(() => s.close());

  describe('exam papers: the server owns the timer and the keys', () => {
    it('start → answers kept without a verdict → reload restores them → hand-in scores once into records and the error book', async () => {
      const u = await newUser(s);
      await own(u, paper.parent_id);
      const before = (await call(question.exam, { bank_id: paper.id }, u)).body.data;
      expect(before).toMatchObject({ status: 'none', exam_minutes: paper.exam_minutes, answers: [], report: null });
      expectRefused(await one(u, { relation_id: (await questionsOf(paper.id))[0]?.id, answer: 'A' }), 409, CODE.conflict, '开始考试');

      const started = (await call(question.examStart, { bank_id: paper.id }, u)).body.data;
      expect(started.status).toBe('running');
      expect(started.deadline_at - started.started_at).toBe(paper.exam_minutes * 60);
      const again = (await call(question.examStart, { bank_id: paper.id }, u)).body.data;
      expect(again.started_at).toBe(started.started_at);

      const qs = await questionsOf(paper.id);
      const [q1, q2, q3] = qs as [(typeof qs)[0], (typeof qs)[0], (typeof qs)[0]];
      const kept = await one(u, { relation_id: q1.id, answer: rightFor(q1), duration: 30 });
      expect(kept.body.data).toMatchObject({ exam: 1, is_right: 0, right_answer: [], analysis: '', added_to_error: 0 });
      expect(JSON.stringify(kept.body)).not.toContain(q1.analysis.slice(0, 12));
      await one(u, { relation_id: q2.id, answer: wrongFor(q2), duration: 20 });
      await one(u, { relation_id: q3.id, answer: wrongFor(q3) });
      await one(u, { relation_id: q3.id, answer: rightFor(q3) }); // changed their mind
      expect(await countRows('question_records', u.id)).toBe(0);
      expect(await countRows('question_errors', u.id)).toBe(0);
      const running = (await call(question.exam, { bank_id: paper.id }, u)).body.data;
      expect(running.answers.map((a) => a.question_id).sort()).toEqual([q1.id, q2.id, q3.id].sort());
      expect(JSON.stringify(running)).not.toContain('analysis":"');

      const report = (await call(question.finish, { bank_id: paper.id }, u)).body.data;
      expect(report).toMatchObject({ mode: 'exam', answered: 3, right: 2, question_count: paper.question_count, auto_handed_in: 0 });
      expect(report.score).toBeGreaterThan(0);
      expect(report.review).toHaveLength(paper.question_count);
      const r2 = report.review.find((r) => r.question_id === q2.id);
      expect(r2).toMatchObject({ answered: 1, is_right: 0 });
      expect(r2?.analysis.length).toBeGreaterThan(0);
      expect(report.review.filter((r) => r.answered === 0)).toHaveLength(paper.question_count - 3);
      expect(await countRows('question_records', u.id)).toBe(3);
      expect(await countRows('question_errors', u.id)).toBe(1);

      const twice = (await call(question.finish, { bank_id: paper.id }, u)).body.data;
      expect(twice.finished_at).toBe(report.finished_at);
      expect(await countRows('question_errors', u.id)).toBe(1);
      expectRefused(await one(u, { relation_id: q1.id, answer: 'A' }), 409, CODE.conflict, '已交卷');
      expectRefused(await call(question.examStart, { bank_id: paper.id }, u), 409, CODE.conflict, '清空记录');
      const after = (await call(question.exam, { bank_id: paper.id }, u)).body.data;
      expect(after).toMatchObject({ status: 'handed_in', report: { score: report.score } });

      // reset: records and the paper go, the error book stays
      await call(question.clearRecord, { bank_id: paper.id }, u);
      expect((await call(question.exam, { bank_id: paper.id }, u)).body.data.status).toBe('none');
      expect(await countRows('question_errors', u.id)).toBe(1);
    });

    it('a paper left running is handed in by the server at its deadline, with the answers kept before it', async () => {
      const u = await newUser(s);
      await own(u, paper.parent_id);
      await call(question.examStart, { bank_id: paper.id }, u);
      const [q1] = await questionsOf(paper.id);
      if (!q1) throw new Error('empty paper');
      await one(u, { relation_id: q1.id, answer: wrongFor(q1) });
      s.advance(paper.exam_minutes * 60 + 60);
      try {
        expectRefused(await one(u, { relation_id: q1.id, answer: rightFor(q1) }), 409, CODE.conflict, '考试时间已到');
        const state = (await call(question.exam, { bank_id: paper.id }, u)).body.data;
        expect(state.status).toBe('handed_in');
        expect(state.report).toMatchObject({ answered: 1, right: 0, auto_handed_in: 1, duration: paper.exam_minutes * 60 });
        expect((await call(question.errorCount, {}, u)).body.data.all).toBe(1);
      } finally {
        s.advance(-(paper.exam_minutes * 60 + 60));
      }
    });

    it('the error book of a user who never came back is complete: reading it hands the paper in', async () => {
      const u = await newUser(s);
      await own(u, paper.parent_id);
      await call(question.examStart, { bank_id: paper.id }, u);
      const [q1] = await questionsOf(paper.id);
      if (!q1) throw new Error('empty paper');
      await one(u, { relation_id: q1.id, answer: wrongFor(q1) });
      s.advance(paper.exam_minutes * 60 + 60);
      try {
        expect((await call(question.errorList, {}, u)).body.data.map((e) => e.question_id)).toEqual([q1.id]);
      } finally {
        s.advance(-(paper.exam_minutes * 60 + 60));
      }
    });

    it('refuses a practice bank, a stranger to a paid paper, and bad ids', async () => {
      const u = await newUser(s);
      expectRefused(await call(question.examStart, { bank_id: freeChild }, u), 400, CODE.badInput, '不是试卷');
      expectRefused(await call(question.exam, { bank_id: freeChild }, u), 400, CODE.badInput, '不是试卷');
      const top = await db().selectFrom('question_banks').select('is_free').where('id', '=', paper.parent_id).executeTakeFirstOrThrow();
      if (top.is_free === 0)
        expectRefused(await call(question.examStart, { bank_id: paper.id }, u), 403, CODE.forbidden, question.NOT_OWNED_MSG);
      expectRefused(await call(question.exam, { bank_id: 999999 }, u), 404, CODE.notFound, '999999');
      expectRefused(await call(question.exam, { bank_id: 'x' }, u), 400, CODE.badInput, 'bank_id');
      expectRefused(await call(question.finish, { bank_id: paper.id }, await ownerOf()), 409, CODE.conflict, '还没有开始考试');
    });
    const ownerOf = async () => {
      const u = await newUser(s);
      await own(u, paper.parent_id);
      return u;
    };
  });

  describe('batch answers', () => {
    let bigChild: number;
    let bigQuestions: { id: number; answer: string; type: string; options: string }[];

    beforeAll(async () => {
      const now = s.services.clock();
      const top = await db()
        .insertInto('question_banks')
        .values({
          ...subject,
          parent_id: null,
          name: '批量测试题库',
          intro: '',
          price: 0,
          is_free: 1,
          mode: '',
          exam_minutes: 0,
          sort: 99,
          question_count: 120,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const child = await db()
        .insertInto('question_banks')
        .values({
          ...subject,
          parent_id: top.id,
          name: '批量测试',
          intro: '',
          price: 0,
          is_free: 1,
          mode: 'practice',
          exam_minutes: 0,
          sort: 1,
          question_count: 120,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      bigChild = child.id;
      for (let i = 0; i < 120; i++) {
        await db()
          .insertInto('questions')
          .values({
            bank_id: child.id,
            parent_question_id: null,
            type: 'single',
            stem: `第 ${i + 1} 题`,
            options: JSON.stringify(['甲', '乙', '丙', '丁']),
            answer: JSON.stringify('ABCD'[i % 4]),
            analysis: `解析 ${i + 1}`,
            score: 1,
            material: '',
            sort: i,
          })
          .execute();
      }
      bigQuestions = await questionsOf(child.id);
    });

    it('100 answers are kept together, scored by the server', async () => {
      const u = await newUser(s);
      const answers = bigQuestions
        .slice(0, 100)
        .map((q, i) => ({ relation_id: q.id, answer: i < 60 ? rightFor(q) : wrongFor(q), duration: 3 }));
      const res = (await batch(u, { bank_id: bigChild, answers })).body.data;
      expect(res.results).toHaveLength(100);
      expect(res.results.filter((r) => r.is_right === 1)).toHaveLength(60);
      expect(await countRows('question_records', u.id)).toBe(100);
      expect(await countRows('question_errors', u.id)).toBe(40);
    });

    it('one bad answer in 100 refuses the whole batch and changes nothing', async () => {
      const u = await newUser(s);
      const answers = bigQuestions.slice(0, 100).map((q) => ({ relation_id: q.id, answer: rightFor(q) }));
      answers[99] = { relation_id: bigQuestions[99]?.id ?? 0, answer: 'Z' };
      expectRefused(await batch(u, { bank_id: bigChild, answers }), 400, CODE.badInput, 'answers[99]');
      const foreign = [...answers.slice(0, 99), { relation_id: (await questionsOf(freeChild))[0]?.id ?? 0, answer: 'A' }];
      expectRefused(await batch(u, { bank_id: bigChild, answers: foreign }), 400, CODE.badInput, `不是题库 ${bigChild} 的题目`);
      const dup = [...answers.slice(0, 98), answers[0], answers[1]];
      expectRefused(await batch(u, { bank_id: bigChild, answers: dup }), 400, CODE.badInput, '重复');
      expectRefused(await batch(u, { bank_id: bigChild, answers: [] }), 400, CODE.badInput, 'answers');
      expectRefused(
        await batch(u, { relation_id: bigQuestions[0]?.id, bank_id: bigChild, answers, answer: 'A' }),
        400,
        CODE.badInput,
        '之一',
      );
      expect(await countRows('question_records', u.id)).toBe(0);
      expect(await countRows('question_progress', u.id)).toBe(0);
    });
  });

  describe('the error book: add, redo, leave after a run of right redos, spaced review', () => {
    const wrongly = async (u: TestUser, n: number) => {
      const qs = (await questionsOf(freeChild)).slice(0, n);
      for (const q of qs) await one(u, { relation_id: q.id, answer: wrongFor(q) });
      return qs;
    };

    it('POST /error adds a question once, for its own subject only', async () => {
      const u = await newUser(s);
      const [q] = await questionsOf(freeChild);
      if (!q) throw new Error('empty bank');
      const add = await call(question.errorAdd, { ...subject, relation_id: q.id, answer: rightFor(q) }, u);
      expect(add.body.data).toMatchObject({ question_id: q.id, added: 1 });
      const again = await call(question.errorAdd, { ...subject, relation_id: q.id }, u);
      expect(again.body.data).toMatchObject({ id: add.body.data.id, added: 0 });
      const other = await db()
        .selectFrom('categories')
        .select(['id', 'genus_id'])
        .where('genus_id', '!=', subject.genus_id)
        .executeTakeFirstOrThrow();
      expectRefused(
        await call(question.errorAdd, { genus_id: other.genus_id, category_id: other.id, relation_id: q.id }, u),
        400,
        CODE.badInput,
        '科目不一致',
      );
      expectRefused(await call(question.errorAdd, { ...subject, relation_id: 999999 }, u), 404, CODE.notFound, '999999');
      expectRefused(await call(question.errorAdd, { ...subject, relation_id: q.id, answer: { a: 1 } }, u), 400, CODE.badInput, 'answer');
      expect((await call(question.errorCount, subject, u)).body.data).toMatchObject({ day: 1, week: 1, all: 1 });
    });

    it('a wrong redo ends the run; the setting’s number of right redos in a row takes the question out', async () => {
      const u = await newUser(s);
      const [q] = await wrongly(u, 1);
      if (!q) throw new Error('empty bank');
      const [e] = (await call(question.errorList, {}, u)).body.data;
      if (!e) throw new Error('no error');
      const redo = (answer: unknown) => call(question.errorAnswer, { error_id: e.id, answer }, u);
      const r1 = (await redo(rightFor(q))).body.data;
      expect(r1).toMatchObject({ is_right: 1, right_streak: 1, graduate_after: 3, removed: 0 });
      expect(r1.due_at).toBeGreaterThan(s.services.clock());
      expect((await redo(rightFor(q))).body.data.right_streak).toBe(2);
      const wrong = (await redo(wrongFor(q))).body.data;
      expect(wrong).toMatchObject({ is_right: 0, right_streak: 0, removed: 0 });
      expect(wrong.analysis.length).toBeGreaterThan(0);
      await redo(rightFor(q));
      await redo(rightFor(q));
      const last = (await redo(rightFor(q))).body.data;
      expect(last).toMatchObject({ right_streak: 3, removed: 1, due_at: 0 });
      expect((await call(question.errorCount, {}, u)).body.data.all).toBe(0);
      expectRefused(await redo(rightFor(q)), 404, CODE.notFound, String(e.id));
    });

    it('another user’s error is refused like a missing one and is not changed', async () => {
      const a = await newUser(s);
      const b = await newUser(s);
      const [q] = await wrongly(a, 1);
      const [e] = (await call(question.errorList, {}, a)).body.data;
      if (!e || !q) throw new Error('no error');
      expectRefused(await call(question.errorAnswer, { error_id: e.id, answer: rightFor(q) }, b), 404, CODE.notFound, String(e.id));
      expect((await call(question.errorList, {}, a)).body.data[0]?.right_streak).toBe(0);
      expectRefused(await call(question.errorAnswer, { error_id: e.id }, a), 400, CODE.badInput, 'answer');
    });

    it('今日复习: new errors are due today; a right redo schedules the next review days later', async () => {
      const u = await newUser(s);
      const qs = await wrongly(u, 3);
      const queue = (await call(question.reviewQueue, {}, u)).body.data;
      expect(queue.due_today).toBe(3);
      expect(queue.items.map((i) => i.question_id).sort()).toEqual(qs.map((q) => q.id).sort());
      const first = queue.items[0] as question.ErrorItem;
      const q = qs.find((x) => x.id === first.question_id);
      if (!q) throw new Error('missing');
      const r = (await call(question.errorAnswer, { error_id: first.id, answer: rightFor(q) }, u)).body.data;
      expect(r.due_at - s.services.clock()).toBeGreaterThanOrEqual(86400);
      const after = (await call(question.reviewQueue, {}, u)).body.data;
      expect(after.due_today).toBe(2);
      expect(after.next_due_at).toBe(r.due_at);
      expect(after.items.map((i) => i.id)).not.toContain(first.id);
      // the spec's error_list is unchanged by reviews
      expect((await call(question.errorList, {}, u)).body.data).toHaveLength(3);
    });

    it('last_id paging has no duplicates or gaps while new errors are added', async () => {
      const u = await newUser(s);
      const qs = (await questionsOf(freeChild)).slice(0, 12);
      for (const q of qs.slice(0, 8)) await one(u, { relation_id: q.id, answer: wrongFor(q) });
      const seen: number[] = [];
      let lastId = 0;
      let added = 8;
      for (;;) {
        const page = (await call(question.errorList, { range: 'all', last_id: lastId, count: 3 }, u)).body.data;
        if (page.length === 0) break;
        seen.push(...page.map((e) => e.id));
        lastId = page[page.length - 1]?.id ?? 0;
        const next = qs[added];
        if (next) {
          await one(u, { relation_id: next.id, answer: wrongFor(next) });
          added += 1;
        }
      }
      expect(new Set(seen).size).toBe(seen.length);
      const firstEight = await db()
        .selectFrom('question_errors')
        .select('id')
        .where('user_id', '=', u.id)
        .where(
          'question_id',
          'in',
          qs.slice(0, 8).map((q) => q.id),
        )
        .execute();
      for (const e of firstEight) expect(seen).toContain(e.id);
      expectRefused(await call(question.errorList, { range: 'month' }, u), 400, CODE.badInput, 'range');
    });
  });

  describe('single choice shows which letter was wrong and which was missed', () => {
    it('a wrong single choice names the chosen letter wrong and the key missed; a right one names it right', async () => {
      const u = await newUser(s);
      const q = (await questionsOf(freeChild)).find((x) => x.type === 'single');
      if (!q) throw new Error('no single');
      const key = JSON.parse(q.answer) as string;
      const wrong = wrongFor(q) as string;
      const r = (await one(u, { relation_id: q.id, answer: wrong })).body.data;
      expect(r).toMatchObject({ right_letters: [], missed_letters: [key], wrong_letters: [wrong] });
      const ok = (await one(u, { relation_id: q.id, answer: key })).body.data;
      expect(ok).toMatchObject({ right_letters: [key], missed_letters: [], wrong_letters: [] });
    });
  });

  describe('records carry what the learner was shown', () => {
    it('a record has the key and analysis; a paper’s answers are not records before hand-in', async () => {
      const u = await newUser(s);
      const [q] = await questionsOf(freeChild);
      if (!q) throw new Error('empty');
      await one(u, { relation_id: q.id, answer: wrongFor(q) });
      const [rec] = (await call(question.record, { bank_id: freeChild }, u)).body.data;
      expect(rec).toMatchObject({ question_id: q.id, is_right: 0, analysis: q.analysis });
      expect(rec?.right_answer.length).toBeGreaterThan(0);
    });
  });

  describe('shared questions (consult)', () => {
    it('share → public page without the key → a friend answers once → the sharer sees who and how', async () => {
      const a = await newUser(s);
      const b = await newUser(s);
      const [q] = await questionsOf(freeChild);
      if (!q) throw new Error('empty');
      const shared = (await call(question.consultCreate, { relation_id: q.id }, a)).body.data;
      expect(shared.id).toMatch(question.CONSULT_ID_RE);
      expect(shared.share_path).toBe(`/question/share/${shared.id}`);
      expect((await call(question.consultCreate, { relation_id: q.id }, a)).body.data.id).toBe(shared.id);

      const anon = (await call(question.consultDetail, { id: shared.id })).body.data;
      expect(anon).toMatchObject({ id: shared.id, is_mine: 0, answer_count: 0, my_answer: null, answers: [], question: { id: q.id } });
      expect(JSON.stringify(anon)).not.toContain(q.analysis.slice(0, 12));
      expectRefused(await call(question.consultAnswer, { id: shared.id, answer: rightFor(q) }), 401, CODE.unauthorized, '登录');

      const answered = (await call(question.consultAnswer, { id: shared.id, answer: wrongFor(q) }, b)).body.data;
      expect(answered).toMatchObject({ is_right: 0, already: 0, analysis: q.analysis });
      const again = (await call(question.consultAnswer, { id: shared.id, answer: rightFor(q) }, b)).body.data;
      expect(again).toMatchObject({ is_right: 0, already: 1 });
      expect(await countRows('question_errors', b.id)).toBe(0);

      const asB = (await call(question.consultDetail, { id: shared.id }, b)).body.data;
      expect(asB).toMatchObject({ answer_count: 1, right_count: 0, answers: [], my_answer: { is_right: 0 } });
      const asA = (await call(question.consultDetail, { id: shared.id }, a)).body.data;
      expect(asA.is_mine).toBe(1);
      expect(asA.answers).toHaveLength(1);
      expect(asA.answers[0]).toMatchObject({ is_right: 0 });
      expectRefused(await call(question.consultAnswer, { id: shared.id, answer: rightFor(q) }, a), 400, CODE.badInput, '自己分享');
    });

    it('unknown and malformed share ids, and a paid question the sharer cannot practise, are refused', async () => {
      const a = await newUser(s);
      expectRefused(await call(question.consultDetail, { id: 'AAAAAAAAAAAAAAAA' }), 404, CODE.notFound, 'AAAAAAAAAAAAAAAA');
      expectRefused(await call(question.consultDetail, { id: '1' }), 400, CODE.badInput, 'id');
      expectRefused(await call(question.consultCreate, { relation_id: 999999 }, a), 404, CODE.notFound, '999999');
      const paid = await db()
        .selectFrom('question_banks')
        .select('id')
        .where('parent_id', 'is', null)
        .where('is_free', '=', 0)
        .executeTakeFirstOrThrow();
      const child = await db().selectFrom('question_banks').select('id').where('parent_id', '=', paid.id).executeTakeFirstOrThrow();
      const [pq] = await questionsOf(child.id);
      if (pq) expectRefused(await call(question.consultCreate, { relation_id: pq.id }, a), 403, CODE.forbidden, question.NOT_OWNED_MSG);
    });
  });

  describe('纠错 reports', () => {
    it('keeps a report once per reason and refuses unknown reasons and questions', async () => {
      const u = await newUser(s);
      const [q] = await questionsOf(freeChild);
      if (!q) throw new Error('empty');
      const first = (await call(question.report, { question_id: q.id, reason: 'answer_wrong', detail: '我觉得应该选 C' }, u)).body.data;
      expect(first.created).toBe(1);
      const again = (await call(question.report, { question_id: q.id, reason: 'answer_wrong' }, u)).body.data;
      expect(again).toEqual({ id: first.id, created: 0 });
      expect((await call(question.report, { question_id: q.id, reason: 'typo' }, u)).body.data.created).toBe(1);
      expectRefused(await call(question.report, { question_id: q.id, reason: 'boring' }, u), 400, CODE.badInput, 'reason');
      expectRefused(await call(question.report, { question_id: 999999, reason: 'typo' }, u), 404, CODE.notFound, '999999');
      expectRefused(
        await call(question.report, { question_id: q.id, reason: 'typo', detail: 'x'.repeat(201) }, u),
        400,
        CODE.badInput,
        'detail',
      );
    });
  });
});
