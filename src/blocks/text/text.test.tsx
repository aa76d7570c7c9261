import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import type { TextProps } from './props.gen';
import TextBlock, { textOf, textStyle } from './TextBlock';

const render = (props: TextProps) => renderToStaticMarkup(<TextBlock {...fakeBlockProps('text', props).blockProps} />);

describe('text block', () => {
  it('builds the style: named and px sizes, colour tokens, bold, clamp', () => {
    expect(textStyle({ size: 'lg', bold: true, align: 'center' })).toEqual({ fontSize: 17, fontWeight: 600, textAlign: 'center' });
    expect(textStyle({ size: 22, color: 'brand' })).toEqual({ fontSize: 22, color: 'var(--brand)' });
    expect(textStyle({ color: '#f60', muted: true })).toEqual({ color: '#f60' });
    expect(textStyle({ muted: true })).toEqual({ color: 'var(--muted)' });
    expect(textStyle({ lines: 2 })).toEqual({
      display: '-webkit-box',
      WebkitBoxOrient: 'vertical',
      WebkitLineClamp: 2,
      overflow: 'hidden',
    });
    expect(textStyle({})).toEqual({});
  });

  it('renders the chosen element with a line clamp', () => {
    const html = render({ text: '2025 年下半年四六级报名通知', as: 'h2', lines: 2, muted: true });
    expect(html).toMatch(/^<h2 class="bk-text bk-text-h2" style="[^"]*-webkit-line-clamp:2/);
    expect(html).toContain('-webkit-box-orient:vertical');
    expect(html).toContain('overflow:hidden');
    expect(html).toContain('color:var(--muted)');
    expect(html).toContain('>2025 年下半年四六级报名通知</h2>');
  });

  it('defaults to a paragraph, shows numbers and renders nothing for empty text', () => {
    expect(render({ text: 'x' })).toBe('<p class="bk-text bk-text-p">x</p>');
    expect(render({ text: 42, as: 'span' })).toBe('<span class="bk-text bk-text-span">42</span>');
    expect(render({ text: '' })).toBe('');
    expect(textOf(undefined)).toBe('');
    expect(textOf({ a: 1 })).toBe('');
    expect(textOf(0)).toBe('0');
  });
});
