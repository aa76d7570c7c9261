export interface Tab {
  key: string;
  title: string;
  to?: string;
}

/** State mode: the tab whose key is in state[stateKey], else the first tab ('' when there are no tabs). */
export function activeTab(tabs: readonly Tab[], state: unknown, stateKey: string): string {
  const value = state && typeof state === 'object' ? (state as Record<string, unknown>)[stateKey] : undefined;
  if (value !== undefined && value !== null) {
    const hit = tabs.find((t) => t.key === String(value));
    if (hit) return hit.key;
  }
  return tabs[0]?.key ?? '';
}

function stripPath(to: string): string {
  const path = to.split(/[?#]/)[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * Navigate mode: the tab whose `to` is the current path or a parent of it (longest match wins);
 * on the parent route itself (e.g. /study/list) the first tab below it; else ''.
 */
export function activeRoute(tabs: readonly Tab[], pathname: string): string {
  const here = stripPath(pathname);
  let best: Tab | undefined;
  let bestLen = -1;
  for (const t of tabs) {
    if (!t.to) continue;
    const p = stripPath(t.to);
    const hit = here === p || (p !== '/' && here.startsWith(`${p}/`));
    if (hit && p.length > bestLen) {
      best = t;
      bestLen = p.length;
    }
  }
  if (best) return best.key;
  const parent = tabs.find((t) => t.to && here !== '/' && stripPath(t.to).startsWith(`${here}/`));
  return parent?.key ?? '';
}
