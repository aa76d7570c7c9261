/**
 * The service worker (dist/sw.js, built by scripts/sw-plugin.ts, which prepends this build's version and precache
 * list as `self.__BEIKAO_SW__`). It keeps the app shell so that a book already opened can be read with no network:
 * the reader keeps chapter text itself (IndexedDB); this worker keeps the HTML, the scripts and the page configs.
 *
 * - install: precache the generic shell, the first load's JS/CSS, the reader's chunks, manifest and icons (one cache
 *   per version), then `skipWaiting()` — a new version installs in the background and takes over at once;
 * - activate: delete the caches of other versions (by name), `clients.claim()`, then keep the HTML of the pages open;
 * - fetch: see `strategyFor` (src/sw/rules.ts): hashed assets cache-first, navigations network-first falling back to
 *   the route's cached HTML or the shell, `/api/pages/*` stale-while-revalidate, every other API call, `/vod/*` and
 *   media untouched (never cached here).
 * - message `{type: 'warm', urls}`: the app tells which pages it showed before the worker controlled it (their HTML
 *   was loaded without the worker), so that they open offline too.
 */
import {
  cacheNames,
  inlinedPageName,
  matchRoute,
  PAGES_CACHE,
  ROUTES_KEY,
  type RouteLike,
  routeKey,
  routeTableOf,
  SHELL_PATH,
  staleCaches,
  strategyFor,
  warmPaths,
} from './rules';

// Service-worker types (the project's TypeScript lib is DOM; these are the few members used here).
interface SwExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface SwFetchEvent extends SwExtendableEvent {
  request: Request;
  respondWith(r: Response | Promise<Response>): void;
}
interface SwMessageEvent extends SwExtendableEvent {
  data: unknown;
}
interface SwClient {
  url: string;
}
interface SwScope {
  __BEIKAO_SW__?: { version: string; precache: string[] };
  location: Location;
  addEventListener(type: 'install' | 'activate', fn: (e: SwExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: SwFetchEvent) => void): void;
  addEventListener(type: 'message', fn: (e: SwMessageEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; matchAll(o: { type: 'window' }): Promise<SwClient[]> };
}

const sw = self as unknown as SwScope;
const build = sw.__BEIKAO_SW__ ?? { version: 'dev', precache: [SHELL_PATH] };
const names = cacheNames(build.version);
const origin = sw.location.origin;
const precached = new Set(build.precache);
/** A navigation waits this long for the network before the cached page is shown (a slow network is not offline). */
const NAVIGATION_TIMEOUT_MS = 5000;

const isHashedAsset = (path: string) => path.startsWith('/assets/');
const isPage = (res: Response) => res.ok && (res.headers.get('content-type') ?? '').includes('text/html');

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(names.precache);
      // Hashed files may come from the HTTP cache; the shell and the root files are revalidated.
      await cache.addAll(build.precache.map((p) => new Request(p, { cache: isHashedAsset(p) ? 'default' : 'no-cache' })));
      const shell = await cache.match(SHELL_PATH);
      if (shell) await rememberRoutes(await shell.clone().text());
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys(), build.version).map((n) => caches.delete(n)));
      await sw.clients.claim();
      // The pages open now were loaded before this version controlled them: keep their HTML (this build's).
      const open = await sw.clients.matchAll({ type: 'window' });
      await warm(open.map((c) => c.url));
    })(),
  );
});

sw.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type === 'warm' && Array.isArray(data.urls)) event.waitUntil(warm(data.urls));
});

sw.addEventListener('fetch', (event) => {
  const req = event.request;
  switch (strategyFor({ method: req.method, url: req.url, mode: req.mode }, origin, precached)) {
    case 'asset':
      return event.respondWith(cacheFirst(req, names.assets));
    case 'precached':
      return event.respondWith(cacheFirst(req, names.precache));
    case 'pages':
      return event.respondWith(staleWhileRevalidate(event, req));
    case 'navigate':
      return event.respondWith(networkFirstPage(event, req));
    default:
      return; // the browser's own fetch: no respondWith
  }
});

async function cacheFirst(req: Request, keepIn: string): Promise<Response> {
  const hit = await caches.match(req, { ignoreVary: true });
  if (hit) return hit;
  const res = await fetch(req);
  if (res.status === 200) {
    const copy = res.clone();
    void caches.open(keepIn).then((c) => c.put(req, copy));
  }
  return res;
}

async function staleWhileRevalidate(event: SwFetchEvent, req: Request): Promise<Response> {
  const cache = await caches.open(PAGES_CACHE);
  const cached = await cache.match(req, { ignoreVary: true });
  const network = fetch(req).then(async (res) => {
    if (res.status === 200) await cache.put(req, res.clone());
    return res;
  });
  if (!cached) return network;
  event.waitUntil(network.catch(() => undefined));
  return cached;
}

async function networkFirstPage(event: SwFetchEvent, req: Request): Promise<Response> {
  const path = new URL(req.url).pathname;
  const network = fetch(req);
  // Kept while the worker lives on (the clone is taken before the page reads the body).
  event.waitUntil(network.then((res) => (isPage(res) ? keepPage(res.clone()) : undefined)).catch(() => undefined));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<Response | undefined>((resolve) => {
    timer = setTimeout(() => void cachedPage(path).then(resolve, () => resolve(undefined)), NAVIGATION_TIMEOUT_MS);
  });
  try {
    // The network's page; after the timeout the cached one if there is one, else keep waiting for the network.
    return (await Promise.race([network, slow])) ?? (await network);
  } catch {
    return (await cachedPage(path)) ?? Response.error();
  } finally {
    clearTimeout(timer);
  }
}

/** The HTML to show for `path` without a network: its route's cached page, else the generic shell. */
async function cachedPage(path: string): Promise<Response | undefined> {
  const routes = await knownRoutes();
  const route = routes ? matchRoute(routes, path) : undefined;
  if (route) {
    const page = await (await caches.open(names.html)).match(routeKey(route.name));
    if (page) return page;
  }
  return (await caches.open(names.precache)).match(SHELL_PATH);
}

/** Keeps a page's HTML under its route (the server builds one HTML per route) and the route table it carries. */
async function keepPage(res: Response): Promise<void> {
  const html = await res.text();
  await rememberRoutes(html);
  const name = inlinedPageName(html);
  if (!name) return;
  const cache = await caches.open(names.html);
  await cache.put(routeKey(name), new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
}

let routeTable: RouteLike[] | undefined;

async function rememberRoutes(html: string): Promise<void> {
  const routes = routeTableOf(html);
  if (!routes) return;
  routeTable = routes;
  const cache = await caches.open(names.html);
  await cache.put(ROUTES_KEY, new Response(JSON.stringify(routes), { headers: { 'content-type': 'application/json' } }));
}

async function knownRoutes(): Promise<RouteLike[] | undefined> {
  if (routeTable) return routeTable;
  const kept = await (await caches.open(names.html)).match(ROUTES_KEY);
  if (kept) routeTable = (await kept.json()) as RouteLike[];
  return routeTable;
}

/** Fetches and keeps the HTML of the given pages whose route has none kept yet (best effort: offline does nothing). */
async function warm(urls: readonly unknown[]): Promise<void> {
  const routes = await knownRoutes();
  const cache = await caches.open(names.html);
  await Promise.all(
    warmPaths(urls, origin).map(async (path) => {
      const route = routes ? matchRoute(routes, path) : undefined;
      if (route && (await cache.match(routeKey(route.name)))) return;
      try {
        const res = await fetch(path, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
        if (isPage(res)) await keepPage(res);
      } catch {
        // offline: nothing to keep now
      }
    }),
  );
}
