import { useEffect } from 'react';
import { i18n } from '../i18n';
import { Link } from './Link';

/** A map with a dashed route to nowhere and a magnifier, drawn inline (no font glyph, no image request). */
function Illustration() {
  return (
    <svg className="placeholder-art" viewBox="0 0 160 120" width="160" height="120" aria-hidden="true" focusable="false">
      <ellipse cx="80" cy="108" rx="56" ry="6" fill="#e8eefb" />
      <path d="M24 30l34-10 40 10 36-10v70l-36 10-40-10-34 10z" fill="#fff" stroke="#c9d8f5" strokeWidth="2" strokeLinejoin="round" />
      <path d="M58 20v70M98 30v70" stroke="#e3eaf7" strokeWidth="2" />
      <path
        d="M36 78c10-4 14-18 26-18s12 14 22 12"
        fill="none"
        stroke="#9bb8ec"
        strokeWidth="3"
        strokeDasharray="4 5"
        strokeLinecap="round"
      />
      <circle cx="36" cy="78" r="4" fill="#2f7cf6" />
      <circle cx="104" cy="58" r="20" fill="#fff" stroke="#2f7cf6" strokeWidth="5" />
      <path d="M118 72l14 14" stroke="#2f7cf6" strokeWidth="7" strokeLinecap="round" />
      <path d="M98 52l12 12M110 52l-12 12" stroke="#ff9900" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** The client's fallback route: a path no page config serves. */
export function NotFound() {
  useEffect(() => {
    document.title = `${i18n.notFound.title} - ${i18n.app.name}`;
  }, []);
  return (
    <main className="page not-found" data-testid="not-found">
      <section className="placeholder-state not-found-state">
        <Illustration />
        <h1 className="placeholder-title">{i18n.notFound.title}</h1>
        <p className="placeholder-text">{i18n.notFound.text}</p>
        <Link to="/" className="placeholder-button" data-testid="not-found-home">
          {i18n.notFound.goHome}
        </Link>
      </section>
    </main>
  );
}
