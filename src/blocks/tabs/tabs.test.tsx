import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import type { TabsProps } from './props.gen';
import TabsBlock from './TabsBlock';
import { activeRoute, activeTab } from './tabs';

const tabs: TabsProps['tabs'] = [
  { key: 'news', title: '资讯' },
  { key: 'question', title: '题库' },
  { key: 'course', title: '课程' },
];
const routeTabs: TabsProps['tabs'] = [
  { key: 'news', title: '资讯', to: '/study/list/news' },
  { key: 'question', title: '题库', to: '/study/list/question' },
  { key: 'course', title: '课程', to: '/study/list/course' },
  { key: 'ebook', title: '电子书', to: '/study/list/ebook' },
];

/** Every element with role="tab" in a rendered-once element tree (state mode has no nested components). */
function tabElements(node: ReactNode): ReactElement<{ onClick?: () => void; 'aria-selected'?: boolean }>[] {
  if (Array.isArray(node)) return node.flatMap(tabElements);
  if (!isValidElement<{ role?: string; children?: ReactNode }>(node)) return [];
  return node.props.role === 'tab' ? [node as never] : tabElements(node.props.children);
}

describe('tabs helpers', () => {
  it('activeTab reads state, falls back to the first tab', () => {
    expect(activeTab(tabs, { tab: 'course' }, 'tab')).toBe('course');
    expect(activeTab(tabs, { kind: 'question' }, 'kind')).toBe('question');
    expect(activeTab(tabs, { tab: 'nope' }, 'tab')).toBe('news');
    expect(activeTab(tabs, undefined, 'tab')).toBe('news');
    expect(
      activeTab(
        [
          { key: '2', title: 'b' },
          { key: '1', title: 'a' },
        ],
        { tab: 1 },
        'tab',
      ),
    ).toBe('1');
    expect(activeTab([], {}, 'tab')).toBe('');
  });

  it('activeRoute matches the location (exact, nested, query ignored, longest wins, parent → first child)', () => {
    expect(activeRoute(routeTabs, '/study/list/course')).toBe('course');
    expect(activeRoute(routeTabs, '/study/list/ebook/')).toBe('ebook');
    expect(activeRoute(routeTabs, '/study/list/question/12')).toBe('question');
    expect(activeRoute(routeTabs, '/study/list')).toBe('news');
    expect(activeRoute(routeTabs, '/study/other')).toBe('');
    expect(
      activeRoute(
        [
          { key: 'all', title: '全部', to: '/s' },
          { key: 'x', title: 'x', to: '/s/x?y=1' },
        ],
        '/s/x',
      ),
    ).toBe('x');
  });
});

describe('tabs block', () => {
  it('marks the tab from state as selected and renders children below', () => {
    const { blockProps } = fakeBlockProps(
      'tabs',
      { tabs, sticky: true },
      { scope: { state: { tab: 'question' } }, children: <p>panel</p> },
    );
    const html = renderToStaticMarkup(<TabsBlock {...blockProps} />);
    expect(html).toContain('bk-tabs-bar sticky');
    expect(html).toContain('<button role="tab" aria-selected="true" class="bk-tab active">题库</button>');
    expect(html.match(/aria-selected="false"/g)).toHaveLength(2);
    expect(html).toMatch(/<\/div><p>panel<\/p><\/div>$/);
  });

  it('tapping another tab sets page state under stateKey; the active one does nothing', () => {
    const { blockProps, page } = fakeBlockProps('tabs', { tabs, stateKey: 'kind' }, { scope: { state: {} } });
    const buttons = tabElements(TabsBlock(blockProps));
    expect(buttons).toHaveLength(3);
    expect(buttons[0]?.props['aria-selected']).toBe(true);
    buttons[2]?.props.onClick?.();
    expect(page.setState).toHaveBeenCalledWith('kind', 'course');
    buttons[0]?.props.onClick?.();
    expect(page.setState).toHaveBeenCalledTimes(1);
  });

  it('navigate mode renders links and marks the current route', () => {
    const { blockProps } = fakeBlockProps('tabs', { tabs: routeTabs, mode: 'navigate' as const });
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/study/list/course']}>
        <TabsBlock {...blockProps} />
      </MemoryRouter>,
    );
    expect(html.match(/<a /g)).toHaveLength(4);
    expect(html).toContain('aria-selected="true" class="bk-tab active" href="/study/list/course"');
    expect(html).toContain('href="/study/list/ebook"');
  });
});
