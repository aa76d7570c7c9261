/**
 * The service worker's decisions, as pure functions (no Cache API, no fetch), shared by the worker (src/sw/sw.ts,
 * built into dist/sw.js by scripts/sw-plugin.ts) and its unit test:
 * - which strategy a request gets (`strategyFor`);
 * - which caches a new version deletes (`staleCaches`);
 * - which route a path shows, from the route table the server inlines into every HTML page (`routeTableOf`,
 *   `matchRoute`, `inlinedPageName`), so an offline navigation gets the cached HTML of its route.
 */

import { matchRoute, type RouteLike } from '../protocol/route-pattern';

/** Every cache this app makes starts with this; other names (another app on the origin) are never touched. */
export const CACHE_PREFIX = 'beikao-';
/** Page configs and the route table (`/api/pages/*`): not tied to a build, so kept across versions. */
export const PAGES_CACHE = `${CACHE_PREFIX}pages`;

/** The caches of one build version. */
export function cacheNames(version: string) {
  return {
    /** The app shell and the first load's and reader's JS/CSS, filled at install. */
    precache: `${CACHE_PREFIX}precache-${version}`,
    /** Hashed assets fetched later (other blocks' chunks). */
    assets: `${CACHE_PREFIX}assets-${version}`,
    /** The HTML of each route visited (it names this build's hashed assets), keyed by route. */
    html: `${CACHE_PREFIX}html-${version}`,
  };
}

/** Caches a newly activated version deletes: every `beikao-*` cache that is neither its own nor the pages cache. */
export function staleCaches(names: readonly string[], version: string): string[] {
  const keep = new Set<string>([...Object.values(cacheNames(version)), PAGES_CACHE]);
  return names.filter((n) => n.startsWith(CACHE_PREFIX) && !keep.has(n));
}

/**
 * The generic app shell: the server answers a path no page serves with the HTML shell (route table inlined, no page
 * config, a neutral skeleton). Precached, it is the offline answer for a route whose own HTML was never cached; the
 * client then loads that route's page config (from the pages cache).
 */
export const SHELL_PATH = '/__app-shell';
/** Where the HTML of route `name` is kept in the html cache. */
export function routeKey(name: string): string {
  return `/__sw/route/${encodeURIComponent(name)}`;
}
/** Where the latest route table is kept in the html cache (read again after the worker restarts). */
export const ROUTES_KEY = '/__sw/routes';

/**
 * Paths that are never the client's: API hosts (platform `/api`, and the member, CET, AI, circle and school host
 * prefixes of src/contract/endpoint.ts HOST_PREFIX), media, video segments, server dev tools.
 */
export const SERVER_PREFIXES = ['/api/', '/member/', '/cet/', '/ai/', '/circle/', '/school/', '/media/', '/vod/', '/dev/'] as const;

export type Strategy =
  /** Hashed `/assets/*`: cache first (precache, then the assets cache), network on a miss and kept. */
  | 'asset'
  /** Precached root files (manifest, icons): cache first. */
  | 'precached'
  /** `/api/pages/*`: stale-while-revalidate. */
  | 'pages'
  /** Navigations to client routes: network first (kept per route), offline the route's cached HTML or the shell. */
  | 'navigate'
  /** Not handled: the browser fetches as if there were no worker (other API calls, `/vod/*`, media, POSTs…). */
  | 'network';

export interface RequestFacts {
  method: string;
  url: string;
  /** `Request.mode`: 'navigate' for page loads. */
  mode?: string;
}

/** The strategy of one request. `precached` holds the precache list's paths. */
export function strategyFor(req: RequestFacts, origin: string, precached: ReadonlySet<string> = new Set()): Strategy {
  if (req.method !== 'GET') return 'network';
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return 'network';
  }
  if (url.origin !== origin) return 'network';
  const path = url.pathname;
  if (path === '/sw.js') return 'network';
  if (path.startsWith('/api/pages/')) return 'pages';
  if (SERVER_PREFIXES.some((p) => path.startsWith(p))) return 'network';
  if (path.startsWith('/assets/')) return 'asset';
  if (precached.has(path)) return 'precached';
  if (req.mode === 'navigate') return 'navigate';
  return 'network';
}

export type { RouteLike };
export { matchRoute };

function inlineScript(html: string, id: string): { attrs: string; text: string } | undefined {
  const m = new RegExp(`<script id="${id}" type="application/json"([^>]*)>([\\s\\S]*?)</script>`).exec(html);
  return m ? { attrs: m[1] ?? '', text: m[2] ?? '' } : undefined;
}

/** The route table inlined in a server HTML page, or undefined (not a shell, or unreadable). */
export function routeTableOf(html: string): RouteLike[] | undefined {
  const s = inlineScript(html, 'page-manifest');
  if (!s) return undefined;
  try {
    const manifest = JSON.parse(s.text) as { routes?: unknown };
    return Array.isArray(manifest.routes) ? (manifest.routes as RouteLike[]) : undefined;
  } catch {
    return undefined;
  }
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The route name of the page config inlined in a server HTML page (the route it was built for), or undefined. */
export function inlinedPageName(html: string): string | undefined {
  const s = inlineScript(html, 'page-config');
  const m = s && /\bdata-name="([^"]*)"/.exec(s.attrs);
  return m?.[1] ? m[1].replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e) : undefined;
}

/** Paths a client asks the worker to keep the HTML of (its landing page, the page on screen): same origin, client routes only. */
export function warmPaths(urls: readonly unknown[], origin: string): string[] {
  const out = new Set<string>();
  for (const u of urls) {
    if (typeof u !== 'string') continue;
    try {
      const url = new URL(u, origin);
      if (url.origin !== origin) continue;
      if (strategyFor({ method: 'GET', url: url.href, mode: 'navigate' }, origin) !== 'navigate') continue;
      out.add(url.pathname);
    } catch {
      // not a URL
    }
  }
  return [...out].slice(0, 8);
}
