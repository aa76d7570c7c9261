import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { fakeEnv } from '../../../tests/support/fake-env';
import type { AnswerResult, QuestionItem } from '../../contract/questions-shapes';
import type { CallReply } from '../../runtime/block-api';
import { AnswererController, AUTO_ADVANCE_MS } from './controller';
import { keepPlace } from './device';

const ok = <T>(data: T): CallReply<T> => ({ status: 0, code: 0, msg: 'ok', data });
const offline: CallReply<null> = { status: -1, code: -1, msg: '网络异常，请检查网络后重试', data: null };
const callsOf = (fn: unknown) => (fn as Mock).mock.calls as [string, Record<string, unknown>][];

const q = (id: number, type: QuestionItem['type'] = 'single'): QuestionItem => ({
  id,
  type,
  stem: `Q${id}`,
  options: type === 'single' || type === 'multiple' ? ['a', 'b', 'c'] : [],
  score: 2,
  material: '',
  material_id: 0,
  blank_count: type === 'fill' ? 1 : 0,
});
const questions = [q(11), q(12), q(13, 'multiple'), q(14, 'fill')];
const bank = (mode: 'practice' | 'exam') => ({
  id: 5,
  parent_id: 1,
  name: mode === 'exam' ? '模拟卷' : '专项一',
  mode,
  exam_minutes: mode === 'exam' ? 30 : 0,
  sort: 0,
  question_count: 4,
  progress: null,
});
const content = (mode: 'practice' | 'exam') => ok({ bank: bank(mode), top_bank_id: 1, access_reason: 'free' as const, questions });
const result = (question_id: number, is_right: number, extra: Partial<AnswerResult> = {}): AnswerResult => ({
  question_id,
  is_right,
  answer: ['A'],
  right_answer: ['A'],
  analysis: '因为 A',
  right_letters: [],
  missed_letters: [],
  wrong_letters: [],
  blanks: [],
  added_to_error: is_right ? 0 : 1,
  exam: 0,
  ...extra,
});

afterEach(() => vi.useRealTimers());

