import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import ContainerBlock, { containerPadding } from './ContainerBlock';
import type { ContainerProps } from './props.gen';

function render(props: ContainerProps) {
  const { blockProps } = fakeBlockProps('container', props, { children: <p>child</p> });
  return renderToStaticMarkup(
    <MemoryRouter>
      <ContainerBlock {...blockProps} />
    </MemoryRouter>,
  );
}

describe('container block', () => {
  it('defaults padding by variant', () => {
    expect(containerPadding(undefined, undefined)).toBe(12);
    expect(containerPadding('card', 0)).toBe(0);
    expect(containerPadding('plain', undefined)).toBe(0);
    expect(containerPadding('section', 16)).toBe(16);
  });

  it('renders a card with title, 更多 link and children', () => {
    const html = render({ title: '最新资讯', more: { to: '/study/list/news' } });
    expect(html).toContain('bk-container-card');
    expect(html).toContain('padding:12px');
    expect(html).toContain('<h2 class="bk-container-title">最新资讯</h2>');
    expect(html).toMatch(/<a class="bk-container-more" href="\/study\/list\/news"[^>]*>更多<span aria-hidden="true"> ›<\/span><\/a>/);
    expect(html).toContain('<p>child</p>');
  });

  it('uses a plain anchor for http(s) and custom text; no header without title or more', () => {
    expect(render({ more: { text: '官网', to: 'https://www.example.cn' } })).toContain(
      '<a class="bk-container-more" href="https://www.example.cn">官网',
    );
    const plain = render({ variant: 'plain' });
    expect(plain).not.toContain('<header');
    expect(plain).toContain('bk-container-plain');
    expect(plain).toContain('<p>child</p>');
  });
});
