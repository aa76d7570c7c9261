import type { RouteEntry } from '../../contract/pages';

/** Never for crawlers whatever the route table says: the API, the sandboxes, the development tools. */
const ALWAYS_PRIVATE = ['/api/', '/member/', '/dev/', '/pay/'];

/** A route's fixed start: its path up to the first parameter (`/order/detail/:orderId` → `/order/detail/`). */
export function fixedPrefix(path: string): string {
  const at = path.search(/[:*]/);
  return at < 0 ? path : path.slice(0, at);
}

/**
 * `robots.txt` from the route table: public content may be crawled; every page that needs a login (the user's
 * home, orders, addresses, payment results, bought content) and the API may not. Public pages below such a prefix
 * (the agreements under /user/) stay crawlable because each private route is listed on its own.
 */
export function robotsTxt(routes: readonly RouteEntry[]): string {
  const privatePaths = new Set(ALWAYS_PRIVATE);
  for (const r of routes) if (r.meta.auth) privatePaths.add(fixedPrefix(r.path));
  const lines = ['User-agent: *', ...[...privatePaths].sort().map((p) => `Disallow: ${p}`), 'Allow: /', ''];
  return lines.join('\n');
}
