import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { i18n } from '../../i18n';
import { Link } from '../../runtime/block-api';
import { CATEGORY_ROUTE, examContext } from '../../state/exam-context';
import { uiState } from '../../state/ui';
import { backTarget } from './back-target';
import './back-home.css';

/**
 * The small top-left control on every page unless its meta says hideHome (spec §2): ‹ 返回 when the user came from
 * another page of the app (react-router keeps the in-app history index in history.state.idx), else ‹ 首页.
 */
export function BackHome() {
  const { page } = useSnapshot(uiState);
  const exam = useSnapshot(examContext);
  const location = useLocation();
  const navigate = useNavigate();
  if (!page || page.hideHome) return null;
  const target = backTarget({
    historyIndex: (globalThis.history?.state as { idx?: unknown } | null)?.idx,
    pathname: location.pathname,
    hasSubject: Boolean(exam.category_id),
    categoryRoute: CATEGORY_ROUTE,
  });
  // Nowhere to go: the place is kept (the server's skeleton drew it; nothing moves) but shows and offers nothing.
  if (target === 'none')
    return (
      <span className="back-home back-home-none" data-testid="back-home" aria-hidden="true">
        {i18n.shell.backHome}
      </span>
    );
  if (target === 'back')
    return (
      <button type="button" className="back-home" data-testid="back-home" onClick={() => navigate(-1)}>
        {i18n.shell.back}
      </button>
    );
  return (
    <Link to="/" className="back-home" data-testid="back-home">
      {i18n.shell.backHome}
    </Link>
  );
}