describe('practice', () => {
  const replies = () => ({
    'question.content': content('practice'),
    'question.collection': ok([{ ...q(12), bank_id: 5, collected_at: 1 }]),
    'question.record': ok([
      {
        id: 1,
        bank_id: 5,
        question_id: 11,
        answer: ['B'],
        is_right: 0,
        duration: 3,
        created_at: 100,
        right_answer: ['A'],
        analysis: '因为 A',
      },
    ]),
    'question.last': ok({ bank_id: 5, top_bank_id: 1, bank_name: '专项一', question_id: 11, updated_at: 100 }),
  });

  it('restores verdicts, collected ids and resumes after the last question, at the next unanswered one', async () => {
    const env = fakeEnv(replies());
    const c = new AnswererController(env, 5, () => 1_000_000);
    await c.load();
    const s = c.getState();
    expect(s.phase).toBe('answering');
    expect(s.index).toBe(1);
    expect(s.results[11]?.is_right).toBe(0);
    expect(s.answers[11]).toEqual(['B']);
    expect(s.collected).toEqual([12]);
    expect(c.locked(11)).toBe(true);
    // never asks for the exam state nor keys of anything else
    expect(callsOf(env.call).map(([id]) => id)).not.toContain('question.exam');
  });

  it('a reload returns to the question the device kept', async () => {
    const env = fakeEnv(replies());
    keepPlace(env.storage, 5, { index: 2, questionId: 13, at: 500_000 });
    const c = new AnswererController(env, 5, () => 1_000_000);
    await c.load();
    expect(c.getState().index).toBe(2);
    c.next();
    expect(env.storage.getJson('questionAnswerer.place.5', null)).toMatchObject({ index: 3, questionId: 14 });
  });

  it('a tap on a single choice is submitted with its duration; a right answer stays with its analysis', async () => {
    vi.useFakeTimers();
    let now = 1_000_000;
    const env = fakeEnv({ ...replies(), 'question.answer': ok(result(12, 1)) });
    const c = new AnswererController(env, 5, () => now);
    await c.load();
    expect(c.getState().autoAdvance).toBe(false);
    c.go(1);
    now += 7_400;
    c.change(['A']);
    await vi.waitFor(() => expect(c.getState().results[12]?.is_right).toBe(1));
    expect(callsOf(env.beacon)[0]).toEqual(['question.answer', { relation_id: 12, answer: ['A'], duration: 7 }]);
    expect(c.getState().index).toBe(1);
    vi.advanceTimersByTime(AUTO_ADVANCE_MS * 10);
    expect(c.getState().index).toBe(1);
    expect(c.getState().results[12]?.analysis).toBe('因为 A');
    expect(await env.outbox.list()).toEqual([]);
  });

  it('答对自动下一题 on (kept on the device): a right answer moves on after the delay; off again stops a pending one', async () => {
    vi.useFakeTimers();
    const env = fakeEnv({
      ...replies(),
      'question.answer': (input: unknown) => ok(result((input as { relation_id: number }).relation_id, 1)),
    });
    const c = new AnswererController(env, 5);
    await c.load();
    c.setAutoAdvance(true);
    expect(env.storage.getJson('questionAnswerer.autoAdvance', null)).toBe(true);
    expect(new AnswererController(env, 6).getState().autoAdvance).toBe(true);
    c.go(1);
    c.change(['A']);
    await vi.waitFor(() => expect(c.getState().results[12]?.is_right).toBe(1));
    vi.advanceTimersByTime(AUTO_ADVANCE_MS);
    expect(c.getState().index).toBe(2);
    // A pending advance is dropped when the setting goes off.
    c.go(0);
    const d = new AnswererController(env, 5);
    await d.load();
    d.go(1);
    d.change(['A']);
    await vi.waitFor(() => expect(d.getState().results[12]?.is_right).toBe(1));
    d.setAutoAdvance(false);
    vi.advanceTimersByTime(AUTO_ADVANCE_MS);
    expect(d.getState().index).toBe(1);
    expect(env.storage.getJson('questionAnswerer.autoAdvance', null)).toBeNull();
  });

  it('multiple choice waits for 提交', async () => {
    const env = fakeEnv({ ...replies(), 'question.answer': ok(result(13, 0, { missed_letters: ['C'], right_letters: ['A'] })) });
    const c = new AnswererController(env, 5);
    await c.load();
    c.go(2);
    c.change(['A']);
    expect(env.beacon).not.toHaveBeenCalled();
    await c.submit();
    expect(c.getState().results[13]?.missed_letters).toEqual(['C']);
  });

  it('offline: the answer waits in the outbox, shows as queued, and is sent once when the network is back', async () => {
    let online = false;
    const env = fakeEnv({ ...replies(), 'question.answer': () => (online ? ok(result(12, 0)) : offline) });
    const c = new AnswererController(env, 5);
    await c.load();
    c.go(1);
    c.change(['B']);
    await vi.waitFor(() => expect(c.getState().sent[12]).toBe('queued'));
    expect(c.getState().results[12]).toBeUndefined();
    expect((await env.outbox.list()).length).toBe(1);
    // A reload while offline still shows the answer as queued.
    const again = new AnswererController(env, 5);
    await again.load();
    expect(again.getState().sent[12]).toBe('queued');
    online = true;
    (env.beacon as Mock).mockClear();
    await Promise.all([c.flush(), again.flush()]);
    expect(callsOf(env.beacon).filter(([id]) => id === 'question.answer')).toHaveLength(1);
    expect(await env.outbox.list()).toEqual([]);
    expect(c.getState().results[12]?.is_right ?? again.getState().results[12]?.is_right).toBe(0);
  });

  it('collect toggles with the server', async () => {
    const env = fakeEnv({ ...replies(), 'question.collect': ok({ question_id: 11, is_collect: 1 }) });
    const c = new AnswererController(env, 5);
    await c.load();
    c.go(0);
    await c.toggleCollect();
    expect(c.getState().collected).toContain(11);
    expect(callsOf(env.call).find(([id]) => id === 'question.collect')?.[1]).toEqual({ question_id: 11, is_collect: 1 });
    c.toggleMark();
    expect(env.storage.getJson('questionAnswerer.marks.5', [])).toEqual([11]);
  });

  it('a paid bank shows the refusal and links to its bank', async () => {
    const env = fakeEnv({
      'question.content': { status: 1, code: 4030, msg: '该题库需购买后练习', data: null },
      'question.bank_detail': ok({ id: 1 }),
    });
    const c = new AnswererController(env, 5);
    await c.load();
    expect(c.getState()).toMatchObject({ phase: 'locked', message: '该题库需购买后练习', topBankId: 1 });
  });

  it('a top bank’s id opens its practice list instead; a missing bank offers 返回, not 重试', async () => {
    const missing = { status: 1, code: 4004, msg: '子题库 bank_id 1 不存在', data: null };
    const top = fakeEnv({ 'question.content': missing, 'question.collection': ok([]), 'question.bank_detail': ok({ id: 1 }) });
    const c = new AnswererController(top, 1);
    await c.load();
    expect(top.navigate).toHaveBeenCalledWith('/question/child_list/1', { replace: true });

    const gone = fakeEnv({
      'question.content': { ...missing, msg: '子题库 bank_id 99 不存在' },
      'question.collection': ok([]),
      'question.bank_detail': { status: 1, code: 4004, msg: '题库 bank_id 99 不存在', data: null },
    });
    const d = new AnswererController(gone, 99);
    await d.load();
    expect(gone.navigate).not.toHaveBeenCalled();
    expect(d.getState()).toMatchObject({ phase: 'error', message: '内容不存在或已下架', missing: true });
  });
});

