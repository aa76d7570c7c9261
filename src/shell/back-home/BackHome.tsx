import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { i18n } from '../../i18n';
import { uiState } from '../../state/ui';
import './back-home.css';

/** Small top-left link to the home page, on every page unless its meta says hideHome (spec §2). */
export function BackHome() {
  const { page } = useSnapshot(uiState);
  if (!page || page.hideHome) return null;
  return (
    <Link to="/" className="back-home" data-testid="back-home">
      {i18n.shell.backHome}
    </Link>
  );
}
