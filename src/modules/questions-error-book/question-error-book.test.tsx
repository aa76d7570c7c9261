import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import type { ErrorItem } from '../../contract/questions';
import {
  applyRedo,
  asQuestion,
  dropItem,
  emptyList,
  firstRange,
  lastIdOf,
  loadNext,
  mergeById,
  type RedoResult,
  redoMessage,
  subjectOf,
} from './book';
import { ErrorRow } from './ErrorRow';
import QuestionErrorBook from './QuestionErrorBook';
import { Redo } from './Redo';
import { Session } from './Session';

const item = (id: number, over: Partial<ErrorItem> = {}): ErrorItem => ({
  id,
  question_id: 100 + id,
  bank_id: 7,
  bank_name: '专项一：高频词汇辨析',
  genus_id: 1,
  category_id: 1,
  type: 'single',
  stem: `第 ${id} 题的题干`,
  options: ['prevent', 'postpone', 'preserve', 'cancel'],
  material: '',
  right_answer: ['B'],
  analysis: 'postpone 意为推迟',
  added_at: Math.floor(Date.now() / 1000) - 120,
  right_streak: 1,
  due_at: 0,
  reps: 0,
  ...over,
});
const ok = <T,>(data: T) => ({ status: 0, code: 0, msg: 'ok', data });
const redo = (over: Partial<RedoResult> = {}): RedoResult => ({
  question_id: 101,
  is_right: 1,
  answer: ['B'],
  right_answer: ['B'],
  analysis: '',
  right_letters: [],
  missed_letters: [],
  wrong_letters: [],
  blanks: [],
  added_to_error: 0,
  exam: 0,
  error_id: 1,
  right_streak: 2,
  graduate_after: 3,
  removed: 0,
  due_at: 0,
  ...over,
});
const lists = () => ({
  day: { ...emptyList(), items: [item(3), item(2)] },
  week: { ...emptyList(), items: [item(3), item(2), item(1)] },
  all: { ...emptyList(), items: [item(3), item(2), item(1)] },
});

describe('question-error-book rules', () => {
  it('filters by the subject only when both ids are there', () => {
    expect(subjectOf('1', 2)).toEqual({ genus_id: 1, category_id: 2 });
    expect(subjectOf(1, '')).toEqual({});
    expect(subjectOf(undefined, undefined)).toEqual({});
    expect(subjectOf('x', 1)).toEqual({});
  });

  it('opens the narrowest tab holding something', () => {
    expect(firstRange({ day: 2, week: 5, all: 9 })).toBe('day');
    expect(firstRange({ day: 0, week: 5, all: 9 })).toBe('week');
    expect(firstRange({ day: 0, week: 0, all: 9 })).toBe('all');
    expect(firstRange(null)).toBe('all');
  });

  it('draws an item as a question without its key; fill questions get one blank per answer', () => {
    const q = asQuestion(item(1));
    expect(q).toMatchObject({ id: 101, type: 'single', blank_count: 0, options: ['prevent', 'postpone', 'preserve', 'cancel'] });
    expect(q).not.toHaveProperty('right_answer');
    expect(asQuestion(item(2, { type: 'fill', options: [], right_answer: ['a', 'b'] })).blank_count).toBe(2);
  });

  it('pages by the last id held and never repeats an item', async () => {
    expect(lastIdOf([])).toBe(0);
    expect(lastIdOf([{ id: 9 }, { id: 4 }])).toBe(4);
    expect(mergeById([item(3), item(2)], [item(2), item(1)]).map((x) => x.id)).toEqual([3, 2, 1]);
    const inputs: unknown[] = [];
    const env = fakeEnv({
      'question.error_list': (input) => {
        inputs.push(input);
        const last = (input as { last_id: number }).last_id;
        return ok(last === 0 ? [item(5), item(4)] : last === 4 ? [item(4), item(3)] : []);
      },
    });
    const first = await loadNext(env, { genus_id: 1, category_id: 1 }, 'week', emptyList(), 2);
    expect(first).toMatchObject({ loaded: true, done: false, error: '' });
    const second = await loadNext(env, {}, 'week', first, 2);
    expect(second.items.map((x) => x.id)).toEqual([5, 4, 3]);
    expect(second.done).toBe(false);
    const third = await loadNext(env, {}, 'week', second, 2);
    expect(third.done).toBe(true);
    expect(inputs[0]).toEqual({ genus_id: 1, category_id: 1, range: 'week', last_id: 0, count: 2 });
    expect(inputs[1]).toMatchObject({ last_id: 4 });
    expect(inputs[2]).toMatchObject({ last_id: 3 });
  });

  it('keeps what it has and shows the message when a page fails', async () => {
    const env = fakeEnv({ 'question.error_list': { status: -1, code: -1, msg: '网络异常，请检查网络后重试', data: null } });
    const before = { ...emptyList(), items: [item(1)], loaded: true };
    const after = await loadNext(env, {}, 'all', before, 20);
    expect(after.items).toHaveLength(1);
    expect(after.error).toBe('网络异常，请检查网络后重试');
  });

  it('drops a removed item from every tab and records a redo’s streak everywhere', () => {
    const dropped = dropItem(lists(), 2);
    expect(dropped.day.items.map((x) => x.id)).toEqual([3]);
    expect(dropped.all.items.map((x) => x.id)).toEqual([3, 1]);
    const updated = applyRedo(lists(), { error_id: 3, right_streak: 2, due_at: 1234 });
    expect(updated.week.items[0]).toMatchObject({ id: 3, right_streak: 2, due_at: 1234 });
    expect(updated.week.items[1]).toMatchObject({ id: 2, right_streak: 1 });
  });

  it('tells the user where the streak stands', () => {
    expect(redoMessage(redo({ removed: 1, right_streak: 3 }))).toBe('已连续答对 3 次，移出错题本');
    expect(redoMessage(redo({ right_streak: 2 }))).toBe('回答正确，已连续答对 2/3 次，再答对 1 次移出错题本');
    expect(redoMessage(redo({ is_right: 0, right_streak: 0 }))).toBe('回答错误，连续答对次数已清零');
  });
});

