import { startTransition, useEffect, useMemo, useState } from 'react';
import { type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { matchRouteWithPath } from '../protocol/route-pattern';
import { tabBarState } from '../state/tab-bar';
import { loadManifest, type Manifest } from './manifest';
import { NotFound } from './NotFound';
import { PageHost } from './PageHost';
import { PageLoading } from './skeleton';

const NOT_FOUND: RouteObject = { path: '*', element: <NotFound /> };

/**
 * The route table comes from the page configs (`pages-config/`), one route per config and alias. The table (some
 * two hundred patterns) is compiled once and matched here, as the server and the service worker match it
 * (src/protocol/route-pattern.ts); React Router then gets only the route that matched, for its params and links,
 * instead of ranking and compiling every pattern again on each render and navigation.
 */
function Pages({ manifest }: { manifest: Manifest }) {
  const { pathname } = useLocation();
  const hit = matchRouteWithPath(manifest.routes, pathname);
  const route = hit?.route;
  const path = hit?.path;
  const routes = useMemo<RouteObject[]>(
    () => (route && path ? [{ path, element: <PageHost entry={route} /> }, NOT_FOUND] : [NOT_FOUND]),
    [route, path],
  );
  return useRoutes(routes);
}

export function AppRouter() {
  const [manifest, setManifest] = useState<Manifest | string | null>(null);
  useEffect(() => {
    loadManifest().then((m) => {
      if (typeof m !== 'string') tabBarState.items = m.tabBar?.items ?? [];
      // A transition: the page tree renders in slices that yield (the first screen's render is the longest work).
      startTransition(() => setManifest(m));
    });
  }, []);
  if (manifest === null) return <PageLoading />;
  if (typeof manifest === 'string') return <p className="error-text">{manifest}</p>;
  return <Pages manifest={manifest} />;
}
