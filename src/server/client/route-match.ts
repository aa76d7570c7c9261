import type { RouteEntry } from '../../contract/pages';
import { matchRoute as matchRouteOf } from '../../protocol/route-pattern';

/**
 * The route a path shows, ranked as the client's router ranks them (static segments before parameters);
 * undefined when none matches (the client then shows its not-found page).
 */
export function matchRoute(routes: readonly RouteEntry[], pathname: string): RouteEntry | undefined {
  return matchRouteOf(routes, pathname);
}
