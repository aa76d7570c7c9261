import { type BlockProps, Link, useCurrentPath } from '../../runtime/block-api';
import type { TabsProps } from './props.gen';
import { activeRoute, activeTab, type Tab } from './tabs';
import './tabs.css';

function tabClass(active: boolean): string {
  return active ? 'bk-tab active' : 'bk-tab';
}

/** Navigate mode: tabs are links; the one matching the current location is active. */
function RouteTabs({ tabs }: { tabs: readonly Tab[] }) {
  const pathname = useCurrentPath();
  const current = activeRoute(tabs, pathname);
  return (
    <>
      {tabs.map((t) => (
        <Link key={t.key} role="tab" aria-selected={t.key === current} className={tabClass(t.key === current)} to={t.to ?? '.'} replace>
          {t.title}
        </Link>
      ))}
    </>
  );
}

/** A tab bar over the block's children. State mode writes the tapped key to page state; navigate mode links to routes. */
export default function TabsBlock({ props, scope, page, children }: BlockProps<TabsProps>) {
  const tabs: readonly Tab[] = Array.isArray(props.tabs) ? props.tabs : [];
  const stateKey = props.stateKey || 'tab';
  const current = activeTab(tabs, scope.state, stateKey);
  return (
    <div className="bk-tabs" data-testid="tabs">
      <div role="tablist" className={props.sticky ? 'bk-tabs-bar sticky' : 'bk-tabs-bar'}>
        {props.mode === 'navigate' ? (
          <RouteTabs tabs={tabs} />
        ) : (
          tabs.map((t) => (
            <button
              key={t.key}
              role="tab"
              aria-selected={t.key === current}
              className={tabClass(t.key === current)}
              onClick={() => {
                if (t.key !== current) page.setState(stateKey, t.key);
              }}
            >
              {t.title}
            </button>
          ))
        )}
      </div>
      {children}
    </div>
  );
}
