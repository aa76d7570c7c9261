import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isMissing, userMessage } from '../../src/api/user-message';
import { backTarget } from '../../src/runtime/back-target';
import { missingItem } from '../../src/runtime/PageHost';
import { firstScreenReady } from '../../src/runtime/skeleton';
import { APP_SHELL_PATH } from '../../src/server/client/shell-html';
import { NOT_FOUND_ART } from '../../src/server/client/skeleton';
import { SHELL_PATH } from '../../src/sw/rules';

const state = (over: Record<string, unknown> = {}) => ({
  data: undefined,
  loading: false,
  loaded: false,
  paged: false,
  error: '',
  errorCode: 0,
  ...over,
});

describe('bad links (issue 24)', () => {
  it('isMissing: not found and a bad link value are missing; network and server failures are not', () => {
    expect(isMissing(4004)).toBe(true);
    expect(isMissing(4000)).toBe(true);
    expect(isMissing(-1)).toBe(false);
    expect(isMissing(5000)).toBe(false);
    expect(isMissing(4030)).toBe(false);
  });

  it('userMessage: a not-found message loses its internal ids, fields and paths', () => {
    expect(userMessage({ code: 4004, msg: '商品 id 999999 不存在' })).toBe('商品不存在');
    expect(userMessage({ code: 4004, msg: '课程 course_id 3 中的视频 video_id 5 不存在' })).toBe('课程中的视频不存在');
    expect(userMessage({ code: 4004, msg: '商品 id 7 已下架或不存在' })).toBe('商品已下架或不存在');
    expect(userMessage({ code: 4004, msg: '在售的商品（ebook 3）不存在' })).toBe('在售的商品不存在');
    expect(userMessage({ code: 4004, msg: '接口不存在：GET /api/x/y' })).toBe('接口不存在');
    expect(userMessage({ code: 4004, msg: '兑换码不存在' })).toBe('兑换码不存在');
    expect(userMessage({ code: 4004, msg: '42 不存在' })).toBe('内容不存在或已下架');
    // The server's words for the user stay.
    expect(userMessage({ code: 4000, msg: '请填写手机号' })).toBe('请填写手机号');
    expect(userMessage({ code: -1, msg: '网络异常，请检查网络后重试' })).toBe('网络异常，请检查网络后重试');
  });

  it('missingItem: the first notFound source answered 4004 / 4000 gives its texts; loading or other failures do not', () => {
    const sources = { detail: { endpoint: 'goods.detail', notFound: { title: '商品不存在', text: '${route.x}', linkTo: '/mall/index' } } };
    const scope = { route: { x: '链接有误' } };
    expect(missingItem(sources, { detail: state({ error: '商品不存在', errorCode: 4004 }) }, scope)).toEqual({
      title: '商品不存在',
      text: '链接有误',
      linkText: undefined,
      linkTo: '/mall/index',
    });
    expect(missingItem(sources, { detail: state({ error: 'x', errorCode: 4000 }) }, scope)?.title).toBe('商品不存在');
    expect(missingItem(sources, { detail: state({ error: '网络异常', errorCode: -1 }) }, scope)).toBeNull();
    expect(missingItem(sources, { detail: state({ error: 'x', errorCode: 4004, loading: true }) }, scope)).toBeNull();
    expect(missingItem({ detail: { endpoint: 'goods.detail' } }, { detail: state({ error: 'x', errorCode: 4004 }) }, scope)).toBeNull();
  });

  it('the way back: 返回 after an in-app move, else home', () => {
    const o = { pathname: '/mall/detail/9', hasSubject: true, categoryRoute: '/study/category' };
    expect(backTarget({ ...o, historyIndex: 2 })).toBe('back');
    expect(backTarget({ ...o, historyIndex: 0 })).toBe('home');
    expect(backTarget({ ...o, historyIndex: undefined })).toBe('home');
  });

  it('a first-screen source counts as answered once it failed or is gated', () => {
    expect(firstScreenReady(['detail', 'good'], { detail: state({ error: 'x', errorCode: 4004 }) }, ['good'])).toBe(true);
    expect(firstScreenReady(['detail', 'good'], { detail: state({ error: 'x', errorCode: 4004 }) }, [])).toBe(false);
  });

  it('the service worker’s generic shell is the one path without a route the server answers 200 (not the not-found screen)', () => {
    expect(APP_SHELL_PATH).toBe(SHELL_PATH);
  });

  it('the server’s not-found drawing is the client’s', async () => {
    const { NotFoundArt } = await import('../../src/runtime/NotFound');
    expect(renderToStaticMarkup(NotFoundArt())).toBe(NOT_FOUND_ART);
  });
});
