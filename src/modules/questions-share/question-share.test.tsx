import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import type { ConsultView } from '../../contract/questions';
import QuestionShare from './QuestionShare';
import { answerOf, answerText, loadShare, loginPath, modeOf, submitAnswer } from './share';

const view = (over: Partial<ConsultView> = {}): ConsultView => ({
  id: 'abcdefghijkl',
  bank_name: '英语四级词汇与语法专项',
  question: {
    id: 11,
    type: 'single',
    stem: 'The company decided to ____ the launch.',
    options: ['prevent', 'postpone', 'preserve', 'cancel'],
    score: 1,
    material: '',
    material_id: 0,
    blank_count: 0,
  },
  sharer: { nickname: '小林', avatar: '' },
  created_at: Math.floor(Date.now() / 1000) - 30,
  is_mine: 0,
  answer_count: 2,
  right_count: 1,
  my_answer: null,
  answers: [],
  ...over,
});
const result = {
  question_id: 11,
  is_right: 0,
  answer: ['C'],
  right_answer: ['B'],
  analysis: 'postpone 意为推迟',
  right_letters: [],
  missed_letters: ['B'],
  wrong_letters: ['C'],
  blanks: [],
  added_to_error: 0,
  exam: 0,
};
const ok = <T,>(data: T) => ({ status: 0, code: 0, msg: 'ok', data });

describe('question-share rules', () => {
  it('tells an unknown or malformed id from other failures', async () => {
    expect(await loadShare(fakeEnv({ 'question.consult': ok(view()) }), 'abcdefghijkl')).toMatchObject({ kind: 'ok' });
    expect(await loadShare(fakeEnv({ 'question.consult': { status: 1, code: 4004, msg: '分享不存在', data: null } }), 'x')).toEqual({
      kind: 'gone',
    });
    expect(
      await loadShare(fakeEnv({ 'question.consult': { status: 1, code: 4000, msg: '参数 id 须为分享链接里的编号', data: null } }), 'x'),
    ).toEqual({
      kind: 'gone',
    });
    expect(await loadShare(fakeEnv({ 'question.consult': { status: -1, code: -1, msg: '网络异常', data: null } }), 'x')).toEqual({
      kind: 'error',
      msg: '网络异常',
    });
  });

  it('picks what shows under the question', () => {
    expect(modeOf(view(), true)).toBe('answer');
    expect(modeOf(view(), false)).toBe('login');
    expect(modeOf(view({ my_answer: result }), true)).toBe('answered');
    expect(modeOf(view({ is_mine: 1 }), true)).toBe('mine');
    expect(answerOf(view({ my_answer: result }))).toEqual(['C']);
    expect(answerOf(view())).toEqual([]);
  });

  it('writes answers for the sharer’s list and the login path back to the page', () => {
    expect(answerText('multiple', ['A', 'C'])).toBe('AC');
    expect(answerText('judge', ['false'])).toBe('错');
    expect(answerText('fill', ['a', 'b'])).toBe('a / b');
    expect(answerText('single', [])).toBe('未作答');
    expect(loginPath('/question/share/abcdefghijkl')).toBe('/user/mobile_login/%2Fquestion%2Fshare%2Fabcdefghijkl');
  });

  it('posts the answer and hands back the verdict or the server’s message', async () => {
    const env = fakeEnv({ 'question.consult_answer': ok({ ...result, already: 0 }) });
    expect(await submitAnswer(env, 'abcdefghijkl', ['C'])).toMatchObject({ ok: true, result: { is_right: 0 } });
    expect(env.call).toHaveBeenCalledWith('question.consult_answer', { id: 'abcdefghijkl', answer: ['C'] });
    const refused = fakeEnv({ 'question.consult_answer': { status: 1, code: 4000, msg: '分享者本人不能作答', data: null } });
    expect(await submitAnswer(refused, 'abcdefghijkl', ['C'])).toEqual({ ok: false, msg: '分享者本人不能作答' });
  });

  it('waits for the question before drawing anything', () => {
    const { blockProps } = fakeBlockProps('questions-share', { consultId: 'abcdefghijkl' });
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <QuestionShare {...blockProps} />
      </MemoryRouter>,
    );
    expect(html).toContain('aria-busy="true"');
  });
});

describe('question-share: the sharer’s list', () => {
  it('shows the counts and who answered how', async () => {
    const { Answers } = await import('./QuestionShare');
    const v = view({
      is_mine: 1,
      answers: [
        { nickname: '阿杰', avatar: '', answer: ['B'], is_right: 1, created_at: Math.floor(Date.now() / 1000) - 10 },
        { nickname: '', avatar: '/a.png', answer: ['C'], is_right: 0, created_at: Math.floor(Date.now() / 1000) - 7200 },
      ],
    });
    const html = renderToStaticMarkup(<Answers view={v} />);
    for (const text of ['好友的回答', '2 人作答 · 1 人答对', '阿杰', '答案：B', '答对', '好友', '答案：C', '答错', '2小时前'])
      expect(html).toContain(text);
    expect(renderToStaticMarkup(<Answers view={view({ is_mine: 1 })} />)).toContain('还没有人作答');
  });
});
