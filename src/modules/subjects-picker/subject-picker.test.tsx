import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import SubjectPicker, { chooseSubject, returnTarget } from './SubjectPicker';

const CET4 = { genusId: 2, categoryId: 11, name: '英语四级' };

describe('subject-picker module', () => {
  it('shows the stored history as chips under the configured heading, and asks for the genera', () => {
    const env = fakeEnv(
      {},
      { subject: { select: vi.fn(), history: vi.fn(() => [CET4, { genusId: 3, categoryId: 21, name: '教师资格证' }]) } },
    );
    const { blockProps } = fakeBlockProps(
      'subjects-picker',
      { historyTitle: '最近看过' },
      { env, scope: { exam: { genus_id: 2, category_id: 11 } } },
    );
    const html = renderToStaticMarkup(<SubjectPicker {...blockProps} />);
    expect(html).toContain('data-testid="subject-picker"');
    // The page says what to do in its own heading, before any list.
    expect(html).toContain('<h1 id="subject-picker-heading">选择你正在备考的考试</h1>');
    expect(html.indexOf('<h1')).toBeLessThan(html.indexOf('<h2'));
    expect(html).toContain('<h2>最近看过</h2>');
    expect(html).toContain('>英语四级</button>');
    expect(html).toContain('>教师资格证</button>');
  });

  it('hides the history section when there is none', () => {
    const html = renderToStaticMarkup(<SubjectPicker {...fakeBlockProps('subjects-picker', {}, { env: fakeEnv() }).blockProps} />);
    expect(html).not.toContain('subject-history');
  });

  it('choosing sets the subject and goes back to the redirect query', () => {
    const env = fakeEnv();
    chooseSubject(env, CET4, '/study/search?word=x');
    expect(env.subject.select).toHaveBeenCalledWith(CET4);
    expect(env.navigate).toHaveBeenCalledWith('/study/search?word=x', { replace: true });
  });

  it('returns only to same-site paths other than the picker itself', () => {
    expect(returnTarget(undefined)).toBe('/');
    expect(returnTarget('/study/index')).toBe('/study/index');
    for (const bad of ['https://evil.example.com', '//evil.example.com', '/\\evil.example.com', '/study/category?redirect=/'])
      expect(returnTarget(bad)).toBe('/');
  });
});
