import { i18n } from '../../i18n';

/** The footer loads more when its top is within this many window heights (spec §9). */
export const FOOTER_TRIGGER_RATIO = 1.3;

/** What the footer shows; also its `data-state` attribute. */
export type FooterState = 'no-data' | 'loaded' | 'loading' | 'pull-up' | 'tap';

export interface FooterListState {
  items: readonly unknown[];
  loading: boolean;
  loaded: boolean;
  /** Message of the last failed load; '' when the last load did not fail. */
  error: string;
}

/**
 * Exactly one state, in this order: loading; tap to load more after a failed load; no data when loaded empty;
 * loaded; tap to load more when `tapToLoad` is set; else pull up to load more.
 */
export function footerState(list: FooterListState, tapToLoad = false): FooterState {
  if (list.loading) return 'loading';
  if (list.error) return 'tap';
  if (list.loaded) return list.items.length === 0 ? 'no-data' : 'loaded';
  return tapToLoad ? 'tap' : 'pull-up';
}

/** The text shown in a state; `loadedText` replaces the default 'all loaded' text, `emptyText` the 'no data' one. */
export function footerText(state: FooterState, loadedText?: string, emptyText?: string): string {
  switch (state) {
    case 'no-data':
      return emptyText || i18n.listFooter.noData;
    case 'loaded':
      return loadedText ?? i18n.listFooter.allLoaded;
    case 'loading':
      return i18n.listFooter.loading;
    case 'pull-up':
      return i18n.listFooter.pullUp;
    case 'tap':
      return i18n.listFooter.tapToLoad;
  }
}

/** Loading is triggered when the footer's top is within 1.3 × the window height. */
export function shouldTrigger(footerTop: number, windowHeight: number): boolean {
  return footerTop <= FOOTER_TRIGGER_RATIO * windowHeight;
}

/** Only the pull-up state loads by itself (never while loading, loaded, failed or in tap mode). */
export function autoLoads(state: FooterState): boolean {
  return state === 'pull-up';
}

/**
 * Whether the items above the footer have been laid out: there are none, or they have a height and no picture in
 * them is still arriving without a reserved size. Items drawn by a block whose chunk has not arrived yet are empty
 * (0 px), and pictures without a reserved size are 0 px until they load, one by one; a footer measured then sits far
 * too high and would load page after page. The check waits until the items have their size (a resize of the list or
 * a picture's load re-runs it). One item with a height is enough (an item whose template shows nothing stays 0 px for
 * good and must not stop the list).
 */
export function itemsLaidOut(itemHeights: readonly number[], sizelessPicturesLoading = 0): boolean {
  if (itemHeights.length === 0) return true;
  return sizelessPicturesLoading === 0 && itemHeights.some((h) => h > 0);
}
