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

/** A route table compiled once: each path and alias as its pattern, in table order. */
interface Compiled<R> {
  route: R;
  path: string;
  re: RegExp;
  score: number;
}

const compiled = new WeakMap<readonly RouteLike[], Compiled<RouteLike>[]>();

function compile<R extends RouteLike>(routes: readonly R[]): Compiled<R>[] {
  let table = compiled.get(routes) as Compiled<R>[] | undefined;
  if (!table) {
    table = routes.flatMap((route) => [route.path, ...(route.aliases ?? [])].map((path) => ({ route, path, ...patternOf(path) })));
    compiled.set(routes, table as Compiled<RouteLike>[]);
  }
  return table;
}

/**
 * The best-ranked route whose path or alias matches `pathname`, with the pattern that matched (the first in table
 * order on a tie); undefined when none does. The table's patterns are compiled once per table.
 */
export function matchRouteWithPath<R extends RouteLike>(routes: readonly R[], pathname: string): { route: R; path: string } | undefined {
  let best: Compiled<R> | undefined;
  for (const c of compile(routes)) {
    if ((!best || c.score > best.score) && c.re.test(pathname)) best = c;
  }
  return best && { route: best.route, path: best.path };
}

/** The best-ranked route whose path or alias matches `pathname`; undefined when none does. */
export function matchRoute<R extends RouteLike>(routes: readonly R[], pathname: string): R | undefined {
  return matchRouteWithPath(routes, pathname)?.route;
}
