import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { i18n } from '../../i18n';
import { HOME_BUTTON_TARGET, homeButtonState, setHomeButtonVisible } from '../../state/home-button';
import './home-button.css';

/** The floating home button: shown only while the stored flag says so; goes to study news and hides itself. */
export function HomeButton() {
  const { visible } = useSnapshot(homeButtonState);
  const navigate = useNavigate();
  if (!visible) return null;
  const onClick = () => {
    setHomeButtonVisible(false);
    navigate(HOME_BUTTON_TARGET);
  };
  return (
    <button type="button" className="home-button" data-testid="home-button" onClick={onClick}>
      {i18n.shell.homeButton}
    </button>
  );
}
