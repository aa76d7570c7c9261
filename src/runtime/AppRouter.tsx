import { useEffect, useState } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { i18n } from '../i18n';
import { loadManifest, type Manifest } from './manifest';
import { PageHost } from './PageHost';

function NotFound() {
  return (
    <main className="page not-found">
      <h1>{i18n.notFound.title}</h1>
      <Link to="/">{i18n.notFound.goHome}</Link>
    </main>
  );
}

/** The route table comes from the page configs (`pages-config/`), one route per config and alias. */
export function AppRouter() {
  const [manifest, setManifest] = useState<Manifest | string | null>(null);
  useEffect(() => {
    loadManifest().then(setManifest);
  }, []);
  if (manifest === null) return <div className="page-loading">{i18n.app.loading}</div>;
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
