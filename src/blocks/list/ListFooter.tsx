import { type RefObject, useEffect, useRef } from 'react';
import { autoLoads, type FooterListState, footerState, footerText, itemsLaidOut, shouldTrigger } from './footer-state';

export interface ListFooterProps {
  state: FooterListState;
  onLoadMore(): void;
  /** Replaces the default 'all loaded' text. */
  loadedText?: string;
  /** Replaces the default 'no data' text (the list loaded empty). */
  emptyText?: string;
  /** Load only on tap (no automatic loading on scroll). */
  tapToLoad?: boolean;
  /** The element holding the items (their heights are checked before the footer's position is trusted). */
  itemsRef?: RefObject<HTMLElement | null>;
}

function itemHeights(container: HTMLElement | null | undefined): number[] {
  return container ? [...container.children].map((c) => c.getBoundingClientRect().height) : [];
}

/** Pictures of the list still loading with no size reserved (0 px tall now, their real height later). */
function sizelessPicturesLoading(container: HTMLElement | null | undefined): number {
  if (!container) return 0;
  return [...container.querySelectorAll('img')].filter((img) => !img.complete && img.getBoundingClientRect().height === 0).length;
}

/** The footer of a paged list (spec §2): shows the list's state and asks for the next page. */
export function ListFooter({ state, onLoadMore, loadedText, emptyText, tapToLoad = false, itemsRef }: ListFooterProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  useEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  }, [onLoadMore]);
  const kind = footerState(state, tapToLoad);
  const count = state.items.length;

  // Runs on mount and whenever the state or item count changes, so a short list keeps loading until
  // the viewport is filled; afterwards scroll (of the window or any container), resize, and a change of the
  // items' size (their blocks arriving, images) re-check. The footer's position counts only once every item
  // has its height: before that it sits too high and would load pages nobody asked for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `count` re-runs the check after a page arrives.
  useEffect(() => {
    if (!autoLoads(kind)) return;
    // The footer's place first (one measure): only a footer near the screen needs its items' heights checked
    // (a measure of every item and picture). Checks asked for within one frame (pictures loading, items resized)
    // run once, in that frame.
    const checkNow = () => {
      const el = ref.current;
      if (!el || !shouldTrigger(el.getBoundingClientRect().top, window.innerHeight)) return;
      const list = itemsRef?.current;
      if (itemsLaidOut(itemHeights(list), sizelessPicturesLoading(list))) onLoadMoreRef.current();
    };
    let frame: number | null = null;
    const check = () => {
      if (typeof requestAnimationFrame !== 'function') return checkNow();
      frame ??= requestAnimationFrame(() => {
        frame = null;
        checkNow();
      });
    };
    const opts: AddEventListenerOptions = { passive: true, capture: true };
    window.addEventListener('scroll', check, opts);
    window.addEventListener('resize', check, opts);
    const items = itemsRef?.current;
    const sized = items && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(check) : null;
    if (items && sized) {
      sized.observe(items);
      for (const child of items.children) sized.observe(child);
    }
    // A picture that finishes (or fails) re-checks: `load`/`error` do not bubble, so listen in the capture phase.
    items?.addEventListener('load', check, true);
    items?.addEventListener('error', check, true);
    // The observer reports every item once, after the browser's next layout: checking now would force that layout
    // in the middle of the render (a long task on a slow phone). Without an observer, check now.
    if (!sized) checkNow();
    return () => {
      if (frame !== null) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', check, opts);
      window.removeEventListener('resize', check, opts);
      items?.removeEventListener('load', check, true);
      items?.removeEventListener('error', check, true);
      sized?.disconnect();
    };
  }, [kind, count]);

  const text = footerText(kind, loadedText, emptyText);
  return (
    <div ref={ref} className="list-footer" data-testid="list-footer" data-state={kind}>
      {kind === 'tap' ? (
        <button type="button" className="link-button" onClick={() => onLoadMore()}>
          {text}
        </button>
      ) : (
        text
      )}
    </div>
  );
}
