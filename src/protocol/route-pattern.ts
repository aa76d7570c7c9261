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

/** A path or alias of the table: its route, its place in the table and (once needed) its pattern. */
interface Entry<R> {
  route: R;
  path: string;
  index: number;
  pattern?: { re: RegExp; score: number };
}

/** The table's paths grouped by their first segment; '' holds those whose first segment is not a fixed word. */
type Table<R> = Map<string, Entry<R>[]>;

const tables = new WeakMap<readonly RouteLike[], Table<RouteLike>>();

function firstWord(path: string): string {
  const first = path.split('/')[1] ?? '';
  return first.startsWith(':') || first === '*' ? '' : first;
}

function tableOf<R extends RouteLike>(routes: readonly R[]): Table<R> {
  let table = tables.get(routes) as Table<R> | undefined;
  if (!table) {
    table = new Map();
    let index = 0;
    for (const route of routes) {
      for (const path of [route.path, ...(route.aliases ?? [])]) {
        const word = firstWord(path);
        const group = table.get(word) ?? [];
        group.push({ route, path, index: index++ });
        table.set(word, group);
      }
    }
    tables.set(routes, table as Table<RouteLike>);
  }
  return table;
}

/**
 * The best-ranked route whose path or alias matches `pathname`, with the pattern that matched (the first in table
 * order on a tie); undefined when none does. Only the paths that can match are compiled (those starting with the
 * same word, and those starting with a parameter), each once per table: a page's first render does not compile
 * two hundred patterns.
 */
export function matchRouteWithPath<R extends RouteLike>(routes: readonly R[], pathname: string): { route: R; path: string } | undefined {
  const table = tableOf(routes);
  const word = pathname.split('/')[1] ?? '';
  const candidates = [...(word ? (table.get(word) ?? []) : []), ...(table.get('') ?? [])];
  let best: (Entry<R> & { score: number }) | undefined;
  for (const entry of candidates) {
    entry.pattern ??= patternOf(entry.path);
    const { re, score } = entry.pattern;
    if (!re.test(pathname)) continue;
    if (!best || score > best.score || (score === best.score && entry.index < best.index)) best = { ...entry, score };
  }
  return best && { route: best.route, path: best.path };
}

/** The best-ranked route whose path or alias matches `pathname`; undefined when none does. */
export function matchRoute<R extends RouteLike>(routes: readonly R[], pathname: string): R | undefined {
  return matchRouteWithPath(routes, pathname)?.route;
}
