import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { QuestionItem } from '../../../contract/questions-shapes';
import { isPartial, keyText, QuestionCard } from './QuestionCard';

const multiple: QuestionItem = {
  id: 7,
  type: 'multiple',
  stem: '下列哪些是质数？',
  options: ['2', '3', '4', '9'],
  score: 2,
  material: '',
  material_id: 0,
  blank_count: 0,
};
const verdict = (extra: Partial<Parameters<typeof isPartial>[1]> = {}) => ({
  is_right: 0,
  right_answer: ['A', 'B'],
  analysis: '2 和 3 只有 1 和自身两个因数。',
  right_letters: ['A'],
  missed_letters: ['B'],
  wrong_letters: [],
  blanks: [],
  ...extra,
});

describe('QuestionCard', () => {
  it('renders type, position, stem and options without a verdict', () => {
    const html = renderToStaticMarkup(<QuestionCard question={multiple} index={3} total={20} value={['A']} onChange={() => {}} />);
    expect(html).toContain('多选题');
    expect(html).toContain('第 3 / 20 题');
    expect(html).toContain('下列哪些是质数？');
    expect(html).toContain('aria-pressed="true"');
    expect(html).not.toContain('正确答案');
    expect(html).not.toContain('disabled');
  });

  it('is read-only without onChange', () => {
    const html = renderToStaticMarkup(<QuestionCard question={multiple} value={[]} />);
    expect(html).toContain('disabled');
  });

  it('shows 少选, the key and the analysis', () => {
    const html = renderToStaticMarkup(<QuestionCard question={multiple} value={['A']} result={verdict()} disabled />);
    expect(html).toContain('少选');
    expect(html).toContain('正确答案');
    expect(html).toContain('>AB<');
    expect(html).toContain('2 和 3 只有');
    expect(html).toContain('漏选');
    expect(isPartial(multiple, verdict(), ['A'])).toBe(true);
    expect(isPartial(multiple, verdict({ wrong_letters: ['C'] }), ['A', 'C'])).toBe(false);
  });

  it('judge shows 对/错 and the material passage', () => {
    const judge: QuestionItem = { ...multiple, type: 'judge', options: [], material: '一段材料' };
    const html = renderToStaticMarkup(
      <QuestionCard
        question={judge}
        value={['false']}
        result={{ ...verdict(), right_answer: ['true'], right_letters: [], missed_letters: [] }}
      />,
    );
    expect(html).toContain('一段材料');
    expect(html).toContain('回答错误');
    expect(keyText(judge, ['true'])).toBe('对');
  });

  it('fill has one input per blank with marks', () => {
    const fill: QuestionItem = { ...multiple, type: 'fill', options: [], blank_count: 2 };
    const html = renderToStaticMarkup(
      <QuestionCard question={fill} value={['a', 'b']} result={{ ...verdict(), right_answer: ['a', 'c'], blanks: [1, 0] }} />,
    );
    expect(html.match(/<input/g)?.length).toBe(2);
    expect(html).toContain('is-right');
    expect(html).toContain('is-wrong');
    expect(keyText(fill, ['a', 'c'])).toBe('第 1 空：a；第 2 空：c');
  });
});
