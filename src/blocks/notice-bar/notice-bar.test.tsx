// biome-ignore-all lint/suspicious/noTemplateCurlyInString: page-config templates are plain strings containing ${…}
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { isExternal } from '../../runtime/block-api';
import NoticeBarBlock from './NoticeBarBlock';
import { nextNotice, noticeItems } from './notices';
import type { NoticeBarProps } from './props.gen';

const notices = [
  { id: 1, title: '报名时间调整', link: '/news/detail/1', created_at: 0 },
  { id: 2, title: '考场须知', link: '', created_at: 0 },
  { id: 3, title: '官网公告', link: 'https://www.example.gov.cn/n/3', created_at: 0 },
];

function render(props: NoticeBarProps) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <NoticeBarBlock {...fakeBlockProps('notice-bar', props).blockProps} />
    </MemoryRouter>,
  );
}

describe('notice-bar helpers', () => {
  it('keeps titled notices and cycles through them', () => {
    expect(noticeItems('${data.notices}')).toEqual([]);
    expect(noticeItems([{ title: '' }, { title: 'a' }, 3])).toEqual([{ title: 'a' }]);
    expect(nextNotice(0, 3)).toBe(1);
    expect(nextNotice(2, 3)).toBe(0);
    expect(nextNotice(0, 0)).toBe(0);
    expect(isExternal('https://x.cn')).toBe(true);
    expect(isExternal('/news/detail/1')).toBe(false);
  });
});

describe('notice-bar block', () => {
  it('lists every notice with the default label; linked ones are links', () => {
    const html = render({ items: notices });
    expect(html).toContain('>公告<');
    expect(html.match(/<li /g)).toHaveLength(3);
    expect(html).toContain('href="/news/detail/1"');
    expect(html).toContain('href="https://www.example.gov.cn/n/3"');
    expect(html).toContain('<span class="bk-notice-text">考场须知</span>');
  });

  it('marquee shows one line (the first notice) and a custom label', () => {
    const html = render({ items: notices, mode: 'marquee', label: '通知' });
    expect(html).toContain('>通知<');
    expect(html).toContain('报名时间调整');
    expect(html).not.toContain('考场须知');
    expect(html).toContain('bk-notice-enter');
  });

  it('renders nothing without notices', () => {
    expect(render({ items: [] })).toBe('');
    expect(render({ items: '${data.notices}' })).toBe('');
  });
});
