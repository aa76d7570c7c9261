import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import MediaCardBlock from '../../src/blocks/media-card/MediaCardBlock';
import type { MediaCardProps } from '../../src/blocks/media-card/props.gen';
import { cardListHtml, mediaCardHtml } from '../../src/server/client/skeleton-cards';
import { fakeBlockProps } from '../support/block-props';

/** The card as the app draws it, without its lazy-loading attribute (the HTML's cards are on the first screen). */
function appCard(props: MediaCardProps): string {
  const { blockProps } = fakeBlockProps('media-card', props);
  return renderToStaticMarkup(createElement(MemoryRouter, null, createElement(MediaCardBlock, blockProps))).replace(' loading="lazy"', '');
}

const goods = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `第 ${id} 件商品 <讲义>`,
  cover: `/media/cover/goods/${id}.svg`,
  cover_aspect_ratio: id % 2 ? 0.75 : 1.6,
  price: id === 3 ? 0 : 1990,
  is_hot: id === 1,
  is_recommend: id === 2,
  sales_volume: 10 * id,
  has_pay: id === 2,
  ...extra,
});

/** The mall's card template (pages-config/_fragments/goods-card.json, shortened). */
const cardTemplate = {
  type: 'media-card',
  props: {
    title: '${item.name}',
    image: '${item.cover}',
    imageRatio: '${item.cover_aspect_ratio}',
    imageWidth: 104,
    tag: "${item.is_hot ? '热销' : item.is_recommend ? '推荐' : ''}",
    meta: '已售 ${item.sales_volume}',
    accent: "${item.price > 0 ? '¥' + money(item.price) : '免费'}",
    accentTone: "${item.price > 0 ? 'price' : 'free'}",
    corner: "${item.has_pay ? '已购买' : ''}",
    cornerTone: 'muted',
    to: '/mall/detail/${item.id}',
  },
};
const section = (extra: Record<string, unknown> = {}) => ({
  type: 'container',
  props: { title: '全部商品', variant: 'section', ...extra },
  children: [{ type: 'list', props: { source: 'goods', item: [cardTemplate] } }],
});

describe('cards drawn in the HTML (src/server/client/skeleton-cards.ts)', () => {
  it('draws a media card exactly as the block does: cover, corner, tag, title, meta, price and link', () => {
    const cases: MediaCardProps[] = [
      {
        title: '申论讲义 <全本>',
        image: '/media/cover/ebook/1.svg',
        imageRatio: '0.75',
        imageWidth: 104,
        tag: '热销',
        meta: '已售 30',
        accent: '¥19.90',
        accentTone: 'price',
        corner: '已购买',
        cornerTone: 'muted',
        to: '/mall/detail/1',
      },
      { title: '免费资料', image: '/media/cover/goods/2.svg', imageWidth: 104, accent: '免费', accentTone: 'free', to: '/mall/detail/2' },
      { title: '没有链接的卡片', meta: '仅展示', action: '去学习', lines: 1 },
      {
        title: '无效色调',
        image: '/media/x.svg',
        accent: '¥1',
        accentTone: 'neon' as MediaCardProps['accentTone'],
        imageRatio: 9 as unknown as string,
      },
    ];
    for (const props of cases) {
      expect(mediaCardHtml(props as unknown as Record<string, unknown>).replace(' elementtiming="html-card"', '')).toBe(appCard(props));
    }
  });

  it('never names a picture or a link outside the site: a javascript: link draws a card without a link, a data: picture none', () => {
    const html = mediaCardHtml({ title: 'x', image: 'javascript:alert(1)', to: 'javascript:alert(1)' });
    expect(html).not.toContain('javascript:');
    expect(html).toMatch(/^<div class="media-card"/);
    expect(mediaCardHtml({ title: 'x', to: '//evil.example/' })).not.toContain('evil');
  });

  it('draws a section of cards from the first screen data, its first cards only, texts escaped', () => {
    const scope = { data: { goods: [1, 2, 3, 4, 5, 6, 7, 8].map((id) => goods(id)) } };
    const drawn = cardListHtml(section(), scope, 6);
    expect(drawn?.cards).toBe(6);
    const html = drawn?.html ?? '';
    expect(html).toMatch(
      /^<section class="bk-container bk-container-section" style="padding:0px" data-testid="container"><header class="bk-container-head"><h2 class="bk-container-title">全部商品<\/h2><\/header><section class="list-block list-list" data-testid="list-goods"><ul><li><a class="media-card" data-testid="media-card" href="\/mall\/detail\/1"/,
    );
    expect(html.match(/<li>/g)).toHaveLength(6);
    expect(html).toContain('第 1 件商品 &lt;讲义&gt;');
    expect(html).toContain('<span class="mc-accent mc-accent-free">免费</span>');
    expect(html).toContain('<span class="mc-tag">热销</span>');
    expect(html).toContain('<span class="mc-corner mc-corner-muted">已购买</span>');
    expect(cardListHtml(section(), scope, 2)?.cards).toBe(2);
  });

  it('leaves to the app what it cannot draw as the app will: hidden, empty, a 更多 link, other templates, nothing left', () => {
    const scope = { data: { goods: [goods(1)], none: [] } };
    expect(cardListHtml({ ...section(), visibleOn: 'len(data.goods) > 5' }, scope, 6)).toBeUndefined();
    expect(cardListHtml({ type: 'list', props: { source: 'none', item: [cardTemplate] } }, scope, 6)).toBeUndefined();
    expect(cardListHtml(section({ more: { text: '更多', to: '/mall/index' } }), scope, 6)).toBeUndefined();
    expect(cardListHtml({ type: 'list', props: { source: 'goods', item: [{ type: 'card-item', props: {} }] } }, scope, 6)).toBeUndefined();
    expect(cardListHtml(section(), scope, 0)).toBeUndefined();
    // A list on its own is drawn without a section.
    expect(cardListHtml({ type: 'list', props: { source: 'goods', item: [cardTemplate] } }, scope, 6)?.html).toMatch(
      /^<section class="list-block/,
    );
  });
});
