/**
 * Which route of the route table a path shows, ranked as the client's router ranks them (static segments before
 * parameters, required before optional, `*` last). Shared by the server's HTML shell (src/server/client/route-match.ts)
 * and the service worker (src/sw/rules.ts), so the two always agree.
 */

/** A route of the table: what matching needs. */
export interface RouteLike {
  name: string;
  path: string;
  aliases?: readonly string[];
}

/** A route pattern (`/news/detail/:newsId`, `/address/edit/:addressId?`, `/x/*`) as a regular expression and a rank. */
export function patternOf(path: string): { re: RegExp; score: number } {
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

/** The best-ranked route whose path or alias matches `pathname`; undefined when none does. */
export function matchRoute<R extends RouteLike>(routes: readonly R[], pathname: string): R | undefined {
  let best: { route: R; score: number } | undefined;
  for (const route of routes) {
    for (const p of [route.path, ...(route.aliases ?? [])]) {
      const { re, score } = patternOf(p);
      if (re.test(pathname) && (!best || score > best.score)) best = { route, score };
    }
  }
  return best?.route;
}