describe('question-error-book rendering', () => {
  const env = fakeEnv();
  it('draws an item: type, streak hint, stem, bank and when it was added, 重做 and 移除', () => {
    const html = renderToStaticMarkup(
      <ErrorRow item={item(1)} open={false} graduateAfter={3} env={env} onToggle={() => {}} onRemove={() => {}} onRedone={() => {}} />,
    );
    for (const text of ['单选题', '连续答对 1/3', '第 1 题的题干', '专项一：高频词汇辨析', '2分钟前加入', '重做', '移除'])
      expect(html).toContain(text);
    expect(html).not.toContain('postpone 意为推迟');
  });

  it('opens the redo inline, submitted as practice is: a single choice by its tap, a multiple choice by 提交答案', () => {
    const html = renderToStaticMarkup(
      <ErrorRow item={item(1)} open graduateAfter={3} env={env} onToggle={() => {}} onRemove={() => {}} onRedone={() => {}} />,
    );
    expect(html).toContain('postpone');
    expect(html).toContain('收起');
    expect(html).not.toContain('提交答案');
    const multiple = renderToStaticMarkup(
      <ErrorRow
        item={item(2, { type: 'multiple', right_answer: ['A', 'B'] })}
        open
        graduateAfter={3}
        env={env}
        onToggle={() => {}}
        onRemove={() => {}}
        onRedone={() => {}}
      />,
    );
    expect(multiple).toMatch(/<button[^>]*disabled=""[^>]*>提交答案<\/button>/);
    expect(renderToStaticMarkup(<Redo item={item(1)} env={env} index={2} total={5} onDone={() => {}} />)).toContain('第 2 / 5 题');
  });

  it('steps through a session and says when there is nothing to redo', () => {
    const html = renderToStaticMarkup(
      <Session kind="review" items={[item(1), item(2)]} env={env} onResult={() => {}} onClose={() => {}} />,
    );
    expect(html).toContain('今日复习');
    expect(html).toContain('第 1 / 2 题');
    expect(renderToStaticMarkup(<Session kind="redo" items={[]} env={env} onResult={() => {}} onClose={() => {}} />)).toContain(
      '没有需要重做的题',
    );
  });

  it('starts with the review card and the three tabs', () => {
    const { blockProps } = fakeBlockProps('questions-error-book', { genusId: 1, categoryId: 1 });
    const html = renderToStaticMarkup(<QuestionErrorBook {...blockProps} />);
    expect(html).toContain('今日复习');
    expect(html).toContain('开始复习');
    for (const tab of ['今天', '本周', '全部']) expect(html).toContain(tab);
  });
});
