import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { i18n } from '../i18n';
import type { SourceState } from './block-api';
import type { PageConfig } from './page-config.gen';

/**
 * The skeleton the server put into `#root` for the landing page (src/server/client/skeleton.ts): kept when
 * React renders (`captureSkeleton()` in main.tsx) and put back by the loading states of that first page, so
 * the screen goes from skeleton to page without a blank or "loading" frame in between. The landing page stays
 * behind it until its first data arrived (`useFirstLoadHold`), so its blocks appear at once, in place, instead
 * of being pushed down one by one as sources answer (layout shift). Other pages show the plain loading line.
 */
let initial: { path: string; node: Element } | null = null;

/** Longest the landing page waits behind its skeleton for its data; after that it shows what it has. */
export const FIRST_LOAD_HOLD_MS = 2500;
/** The page's first blocks: about a phone screen (the server's skeleton draws as many). */
export const FIRST_SCREEN_BLOCKS = 6;

/** The data sources the first screen's blocks read (`data.x` in a template, or a list's `"source": "x"`). */
export function firstScreenSources(config: PageConfig): string[] {
  const text = JSON.stringify(config.blocks.slice(0, FIRST_SCREEN_BLOCKS));
  return Object.keys(config.data ?? {}).filter((n) => text.includes(`data.${n}`) || text.includes(`"source":"${n}"`));
}

/** Keeps the skeleton's element: React empties `#root` on its first commit, where PageLoading puts it back. */
export function captureSkeleton(root: HTMLElement | null): void {
  const node = root?.firstElementChild;
  initial = node ? { path: location.pathname, node } : null;
}

/** Later loading states use the plain line. */
export function releaseSkeleton(): void {
  initial = null;
}

export function PageLoading() {
  const { pathname } = useLocation();
  if (initial && initial.path !== pathname) releaseSkeleton();
  if (initial) {
    const { node } = initial;
    // The same element moves in (no re-parse, nothing repainted differently).
    return (
      <div className="sk-host" data-testid="skeleton" ref={(el) => void (el && node.parentElement !== el && el.replaceChildren(node))} />
    );
  }
  return <div className="page-loading">{i18n.app.loading}</div>;
}

const settled = (s: SourceState | undefined) => Boolean(s && !s.loading && (s.loaded || s.data !== undefined || s.error));

/**
 * Whether the landing page's first screen has what it waits for: every first-screen source answered (data or error),
 * or does not load now because its `when` is false (waiting for it would hold the page for the full time).
 */
export function firstScreenReady(names: readonly string[], sources: Record<string, SourceState>, gated: readonly string[]): boolean {
  return names.every((n) => gated.includes(n) || settled(sources[n]));
}

/**
 * True while the landing page (the one the skeleton belongs to) waits for the first answer of the data sources
 * its first screen reads (a source whose `when` is false, or that reads a source that failed, counts as answered), at
 * most FIRST_LOAD_HOLD_MS; a page whose main item is missing stops waiting at once (`settled`). Blocks further down may still fill in after (a shift
 * outside the screen moves nothing the visitor sees). Always false for other pages and once it turned false.
 */
export function useFirstLoadHold(
  sources: Record<string, SourceState>,
  config: PageConfig,
  gated: readonly string[] = [],
  /** The page already knows what it shows (its main item is missing: the not-found screen): release at once. */
  settled = false,
): boolean {
  const { pathname } = useLocation();
  const names = useMemo(() => firstScreenSources(config), [config]);
  const [held, setHeld] = useState(() => initial !== null && initial.path === pathname);
  // Released once the first screen's data is there: kept in a ref, not state, so releasing does not render the
  // whole page a second time (a render of every block, one long task on a slow phone) for nothing on screen.
  const released = useRef(false);
  const done = settled || firstScreenReady(names, sources, gated);
  if (done && held) released.current = true;
  useEffect(() => {
    if (!held) return;
    if (done || released.current) {
      releaseSkeleton();
      return;
    }
    const timer = setTimeout(() => {
      setHeld(false);
      releaseSkeleton();
    }, FIRST_LOAD_HOLD_MS);
    return () => clearTimeout(timer);
  }, [held, done]);
  return held && !released.current;
}
