import { proxy } from 'valtio';

/** One tab of the bottom tab bar (pages-config/_app/tab-bar.json). */
export interface TabBarItem {
  key: string;
  text: string;
  /** Name of a built-in inline SVG icon. */
  icon: string;
  path: string;
  /** Other paths on which this tab is the active one; a path ending in /* matches everything below it. */
  match?: readonly string[];
}

export interface TabBarState {
  /** The tabs, from the route table (empty: no tab bar declared). */
  items: readonly TabBarItem[];
  /** Name of the route on screen whose meta says tabBar, or null: the bar shows only while this is set. */
  route: string | null;
}

export const tabBarState = proxy<TabBarState>({ items: [], route: null });

function matches(pattern: string, pathname: string): boolean {
  if (pattern.endsWith('/*')) {
    const base = pattern.slice(0, -2);
    return pathname === base || pathname.startsWith(`${base}/`);
  }
  return pathname === pattern;
}

/** The key of the tab that is active on `pathname` (its path or one of its `match` paths), or null. */
export function activeTab(items: readonly TabBarItem[], pathname: string): string | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return items.find((t) => matches(t.path, clean) || (t.match ?? []).some((m) => matches(m, clean)))?.key ?? null;
}
