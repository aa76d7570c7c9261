import { useEffect, useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { tabBarState } from '../state/tab-bar';
import { loadManifest, type Manifest } from './manifest';
import { NotFound } from './NotFound';
import { PageHost } from './PageHost';
import { PageLoading } from './skeleton';

/** The route table comes from the page configs (`pages-config/`), one route per config and alias. */
export function AppRouter() {
  const [manifest, setManifest] = useState<Manifest | string | null>(null);
  useEffect(() => {
    loadManifest().then((m) => {
      if (typeof m !== 'string') tabBarState.items = m.tabBar?.items ?? [];
      setManifest(m);
    });
  }, []);
  if (manifest === null) return <PageLoading />;
  if (typeof manifest === 'string') return <p className="error-text">{manifest}</p>;
  return (
    <Routes>
      {manifest.routes.flatMap((r) =>
        [r.path, ...r.aliases].map((p) => <Route key={`${r.name}:${p}`} path={p} element={<PageHost entry={r} />} />),
      )}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
