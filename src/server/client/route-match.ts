import type { RouteEntry } from '../../contract/pages';

/** A route pattern (`/news/detail/:newsId`, `/address/edit/:addressId?`) as a regular expression. */
function patternOf(path: string): { re: RegExp; score: number } {
  let score = 0;
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((seg) => {
      if (seg === '*') {
        score += 1;
        return '(?:/.*)?';
      }
      if (seg.startsWith(':')) {
        const optional = seg.endsWith('?');
        score += optional ? 2 : 3;
        return optional ? '(?:/[^/]+)?' : '/[^/]+';
      }
      score += 10;
      return `/${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    });
  return { re: new RegExp(`^${parts.join('') || '/'}/?$`), score };
}

/**
 * The route a path shows, ranked as the client's router ranks them (static segments before parameters);
 * undefined when none matches (the client then shows its not-found page).
 */
export function matchRoute(routes: readonly RouteEntry[], pathname: string): RouteEntry | undefined {
  let best: { route: RouteEntry; score: number } | undefined;
  for (const route of routes) {
    for (const p of [route.path, ...route.aliases]) {
      const { re, score } = patternOf(p);
      if (re.test(pathname) && (!best || score > best.score)) best = { route, score };
    }
  }
  return best?.route;
}