describe('exam', () => {
  const running = (answers: { question_id: number; answer: string[] }[] = []) =>
    ok({
      bank_id: 5,
      status: 'running' as const,
      exam_minutes: 30,
      started_at: 9000,
      deadline_at: 10_800,
      now: 10_000,
      answers,
      report: null,
    });

  it('none → start screen; start → running on the server clock', async () => {
    const env = fakeEnv({
      'question.content': content('exam'),
      'question.collection': ok([]),
      'question.exam': ok({
        bank_id: 5,
        status: 'none',
        exam_minutes: 30,
        started_at: 0,
        deadline_at: 0,
        now: 10_000,
        answers: [],
        report: null,
      }),
      'question.exam_start': running(),
    });
    // The device clock is an hour behind the server.
    let now = 10_000_000 - 3_600_000;
    const c = new AnswererController(env, 5, () => now);
    await c.load();
    expect(c.getState().phase).toBe('exam-start');
    await c.startExam();
    expect(c.getState().phase).toBe('answering');
    expect(c.secondsLeft()).toBe(800);
    now += 100_000;
    expect(c.secondsLeft()).toBe(700);
    const ids = callsOf(env.call).map(([id]) => id);
    expect(ids).not.toContain('question.record');
  });

  it('退出 saves a written draft unscored and hands nothing in', async () => {
    const env = fakeEnv({
      'question.content': content('exam'),
      'question.collection': ok([]),
      'question.exam': running(),
      'question.answer': ok(result(11, 0, { exam: 1, right_answer: [], analysis: '' })),
    });
    const c = new AnswererController(env, 5, () => 10_000_000);
    await c.load();
    c.go(2);
    c.change(['A']); // a multiple choice: a draft until saved
    expect(c.getState().sent[13]).toBe('draft');
    await c.exit();
    expect(callsOf(env.beacon).map(([id, input]) => [id, input.relation_id])).toEqual([['question.answer', 13]]);
    expect(callsOf(env.call).map(([id]) => id)).not.toContain('question.finish');
    expect(env.storage.getJson('questionAnswerer.place.5', null)).toMatchObject({ index: 2, questionId: 13 });
  });

  it('restores saved answers, saves new ones without a verdict, hands in', async () => {
    const report = {
      bank_id: 5,
      mode: 'exam' as const,
      question_count: 4,
      answered: 2,
      right: 1,
      score: 2,
      full_score: 8,
      duration: 120,
      finished_at: 10_100,
      auto_handed_in: 0,
      review: [],
    };
    const env = fakeEnv({
      'question.content': content('exam'),
      'question.collection': ok([]),
      'question.exam': running([{ question_id: 11, answer: ['B'] }]),
      'question.answer': ok(result(12, 0, { exam: 1, right_answer: [], analysis: '' })),
      'question.finish': ok(report),
    });
    const c = new AnswererController(env, 5, () => 10_000_000);
    await c.load();
    expect(c.getState().answers[11]).toEqual(['B']);
    expect(c.getState().index).toBe(1);
    c.change(['A']);
    await vi.waitFor(() => expect(c.getState().sent[12]).toBe('saved'));
    expect(c.getState().results).toEqual({});
    expect(c.locked(12)).toBe(false);
    await c.finish();
    expect(c.getState()).toMatchObject({ phase: 'report', report });
  });

  it('time up asks the server, which handed the paper in', async () => {
    const report = {
      bank_id: 5,
      mode: 'exam' as const,
      question_count: 4,
      answered: 0,
      right: 0,
      score: 0,
      full_score: 8,
      duration: 1800,
      finished_at: 1,
      auto_handed_in: 1,
      review: [],
    };
    let handedIn = false;
    const env = fakeEnv({
      'question.content': content('exam'),
      'question.collection': ok([]),
      'question.exam': () =>
        handedIn
          ? ok({
              bank_id: 5,
              status: 'handed_in',
              exam_minutes: 30,
              started_at: 9000,
              deadline_at: 10_800,
              now: 10_801,
              answers: [],
              report,
            })
          : running(),
    });
    const c = new AnswererController(env, 5, () => 10_000_000);
    await c.load();
    handedIn = true;
    await c.timeUp();
    expect(c.getState().phase).toBe('report');
    expect(env.toast).toHaveBeenCalledWith('考试时间到，已自动交卷');
  });
});
