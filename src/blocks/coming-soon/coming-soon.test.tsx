import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import ComingSoonBlock from './ComingSoonBlock';
import type { ComingSoonProps } from './props.gen';

const render = (props: ComingSoonProps) => {
  const f = fakeBlockProps('coming-soon', props);
  return renderToStaticMarkup(
    <MemoryRouter>
      <ComingSoonBlock {...f.blockProps} />
    </MemoryRouter>,
  );
};
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('ComingSoonBlock', () => {
  it('draws an inline SVG illustration, the title, 即将上线 and a button home; no emoji glyph', () => {
    const html = render({ title: '商城', text: '这里将列出课程和商品。' });
    expect(html).toMatch(/<svg class="placeholder-art"/);
    expect(html).toContain('<span class="placeholder-badge">即将上线</span>');
    expect(html).toContain('<h2 class="placeholder-title">商城</h2>');
    expect(html).toContain('这里将列出课程和商品。');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>返回首页<\/a>/);
    expect(/\p{Extended_Pictographic}/u.test(text(html))).toBe(false);
  });

  it('says 即将上线 as its title when the page gives none', () => {
    const html = render({});
    expect(html).toContain('<h2 class="placeholder-title">即将上线</h2>');
    expect(html).not.toContain('placeholder-badge');
    expect(html).toContain('这个功能正在建设中，敬请期待');
  });

  it('leaves the button out when homeLink is false', () => {
    expect(render({ homeLink: false })).not.toContain('返回首页');
  });
});
