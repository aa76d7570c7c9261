import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import type { TopBarProps } from './props.gen';
import TopBarBlock from './TopBarBlock';

const render = (props: TopBarProps) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <TopBarBlock {...fakeBlockProps('top-bar', props).blockProps} />
    </MemoryRouter>,
  );

describe('top-bar block', () => {
  it('shows the title, a subtitle linking to its route and the right link', () => {
    const html = render({
      title: '备考',
      subtitle: '英语四级',
      subtitleTo: '/study/category',
      right: { text: '登录', to: '/user/mobile_login' },
    });
    expect(html).toContain('<h1>备考</h1>');
    expect(html).toContain('href="/study/category"');
    expect(html).toContain('英语四级');
    expect(html).toContain('href="/user/mobile_login"');
  });

  it('renders a plain subtitle without a route', () => {
    expect(render({ title: 'x', subtitle: 'y' })).not.toContain('href');
  });
});
