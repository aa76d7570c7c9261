import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import MediaCardBlock, { coverRatio, toneOf } from './MediaCardBlock';
import type { MediaCardProps } from './props.gen';

const render = (props: MediaCardProps, children: React.ReactNode = null) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <MediaCardBlock {...fakeBlockProps('media-card', props, { children }).blockProps} />
    </MemoryRouter>,
  );

describe('media-card block', () => {
  it('draws cover, corner badge, tag, title, meta, price and action, and links to its route', () => {
    const html = render({
      title: '英语四级全程班',
      image: '/media/course/1.svg',
      imageRatio: '1.6',
      tag: '推荐学习',
      meta: '唐一帆 · 10 课时 · 9518 人在学',
      corner: '明天 20:00 开播',
      cornerTone: 'live',
      accent: '¥299',
      action: '未学习',
      to: '/course/detail/1',
    });
    expect(html).toContain('href="/course/detail/1"');
    expect(html).toContain('src="/media/course/1.svg"');
    expect(html).toContain('width="116" height="73"');
    expect(html).toContain('<span class="mc-tag">推荐学习</span>英语四级全程班');
    expect(html).toContain('唐一帆 · 10 课时 · 9518 人在学');
    expect(html).toContain('<span class="mc-corner mc-corner-live">明天 20:00 开播</span>');
    expect(html).toContain('<span class="mc-accent mc-accent-price">¥299</span>');
    expect(html).toContain('<span class="mc-action">未学习</span>');
  });

  it('hides empty parts, is plain without a route and puts children in the bottom row', () => {
    const html = render({ title: '无链接', tag: '', corner: '', accent: '免费', accentTone: 'free' }, <i>bar</i>);
    expect(html).not.toContain('href=');
    expect(html).not.toContain('mc-tag');
    expect(html).not.toContain('mc-corner');
    expect(html).not.toContain('<img');
    expect(html).toContain('mc-accent-free');
    expect(html).toContain('<div class="mc-extra"><i>bar</i></div>');
  });

  it('takes only known tones and sane ratios (resolved expressions may give anything)', () => {
    expect(toneOf('free', ['price', 'free'] as const)).toBe('free');
    expect(toneOf('red; x', ['price', 'free'] as const)).toBe('price');
    expect(toneOf(undefined, ['brand', 'live'] as const)).toBe('brand');
    expect(coverRatio(1.6)).toBe(1.6);
    expect(coverRatio('0.75')).toBe(0.75);
    expect(coverRatio('')).toBe(1.6);
    expect(coverRatio(0)).toBe(1.6);
    expect(coverRatio(10)).toBe(2.5);
  });
});
