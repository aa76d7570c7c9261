import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { i18n } from '../../i18n';
import { Link, useCurrentPath } from '../../runtime/block-api';
import { activeTab, tabBarState } from '../../state/tab-bar';
import { TabIcon } from './icons';
import './tab-bar.css';

/** Class on <body> while the bar shows: the page keeps room for it (56 px + the safe area). */
export const HAS_TAB_BAR_CLASS = 'has-tab-bar';

/**
 * The bottom tab bar: the tabs of pages-config/_app/tab-bar.json, shown on routes whose meta says tabBar. The tab of
 * the current path is marked with aria-current="page"; the bar pads itself by the safe area of phones with a home
 * indicator.
 */
export function TabBar() {
  const { items, route } = useSnapshot(tabBarState);
  const path = useCurrentPath();
  const shown = route !== null && items.length > 0;
  useEffect(() => {
    document.body.classList.toggle(HAS_TAB_BAR_CLASS, shown);
    return () => document.body.classList.remove(HAS_TAB_BAR_CLASS);
  }, [shown]);
  if (!shown) return null;
  const active = activeTab(items, path);
  return (
    <nav className="tab-bar" aria-label={i18n.tabBar.label} data-testid="tab-bar">
      {items.map((t) => (
        <Link
          key={t.key}
          to={t.path}
          className={`tab-bar-item${t.key === active ? ' active' : ''}`}
          aria-current={t.key === active ? 'page' : undefined}
          data-tab={t.key}
        >
          <TabIcon name={t.icon} />
          <span className="tab-bar-text">{t.text}</span>
        </Link>
      ))}
    </nav>
  );
}
