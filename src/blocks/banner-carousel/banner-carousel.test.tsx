// biome-ignore-all lint/suspicious/noTemplateCurlyInString: page-config templates are plain strings containing ${…}
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { isExternal } from '../../runtime/block-api';
import BannerCarouselBlock from './BannerCarouselBlock';
import { bannerItems, bannerLink, nextSlide, ratioCss, slideAt } from './banner';
import type { BannerCarouselProps } from './props.gen';

const first = { id: 1, title: '春季班', image: 'https://cdn.example/1.png', link: '', type: 1 };
const external = { id: 2, title: '外链', image: 'https://cdn.example/2.png', link: 'https://m.example.com/promo', type: 1 };
const banners = [first, external, { id: 3, title: '站内', image: 'https://cdn.example/3.png', link: '/activity/detail/9', type: 1 }];

function render(props: BannerCarouselProps) {
  const { blockProps } = fakeBlockProps('banner-carousel', props, { scope: { route: { genus: 'cet' } } });
  return renderToStaticMarkup(
    <MemoryRouter>
      <BannerCarouselBlock {...blockProps} />
    </MemoryRouter>,
  );
}

describe('banner-carousel helpers', () => {
  it('uses the item link, else the link template with the item in scope', () => {
    expect(bannerLink(external, 1, undefined)).toBe('https://m.example.com/promo');
    expect(bannerLink(first, 0, undefined)).toBe('/banner/detail/1');
    expect(bannerLink(first, 0, '/promo/${route.genus}/${item.id}?i=${index}', { route: { genus: 'cet' } })).toBe('/promo/cet/1?i=0');
    expect(bannerLink({ image: 'x', link: '  ' }, 0, '/b/${item.id}')).toBe('/b/');
    expect(bannerLink(first, 0, '/broken/${item.')).toBe('');
  });

  it('keeps only items with an image', () => {
    expect(bannerItems('${data.banners}')).toEqual([]);
    expect(bannerItems(null)).toEqual([]);
    expect(bannerItems([{ image: '' }, null, { image: 'a.png' }])).toEqual([{ image: 'a.png' }]);
  });

  it('tells slides and links apart', () => {
    expect(isExternal('https://a.b')).toBe(true);
    expect(isExternal('http://a.b')).toBe(true);
    expect(isExternal('/banner/detail/1')).toBe(false);
    expect(slideAt(0, 375, 3)).toBe(0);
    expect(slideAt(380, 375, 3)).toBe(1);
    expect(slideAt(5000, 375, 3)).toBe(2);
    expect(slideAt(100, 0, 3)).toBe(0);
    expect(nextSlide(0, 3)).toBe(1);
    expect(nextSlide(2, 3)).toBe(0);
    expect(ratioCss('16:9')).toBe('16 / 9');
    expect(ratioCss(undefined)).toBe('5 / 2');
  });
});

describe('banner-carousel block', () => {
  it('renders slides as router links or plain anchors, with dots', () => {
    const html = render({ items: banners });
    expect(html).toContain('href="/banner/detail/1"');
    expect(html).toContain('href="https://m.example.com/promo"');
    expect(html).toContain('href="/activity/detail/9"');
    expect(html.match(/<img /g)).toHaveLength(3);
    expect(html.match(/bk-banner-dot/g)).toHaveLength(4); // container class + 3 dots
    expect(html).toContain('aria-label="第 1 张"');
    expect(html).toContain('aria-current="true"');
  });

  it('hides dots for one banner or when turned off, and renders nothing without banners', () => {
    expect(render({ items: [first] })).not.toContain('bk-banner-dot');
    expect(render({ items: banners, dots: false })).not.toContain('bk-banner-dot');
    expect(render({ items: [] })).toBe('');
  });
});
