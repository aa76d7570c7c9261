import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import CardItemBlock from './CardItemBlock';
import type { CardItemProps } from './props.gen';

const render = (props: CardItemProps) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <CardItemBlock {...fakeBlockProps('card-item', props).blockProps} />
    </MemoryRouter>,
  );

describe('card-item block', () => {
  it('links to its route and shows title, meta and thumbnail', () => {
    const html = render({ title: '四级听力提分技巧', meta: '教务中心 · 3天前', image: '/media/news/1.svg', to: '/news/detail/1' });
    expect(html).toContain('href="/news/detail/1"');
    expect(html).toContain('四级听力提分技巧');
    expect(html).toContain('教务中心 · 3天前');
    expect(html).toContain('src="/media/news/1.svg"');
  });

  it('is plain text without a route, and hides empty parts', () => {
    const html = render({ title: '无链接', image: '' });
    expect(html).not.toContain('href=');
    expect(html).not.toContain('<img');
    expect(html).toContain('<div class="card-item">');
  });
});
