import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/contract/pages';
import { matchRouteWithPath } from '../../src/protocol/route-pattern';
import { matchRoute } from '../../src/server/client/route-match';
import { negotiateEncoding } from '../../src/server/client/shell-html';

const meta = { auth: false, needCategory: false };
const routes: RouteEntry[] = [
  { name: 'study-index', path: '/study/index', aliases: ['/'], meta },
  { name: 'news-detail', path: '/news/detail/:newsId', aliases: [], meta },
  { name: 'news-special', path: '/news/detail/special/:type', aliases: [], meta },
  { name: 'address-edit', path: '/address/edit/:addressId?', aliases: [], meta },
];

describe('the pattern the client hands to React Router', () => {
  it('is the path or alias that matched, so the page gets its params from the one route it renders', () => {
    expect(matchRouteWithPath(routes, '/')).toEqual({ route: routes[0], path: '/' });
    expect(matchRouteWithPath(routes, '/study/index')?.path).toBe('/study/index');
    expect(matchRouteWithPath(routes, '/news/detail/special/signup')?.path).toBe('/news/detail/special/:type');
    expect(matchRouteWithPath(routes, '/nowhere')).toBeUndefined();
  });
});

describe('the route the server inlines a page for', () => {
  it('matches paths, aliases, parameters and optional parameters as the client router does', () => {
    expect(matchRoute(routes, '/')?.name).toBe('study-index');
    expect(matchRoute(routes, '/study/index/')?.name).toBe('study-index');
    expect(matchRoute(routes, '/news/detail/5')?.name).toBe('news-detail');
    expect(matchRoute(routes, '/news/detail/special/signup')?.name).toBe('news-special');
    expect(matchRoute(routes, '/address/edit')?.name).toBe('address-edit');
    expect(matchRoute(routes, '/address/edit/12')?.name).toBe('address-edit');
    expect(matchRoute(routes, '/news/detail')).toBeUndefined();
    expect(matchRoute(routes, '/no/such/page')).toBeUndefined();
  });

  it('prefers a static segment over a parameter', () => {
    const both: RouteEntry[] = [
      { name: 'by-id', path: '/news/:id', aliases: [], meta },
      { name: 'list', path: '/news/list', aliases: [], meta },
    ];
    expect(matchRoute(both, '/news/list')?.name).toBe('list');
    expect(matchRoute(both, '/news/7')?.name).toBe('by-id');
  });
});

describe('the encoding of the HTML', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeUndefined();
  });
});
