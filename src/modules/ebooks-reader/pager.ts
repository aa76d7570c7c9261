/**
 * The reader's pager: where the chapter's text is laid out (CSS columns one viewport wide, or a scroller), which page or
 * scroll position holds the current anchor, staged re-layouts (about STEP_CHARS characters per task) after a chapter,
 * font, line-height or mode change, page turns and the bookmarks on the current page.
 */
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReaderController } from './controller';
import {
  domGeometry,
  type Geometry,
  type Place,
  pageCountOf,
  pageOfPlace,
  placeAtPage,
  placeAtTop,
  placeInBand,
  placeOnPage,
  TextIndex,
  topOfPlace,
} from './layout';
import type { Mark, ReaderState } from './reader-state';

/**
 * A layout that shapes the text anew (another chapter, font size, line height or mode) is done in steps: the spans
 * are shown about this many characters at a time, each step laid out in a task of its own, the text hidden until
 * the last one is in (the target: no task over 50 ms for a 20,000-character chapter on a slow phone).
 */
export const STEP_CHARS = 4000;

export interface Pager {
  page: number;
  count: number;
  /** Scrolling: how far down the chapter (0–1). */
  share: number;
  /** Bookmarks on the page (or screen) shown now. */
  here: Mark[];
  turn(step: 1 | -1): void;
  /** Slider: a page (paginated) or a thousandth of the chapter (scrolling). */
  seek(value: number): void;
  flowRef: RefObject<HTMLDivElement | null>;
  scrollerRef: RefObject<HTMLDivElement | null>;
  onScroll(): void;
  animate: boolean;
  width: number;
  height: number;
  /** A layout is being done in steps: the text is hidden, the page and place shown are still those of the last one. */
  hold: boolean;
  /** The font size of the text as laid out on screen (the setting's until a staged layout is complete). */
  fontSize: number;
}

/** The spans of a staged layout, in steps of about STEP_CHARS characters (a step holds one span at least). */
function stepsOf(flow: HTMLElement, index: TextIndex): HTMLElement[][] {
  const steps: HTMLElement[][] = [];
  let step: HTMLElement[] = [];
  let chars = 0;
  for (const el of flow.querySelectorAll<HTMLElement>('[data-span]')) {
    const len = index.lengths[Number(el.dataset.span)] ?? 0;
    if (step.length > 0 && chars + len > STEP_CHARS) {
      steps.push(step);
      step = [];
      chars = 0;
    }
    step.push(el);
    chars += len;
  }
  if (step.length > 0) steps.push(step);
  return steps;
}

/**
 * The layout: after the chapter, font, line height, mode or window size change, the page or scroll position that
 * shows the current place (or the target: a bookmark, a chapter's last page); then, as the reader turns or scrolls,
 * the place at the top-left of what is visible.
 *
 * A change that shapes the text anew (chapter, font size, line height, mode) is staged so that no task of the page
 * lays out the whole chapter: the text is hidden (the old page stays where it was, invisible), every span is taken
 * out of the layout (`er-wait`: display none) and put back a step at a time, each step's layout forced in a task of
 * its own; a last task measures the settled layout and shows the page of the place. Window size changes and jumps
 * (targets) are applied at once, in the commit (the text is already shaped: a cheaper layout).
 */
