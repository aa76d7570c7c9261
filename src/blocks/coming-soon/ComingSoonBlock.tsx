import { i18n } from '../../i18n';
import { type BlockProps, Link } from '../../runtime/block-api';
import type { ComingSoonProps } from './props.gen';
import './coming-soon.css';

/** A calendar with a clock: "this is on its way", drawn inline (no font glyph, no image request). */
function Illustration() {
  return (
    <svg className="placeholder-art" viewBox="0 0 160 120" width="160" height="120" aria-hidden="true" focusable="false">
      <ellipse cx="80" cy="108" rx="56" ry="6" fill="#e8eefb" />
      <rect x="30" y="22" width="84" height="78" rx="10" fill="#fff" stroke="#c9d8f5" strokeWidth="2" />
      <path d="M30 32a10 10 0 0 1 10-10h64a10 10 0 0 1 10 10v10H30z" fill="#2f7cf6" />
      <rect x="48" y="14" width="6" height="16" rx="3" fill="#1d5fd0" />
      <rect x="90" y="14" width="6" height="16" rx="3" fill="#1d5fd0" />
      <g fill="#dce6f8">
        <rect x="42" y="52" width="12" height="9" rx="2" />
        <rect x="60" y="52" width="12" height="9" rx="2" />
        <rect x="78" y="52" width="12" height="9" rx="2" />
        <rect x="42" y="68" width="12" height="9" rx="2" />
        <rect x="60" y="68" width="12" height="9" rx="2" />
        <rect x="42" y="84" width="12" height="9" rx="2" />
      </g>
      <circle cx="112" cy="80" r="24" fill="#fff" stroke="#2f7cf6" strokeWidth="4" />
      <path d="M112 66v14l9 6" fill="none" stroke="#ff9900" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="140" cy="40" r="4" fill="#ffd48a" />
      <circle cx="22" cy="60" r="3" fill="#c9d8f5" />
    </svg>
  );
}

/** The placeholder of a route whose feature is still to be built: illustration, title, text and a button home. */
export default function ComingSoonBlock({ props }: BlockProps<ComingSoonProps>) {
  return (
    <section className="result-state coming-soon placeholder-state" data-testid="coming-soon">
      <Illustration />
      {props.title ? <span className="placeholder-badge">{i18n.comingSoon.title}</span> : null}
      <h2 className="placeholder-title">{props.title || i18n.comingSoon.title}</h2>
      <p className="placeholder-text">{props.text || i18n.comingSoon.text}</p>
      {props.homeLink === false ? null : (
        <Link to="/" className="placeholder-button" data-testid="coming-soon-home">
          {i18n.notFound.goHome}
        </Link>
      )}
    </section>
  );
}
