/**
 * The service worker's decisions (src/sw/rules.ts): which requests it caches and how, which caches a new version
 * deletes, and how it finds the cached HTML of a route — checked against the server's own HTML and route matcher.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOST_PREFIX } from '../../src/contract/endpoint';
import type { RouteEntry } from '../../src/contract/pages';
import type { PageConfig } from '../../src/runtime/page-config.gen';
import type { PageStore } from '../../src/server/areas/pages/page-store';
import { matchRoute as serverMatch } from '../../src/server/client/route-match';
import { ShellPages } from '../../src/server/client/shell-html';
import {
  cacheNames,
  inlinedPageName,
  matchRoute,
  PAGES_CACHE,
  routeKey,
  routeTableOf,
  SERVER_PREFIXES,
  SHELL_PATH,
  staleCaches,
  strategyFor,
  warmPaths,
} from '../../src/sw/rules';

const ORIGIN = 'http://localhost:8080';
const get = (p: string, mode = 'cors') => ({ method: 'GET', url: ORIGIN + p, mode });
const nav = (p: string) => get(p, 'navigate');

describe('service worker: strategy per request', () => {
  const precached = new Set([SHELL_PATH, '/manifest.webmanifest', '/icons/icon-192.png']);
  const s = (req: { method: string; url: string; mode?: string }) => strategyFor(req, ORIGIN, precached);

  it('hashed assets are cache-first, whether preloaded, imported or a stylesheet', () => {
    expect(s(get('/assets/boot-_tNo7gTU.js'))).toBe('asset');
    expect(s(get('/assets/EbookReader-B-Wep7WQ.js', 'no-cors'))).toBe('asset');
    expect(s(get('/assets/ebook-reader-yef2N978.css'))).toBe('asset');
  });

  it('navigations to any client route are network-first (with the offline fallback), the reader included', () => {
    for (const p of ['/', '/ebook/read/1', '/ebook/read/1?chapter=3', '/user/ebook', '/no/such/page']) expect(s(nav(p))).toBe('navigate');
  });

  it('page configs and the route table are stale-while-revalidate', () => {
    expect(s(get('/api/pages/config?name=ebook-read&sign=abc'))).toBe('pages');
    expect(s(get('/api/pages/manifest'))).toBe('pages');
  });

  it('every other API call, on every host, and /vod/* are never cached by the worker', () => {
    for (const p of [
      '/api/ebook/content?id=1&chapter=2&sign=x',
      '/api/ebook/detail?id=1&sign=x',
      '/api/genus/news?genus_id=1',
      '/member/api/auth/mobile-code-login',
      '/cet/api/x',
      '/circle/api/x',
      '/vod/sample/lesson-a/index.m3u8?t=1&us=2&sign=3',
      '/vod/sample/lesson-a/seg-0.ts',
      '/media/ebook/1.svg',
      '/dev/sms-inbox?mobile=1',
    ]) {
      expect(s(get(p)), p).toBe('network');
      // Opened in a tab (a navigation), still not the app's: untouched.
      expect(s(nav(p)), p).toBe('network');
    }
  });

  it('the worker script, other methods and other origins are untouched', () => {
    expect(s(get('/sw.js'))).toBe('network');
    expect(s({ method: 'POST', url: `${ORIGIN}/api/pages/config`, mode: 'cors' })).toBe('network');
    expect(s({ method: 'POST', url: `${ORIGIN}/api/ebook/read`, mode: 'cors' })).toBe('network');
    expect(s({ method: 'GET', url: 'https://cdn.example.com/assets/x.js', mode: 'cors' })).toBe('network');
    expect(s({ method: 'GET', url: 'not a url', mode: 'cors' })).toBe('network');
  });

  it('precached root files (manifest, icons) are served from the precache; other root files are not cached', () => {
    expect(s(get('/manifest.webmanifest'))).toBe('precached');
    expect(s(get('/icons/icon-192.png'))).toBe('precached');
    expect(s(nav(SHELL_PATH))).toBe('precached');
    expect(s(get('/robots.txt'))).toBe('network');
  });

  it('knows every API host prefix of the contract', () => {
    for (const prefix of Object.values(HOST_PREFIX)) {
      const p = `${prefix}/api/x`;
      expect(
        SERVER_PREFIXES.some((sp) => p.startsWith(sp)),
        p,
      ).toBe(true);
    }
  });
});

describe('service worker: caches of a new version', () => {
  it('a version owns its precache, assets and html caches; the pages cache is shared', () => {
    expect(cacheNames('v2')).toEqual({ precache: 'beikao-precache-v2', assets: 'beikao-assets-v2', html: 'beikao-html-v2' });
  });

  it('activating deletes the other versions’ caches by name, keeps its own, the pages cache and foreign caches', () => {
    const names = [
      'beikao-precache-v1',
      'beikao-assets-v1',
      'beikao-html-v1',
      'beikao-precache-v2',
      'beikao-assets-v2',
      'beikao-html-v2',
      PAGES_CACHE,
      'other-app-cache',
      'ebook-chapters',
    ];
    expect(staleCaches(names, 'v2')).toEqual(['beikao-precache-v1', 'beikao-assets-v1', 'beikao-html-v1']);
    expect(staleCaches(names, 'v3')).toEqual(names.filter((n) => n.startsWith('beikao-') && n !== PAGES_CACHE));
  });
});

// Every route the server serves, read from the page configs as the route-table test does.
const pagesRoot = fileURLToPath(new URL('../../pages-config', import.meta.url));
function listJson(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) return e.name.startsWith('_') ? [] : listJson(abs);
    return e.isFile() && e.name.endsWith('.json') ? [abs] : [];
  });
}
const configs = listJson(pagesRoot).map((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as PageConfig);
const routes: RouteEntry[] = configs.map((c) => ({
  name: c.name,
  path: c.path,
  aliases: (c as { aliases?: string[] }).aliases ?? [],
  meta: { auth: c.meta.auth, needCategory: c.meta.needCategory },
}));

describe('service worker: the route of an offline navigation', () => {
  it('ranks routes exactly like the server shell does, for every route and concrete paths', () => {
    const concrete = (p: string) =>
      p
        .split('/')
        .map((seg) => (seg.startsWith(':') ? (seg.endsWith('?') ? '' : '7') : seg === '*' ? 'x/y' : seg))
        .join('/')
        .replace(/\/+/g, '/')
        .replace(/(.)\/$/, '$1');
    const paths = routes.flatMap((r) => [r.path, ...r.aliases].map(concrete));
    paths.push('/ebook/read/12', '/ebook/read/12/', '/news/detail/special/signup', '/no/such/page', '/');
    for (const p of paths) expect(matchRoute(routes, p)?.name, p).toBe(serverMatch(routes, p)?.name);
    expect(matchRoute(routes, '/ebook/read/12')?.name).toBe('ebook-read');
  });

  it('reads the route table and the page name out of the HTML the server sends', () => {
    const byName = new Map(configs.map((c) => [c.name, c]));
    const store = {
      manifest: () => ({ version: 'v', routes }),
      get: (name: string) => byName.get(name),
    } as unknown as PageStore;
    const template = '<!doctype html><html><head><title>备考</title></head><body><div id="root"></div></body></html>';
    const shells = new ShellPages(template, '/nonexistent', store);

    const reader = shells.forPath('/ebook/read/3').identity.toString();
    expect(inlinedPageName(reader)).toBe('ebook-read');
    expect(routeTableOf(reader)?.length).toBe(routes.length);
    expect(matchRoute(routeTableOf(reader) ?? [], '/ebook/read/9')?.name).toBe('ebook-read');

    // The generic shell (a path no page serves) carries the route table but no page.
    const shell = shells.forPath(SHELL_PATH).identity.toString();
    expect(inlinedPageName(shell)).toBeUndefined();
    expect(routeTableOf(shell)?.length).toBe(routes.length);

    expect(routeTableOf('<html>not a shell</html>')).toBeUndefined();
    expect(routeTableOf('<script id="page-manifest" type="application/json">{broken</script>')).toBeUndefined();
    expect(routeKey('ebook-read')).toBe('/__sw/route/ebook-read');
  });

  it('warms only same-origin client routes, by path, a few at most', () => {
    expect(
      warmPaths(
        [`${ORIGIN}/ebook/read/1?chapter=2`, '/ebook/read/1', '/user/ebook', 'https://evil.example/x', '/api/ebook/detail?id=1', 7, null],
        ORIGIN,
      ),
    ).toEqual(['/ebook/read/1', '/user/ebook']);
    expect(
      warmPaths(
        Array.from({ length: 20 }, (_, i) => `/news/detail/${i}`),
        ORIGIN,
      ),
    ).toHaveLength(8);
  });
});
