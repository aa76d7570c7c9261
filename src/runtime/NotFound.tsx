import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { i18n } from '../i18n';
import { CATEGORY_ROUTE, examContext } from '../state/exam-context';
import { backTarget, historyIndex } from './back-target';
import { Link } from './Link';

/** A map with a dashed route to nowhere and a magnifier, drawn inline (no font glyph, no image request). */
export function NotFoundArt() {
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

export interface NotFoundScreenProps {
  /** What is missing, in plain words (默认 页面不存在). Never an internal id. */
  title?: string;
  text?: string;
  /** A second way on, e.g. 看看其他电子书 → /ebook/list/all. */
  linkText?: string;
  linkTo?: string;
  /** Sets the document title to `title` (a screen that stands for the whole page). */
  ownTitle?: boolean;
}

/**
 * The one not-found screen (issue 24, "a bad link gets one friendly screen"): an unknown route, a page whose main
 * item is missing (a data source with `notFound`), a module's missing item (the e-book reader). It says what is
 * missing in plain words and offers a way back by the shell's rule: 返回 through the app's history when the user
 * came from another page of the app (with 返回首页 beside it), else 返回首页. No 重试: trying again finds nothing more.
 */
export function NotFoundScreen({ title, text, linkText, linkTo, ownTitle = true }: NotFoundScreenProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const exam = useSnapshot(examContext);
  const heading = title || i18n.notFound.title;
  useEffect(() => {
    if (ownTitle) document.title = `${heading} - ${i18n.app.name}`;
  }, [heading, ownTitle]);
  const target = backTarget({
    historyIndex: historyIndex(),
    pathname,
    hasSubject: Boolean(exam.category_id),
    categoryRoute: CATEGORY_ROUTE,
  });
  return (
    <section className="placeholder-state not-found-state" data-testid="not-found-screen" aria-labelledby="not-found-title">
      <NotFoundArt />
      <h1 className="placeholder-title" id="not-found-title">
        {heading}
      </h1>
      <p className="placeholder-text">{text || i18n.notFound.text}</p>
      <div className="not-found-actions">
        {target === 'back' ? (
          <button type="button" className="placeholder-button" data-testid="not-found-back" onClick={() => navigate(-1)}>
            {i18n.notFound.back}
          </button>
        ) : null}
        <Link
          to="/"
          className={target === 'back' ? 'not-found-secondary' : 'placeholder-button'}
          data-testid="not-found-home"
          replace={target !== 'back'}
        >
          {i18n.notFound.goHome}
        </Link>
        {linkText && linkTo ? (
          <Link to={linkTo} className="not-found-secondary" data-testid="not-found-link">
            {linkText}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

/** The client's fallback route: a path no page config serves. */
export function NotFound() {
  return (
    <main className="page not-found" data-testid="not-found">
      <NotFoundScreen />
    </main>
  );
}
