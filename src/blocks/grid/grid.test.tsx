// biome-ignore-all lint/suspicious/noTemplateCurlyInString: page-config templates are plain strings containing ${…}
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import type { Scope } from '../../runtime/block-api';
import GridBlock from './GridBlock';
import { gridColumns, gridItems, isImageIcon } from './grid';
import { isLineIcon, LINE_ICON_NAMES } from './line-icons';
import type { GridProps } from './props.gen';

const entries: GridProps['items'] = [
  { icon: 'https://cdn.example/q.png', title: '题库', to: '/study/list/question' },
  { icon: '课', title: '课程', subtitle: '${data.count}门', badge: '新', to: 'https://ke.example.com' },
  { icon: '/img/book.png', title: '电子书', actions: [{ action: 'navigate', to: '/ebook/${item.title}/${index}' }] },
  { icon: '讯', title: '资讯' },
];

function render(props: GridProps, scope: Scope = { data: { count: 12 } }) {
  const { blockProps } = fakeBlockProps('grid', props, { scope });
  return renderToStaticMarkup(
    <MemoryRouter>
      <GridBlock {...blockProps} />
    </MemoryRouter>,
  );
}

function buttons(node: ReactNode): ReactElement<{ onClick?: () => void }>[] {
  if (Array.isArray(node)) return node.flatMap(buttons);
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  return node.type === 'button' ? [node as never] : buttons(node.props.children);
}

describe('grid helpers', () => {
  it('resolves literal entries against the page but keeps actions raw', () => {
    const items = gridItems(entries, { data: { count: 12 } });
    expect(items).toHaveLength(4);
    expect(items[1]?.subtitle).toBe('12门');
    expect(items[2]?.actions).toEqual([{ action: 'navigate', to: '/ebook/${item.title}/${index}' }]);
  });

  it('takes entries from a template as data, drops untitled ones', () => {
    const scope = { data: { entries: [{ icon: 'a', title: '${x}' }, { icon: 'b' }, null] } };
    expect(gridItems('${data.entries}', scope)).toEqual([{ icon: 'a', title: '${x}' }]);
    expect(gridItems('${data.missing}', scope)).toEqual([]);
    expect(gridItems('${broken.', scope)).toEqual([]);
  });

  it('clamps columns and tells image icons from text badges', () => {
    expect(gridColumns(undefined)).toBe(4);
    expect(gridColumns(1)).toBe(2);
    expect(gridColumns(9)).toBe(5);
    expect(gridColumns(3)).toBe(3);
    expect(isImageIcon('https://a/b.png')).toBe(true);
    expect(isImageIcon('//cdn/b.png')).toBe(true);
    expect(isImageIcon('/img/b.png')).toBe(true);
    expect(isImageIcon('data:image/png;base64,xx')).toBe(true);
    expect(isImageIcon('课')).toBe(false);
  });
});

describe('grid block', () => {
  it('renders one cell per entry with captions, icons, badge and links', () => {
    const html = render({ items: entries, columns: 4 });
    expect(html.match(/<li>/g)).toHaveLength(4);
    for (const t of ['题库', '课程', '电子书', '资讯']) expect(html).toContain(`<span class="bk-grid-title">${t}</span>`);
    expect(html).toContain('grid-template-columns:repeat(4, minmax(0, 1fr))');
    expect(html).toContain('<a class="bk-grid-cell" href="/study/list/question"');
    expect(html).toContain('<a class="bk-grid-cell" href="https://ke.example.com">');
    expect(html).toContain('<span class="bk-grid-badge">新</span>');
    expect(html).toContain('<span class="bk-grid-subtitle">12门</span>');
    expect(html).toContain('<span class="bk-grid-text-icon">讯</span>');
    expect(html).toContain('src="/img/book.png"');
    expect(html.match(/<button /g)).toHaveLength(1);
  });

  it('a tapped entry runs its actions with item and index in scope', () => {
    const { blockProps, run } = fakeBlockProps('grid', { items: entries }, { scope: { data: { count: 1 } } });
    const [button] = buttons(GridBlock(blockProps));
    button?.props.onClick?.();
    expect(run).toHaveBeenCalledWith([{ action: 'navigate', to: '/ebook/${item.title}/${index}' }], {
      item: expect.objectContaining({ title: '电子书' }),
      index: 2,
    });
  });

  it('renders nothing without entries', () => {
    expect(render({ items: [] })).toBe('');
    expect(render({ items: '${data.none}' })).toBe('');
  });

  it('draws a named line icon on its tinted tile; an unknown name falls back to the text badge', () => {
    const html = render({ items: [{ icon: 'line:news', title: '资讯', to: '/study/list/news' }] });
    expect(html).toContain('bk-grid-line-icon bk-grid-tone-brand');
    expect(html).toContain('<svg');
    expect(html).not.toContain('bk-grid-text-icon');
    expect(LINE_ICON_NAMES).toEqual(['news', 'bank', 'course', 'ebook', 'guide', 'signup', 'outline', 'search']);
    expect(isLineIcon('line:nope')).toBe(false);
    expect(render({ items: [{ icon: 'line:nope', title: '其他' }] })).toContain('bk-grid-text-icon');
  });
});