export function usePager(state: ReaderState, ctl: ReaderController, bodyRef: RefObject<HTMLDivElement | null>): Pager {
  const { content, settings, target } = state;
  const mode = settings.mode;
  const flowRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const [pages, setPages] = useState({ page: 0, count: 1 });
  const [share, setShare] = useState(0);
  const [here, setHere] = useState<Mark[]>([]);
  const [animate, setAnimate] = useState(false);
  const [hold, setHold] = useState(false);
  const [laidFont, setLaidFont] = useState(settings.fontSize);
  const pagesRef = useRef(pages);
  pagesRef.current = pages;
  const placeRef = useRef(state.place);
  placeRef.current = state.place;
  const marksRef = useRef(state.marks);
  marksRef.current = state.marks;
  const programmatic = useRef(-1);
  const applied = useRef('');
  const frame = useRef(0);
  /** The staged part of the layout last completed, the one being staged ('' when none) and its next step. */
  const shaped = useRef('');
  const staging = useRef('');
  const stepTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const index = useMemo(() => (content ? new TextIndex(content.spans.map((s) => s.text.length)) : null), [content]);

  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const measure = () =>
      setSize((s) => (s.w === body.clientWidth && s.h === body.clientHeight ? s : { w: body.clientWidth, h: body.clientHeight }));
    measure();
    globalThis.addEventListener('resize', measure);
    return () => globalThis.removeEventListener('resize', measure);
  }, [bodyRef]);

  const geometry = useCallback((): Geometry | null => {
    const flow = flowRef.current;
    return flow && index ? domGeometry(flow, index) : null;
  }, [index]);

  /** Scrolling: the top of the visible area in the flow's coordinates. */
  const visibleTop = () => {
    const sc = scrollerRef.current;
    const flow = flowRef.current;
    return sc && flow ? sc.getBoundingClientRect().top - flow.getBoundingClientRect().top : 0;
  };

  const updateHere = useCallback(
    (geom: Geometry, page: number) => {
      const chapterId = content?.chapter.id;
      const sc = scrollerRef.current;
      const top =
        mode === 'scroll' && sc && flowRef.current ? sc.getBoundingClientRect().top - flowRef.current.getBoundingClientRect().top : 0;
      const list = marksRef.current.filter(
        (m) =>
          m.chapterId === chapterId &&
          (mode === 'page' ? placeOnPage(geom, m, page, size.w) : placeInBand(geom, m, top, top + (sc?.clientHeight ?? 0))),
      );
      setHere((old) => (old.length === list.length && old.every((m, i) => m.key === list[i]?.key) ? old : list));
    },
    [content, mode, size.w],
  );

  const layoutKey = content ? [content.chapter.id, settings.fontSize, settings.lineHeight, mode, size.w, size.h].join('|') : '';
  /** What shapes the text: a change of it is laid out in steps. */
  const shapeKey = content ? [content.chapter.id, settings.fontSize, settings.lineHeight, mode].join('|') : '';

  /** Shows the page or scroll position of the place (or the target) in the current layout, which must be complete. */
  const apply = () => {
    const geom = geometry();
    if (!content || !geom || size.w === 0) return;
    applied.current = layoutKey;
    const start: Place = { span: 0, offset: 0 };
    let place: Place;
    let page = 0;
    if (mode === 'page') {
      const count = pageCountOf(geom, size.w);
      if (target && 'edge' in target) {
        page = count - 1;
        place = placeAtPage(geom, page, size.w);
      } else {
        place = target ? { span: target.span, offset: target.offset } : (placeRef.current ?? start);
        page = Math.min(count - 1, pageOfPlace(geom, place, size.w));
      }
      setAnimate(false);
      // The ref first: effects of this same commit (bookmarks on this page) read it before the re-render.
      pagesRef.current = { page, count };
      setPages({ page, count });
    } else {
      const sc = scrollerRef.current;
      if (!sc) return;
      if (target && 'edge' in target) {
        sc.scrollTop = sc.scrollHeight;
        place = placeAtTop(geom, visibleTop());
      } else {
        place = target ? { span: target.span, offset: target.offset } : (placeRef.current ?? start);
        if (place.span === 0 && place.offset === 0) sc.scrollTop = 0;
        else sc.scrollTop += topOfPlace(geom, place) - visibleTop();
      }
      programmatic.current = sc.scrollTop;
      setShare(sc.scrollHeight > sc.clientHeight ? sc.scrollTop / (sc.scrollHeight - sc.clientHeight) : 0);
    }
    setLaidFont(settings.fontSize);
    if (target) ctl.arrived(target.seq, place);
    updateHere(geom, page);
  };
  // The staged steps run in later tasks: they call the apply of the latest render (its chapter, settings, target).
  const applyRef = useRef(apply);
  applyRef.current = apply;

  const stopStaging = useCallback(() => {
    clearTimeout(stepTimer.current);
    stepTimer.current = undefined;
    staging.current = '';
    setHold(false);
  }, []);

  /** Lays the chapter out anew in steps (see above); `key` is the shapeKey staged. */
  const stage = (key: string) => {
    const flow = flowRef.current;
    if (!flow || !index) return;
    clearTimeout(stepTimer.current);
    staging.current = key;
    setHold(true);
    const steps = stepsOf(flow, index);
    for (const step of steps) for (const el of step) el.classList.add('er-wait');
    const next = () => {
      const el = flowRef.current;
      const step = steps.shift();
      if (staging.current !== key) return; // staged again meanwhile
      if (!el || !step) return stopStaging();
      for (const span of step) span.classList.remove('er-wait');
      // This step's layout now, in this task (not with the next step's in the browser's next frame).
      el.getBoundingClientRect();
      stepTimer.current = setTimeout(steps.length > 0 ? next : finish, 0);
    };
    const finish = () => {
      stepTimer.current = undefined;
      if (staging.current !== key) return;
      staging.current = '';
      shaped.current = key;
      applyRef.current();
      setHold(false);
    };
    stepTimer.current = setTimeout(next, 0);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the layout (layoutKey) or the target changes; the current place is read from a ref
  useLayoutEffect(() => {
    if (!content || !flowRef.current || size.w === 0) return;
    // Text to shape anew: staged (again, when it changed while staging). While staging, its last step applies the
    // latest layout and target. Otherwise (window size, target) at once, in this commit.
    if (staging.current || shapeKey !== shaped.current) {
      if (shapeKey !== staging.current) stage(shapeKey);
      return;
    }
    if (!target && applied.current === layoutKey) return;
    apply();
  }, [layoutKey, target]);

  // Bookmarks added or removed: is one on this page now? (updateHere reads them from a ref)
  // biome-ignore lint/correctness/useExhaustiveDependencies: state.marks is the trigger
  useEffect(() => {
    if (staging.current) return; // applied when the staged layout is complete
    const geom = geometry();
    if (geom) updateHere(geom, pagesRef.current.page);
  }, [state.marks, geometry, updateHere]);

  const goPage = useCallback(
    (page: number, animated: boolean) => {
      if (staging.current) return;
      const geom = geometry();
      if (!geom) return;
      setAnimate(animated);
      pagesRef.current = { ...pagesRef.current, page };
      setPages(pagesRef.current);
      ctl.setPlace(placeAtPage(geom, page, size.w));
      updateHere(geom, page);
    },
    [ctl, geometry, size.w, updateHere],
  );

  const turn = useCallback(
    (step: 1 | -1) => {
      if (state.chapterPhase !== 'ready' || staging.current) return;
      if (mode === 'scroll') {
        const sc = scrollerRef.current;
        if (sc) sc.scrollBy({ top: step * (sc.clientHeight - 40), behavior: 'smooth' });
        return;
      }
      const { page, count } = pagesRef.current;
      const next = page + step;
      if (next < 0) ctl.prevChapter();
      else if (next >= count) ctl.nextChapter();
      else goPage(next, true);
    },
    [ctl, goPage, mode, state.chapterPhase],
  );

  const onScroll = () => {
    const sc = scrollerRef.current;
    if (!sc || staging.current) return;
    if (programmatic.current >= 0 && Math.abs(sc.scrollTop - programmatic.current) < 2) return;
    programmatic.current = -1;
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      if (staging.current) return;
      const geom = geometry();
      if (!geom) return;
      ctl.setPlace(placeAtTop(geom, visibleTop()));
      setShare(sc.scrollHeight > sc.clientHeight ? sc.scrollTop / (sc.scrollHeight - sc.clientHeight) : 0);
      updateHere(geom, 0);
    });
  };

  const seek = (value: number) => {
    if (staging.current) return;
    if (mode === 'page') goPage(Math.max(0, Math.min(pagesRef.current.count - 1, value)), false);
    else {
      const sc = scrollerRef.current;
      if (sc) sc.scrollTop = (value / 1000) * (sc.scrollHeight - sc.clientHeight);
    }
  };

  useEffect(
    () => () => {
      cancelAnimationFrame(frame.current);
      clearTimeout(stepTimer.current);
    },
    [],
  );

  return {
    page: pages.page,
    count: pages.count,
    share,
    here,
    turn,
    seek,
    flowRef,
    scrollerRef,
    onScroll,
    animate,
    width: size.w,
    height: size.h,
    hold,
    fontSize: hold ? laidFont : settings.fontSize,
  };
}
