import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  autoLoads,
  FOOTER_TRIGGER_RATIO,
  type FooterListState,
  type FooterState,
  footerState,
  footerText,
  itemsLaidOut,
  shouldTrigger,
} from '../../src/blocks/list/footer-state';
import { ListFooter } from '../../src/blocks/list/ListFooter';
import { i18n } from '../../src/i18n';

const list = (over: Partial<FooterListState> = {}): FooterListState => ({
  items: [],
  loading: false,
  loaded: false,
  error: '',
  ...over,
});

describe('footer state', () => {
  const cases: [string, FooterListState, boolean, FooterState][] = [
    ['loaded with no items', list({ loaded: true }), false, 'no-data'],
    ['loaded with no items, tap mode', list({ loaded: true }), true, 'no-data'],
    ['loaded with items', list({ items: [1], loaded: true }), false, 'loaded'],
    ['loaded with items, tap mode', list({ items: [1], loaded: true }), true, 'loaded'],
    ['loading with no items', list({ loading: true }), false, 'loading'],
    ['loading with items', list({ items: [1], loading: true }), false, 'loading'],
    ['loading, tap mode', list({ items: [1], loading: true }), true, 'loading'],
    ['loading after a failure (retry)', list({ items: [1], loading: true, error: 'x' }), false, 'loading'],
    ['idle, more to load', list({ items: [1] }), false, 'pull-up'],
    ['idle before the first load', list(), false, 'pull-up'],
    ['idle, tap mode', list({ items: [1] }), true, 'tap'],
    ['failed with items', list({ items: [1], error: '网络异常' }), false, 'tap'],
    ['failed with no items', list({ error: '网络异常' }), false, 'tap'],
    ['failed, tap mode', list({ error: '网络异常' }), true, 'tap'],
  ];
  it.each(cases)('%s', (_name, state, tap, expected) => {
    expect(footerState(state, tap)).toBe(expected);
  });

  it('tap mode defaults to off', () => {
    expect(footerState(list({ items: [1] }))).toBe('pull-up');
  });

  it('shows the catalog texts, with an optional loaded text', () => {
    expect(i18n.listFooter).toEqual({
      noData: '暂无数据',
      allLoaded: '已全部加载',
      loading: '加载中…',
      pullUp: '上拉加载更多',
      tapToLoad: '点击加载更多',
    });
    expect(footerText('no-data')).toBe('暂无数据');
    expect(footerText('loaded')).toBe('已全部加载');
    expect(footerText('loaded', '没有更多了')).toBe('没有更多了');
    expect(footerText('no-data', '没有更多了')).toBe('暂无数据');
    // A paged list's own empty text (the list block's emptyText) replaces 暂无数据.
    expect(footerText('no-data', '没有更多了', '还没有邀请记录')).toBe('还没有邀请记录');
    expect(footerText('loaded', '没有更多了', '还没有邀请记录')).toBe('没有更多了');
    expect(footerText('no-data', undefined, '')).toBe('暂无数据');
    expect(footerText('loading')).toBe('加载中…');
    expect(footerText('pull-up')).toBe('上拉加载更多');
    expect(footerText('tap')).toBe('点击加载更多');
  });

  it('loads by itself only in the pull-up state', () => {
    expect(autoLoads('pull-up')).toBe(true);
    for (const s of ['no-data', 'loaded', 'loading', 'tap'] as const) expect(autoLoads(s)).toBe(false);
  });
});

describe('footer trigger', () => {
  it('uses the spec ratio of 1.3', () => {
    expect(FOOTER_TRIGGER_RATIO).toBe(1.3);
  });

  it('triggers at exactly 1.3 × the window height', () => {
    expect(shouldTrigger(1040, 800)).toBe(true);
    expect(shouldTrigger(1.3 * 667, 667)).toBe(true);
  });

  it('triggers below the threshold (including on-screen and above the viewport)', () => {
    expect(shouldTrigger(1039.9, 800)).toBe(true);
    expect(shouldTrigger(500, 800)).toBe(true);
    expect(shouldTrigger(0, 800)).toBe(true);
    expect(shouldTrigger(-200, 800)).toBe(true);
  });

  it('does not trigger above the threshold', () => {
    expect(shouldTrigger(1040.1, 800)).toBe(false);
    expect(shouldTrigger(1041, 800)).toBe(false);
    expect(shouldTrigger(5000, 800)).toBe(false);
  });
});

describe('items laid out before the footer is measured', () => {
  it('waits while the items have no height (their blocks have not arrived)', () => {
    expect(itemsLaidOut([0, 0, 0])).toBe(false);
  });

  it('measures once items have a height, or when there are none', () => {
    expect(itemsLaidOut([120, 96, 130])).toBe(true);
    expect(itemsLaidOut([])).toBe(true);
  });

  it('is not stopped for good by an item whose template shows nothing', () => {
    expect(itemsLaidOut([120, 0, 130])).toBe(true);
  });

  it('waits while pictures without a reserved size are still arriving (they load one by one)', () => {
    expect(itemsLaidOut([120, 0, 0], 2)).toBe(false);
    expect(itemsLaidOut([120, 96, 130], 0)).toBe(true);
    expect(itemsLaidOut([], 3)).toBe(true);
  });
});

describe('ListFooter markup', () => {
  const render = (state: FooterListState, extra: { loadedText?: string; tapToLoad?: boolean } = {}) =>
    renderToStaticMarkup(createElement(ListFooter, { state, onLoadMore: () => {}, ...extra }));

  it('renders one state with its text and test hooks', () => {
    expect(render(list({ loaded: true }))).toBe('<div class="list-footer" data-testid="list-footer" data-state="no-data">暂无数据</div>');
    expect(render(list({ items: [1], loaded: true }), { loadedText: '到底了' })).toContain('data-state="loaded">到底了<');
    expect(render(list({ loading: true }))).toContain('data-state="loading">加载中…<');
    expect(render(list({ items: [1] }))).toContain('data-state="pull-up">上拉加载更多<');
  });

  it('renders the tap state as a button', () => {
    for (const html of [render(list({ error: 'x' })), render(list({ items: [1] }), { tapToLoad: true })]) {
      expect(html).toContain('data-state="tap"');
      expect(html).toMatch(/<button type="button"[^>]*>点击加载更多<\/button>/);
    }
  });
});
