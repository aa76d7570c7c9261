import {
  type CSSProperties,
  type MouseEvent,
  memo,
  type ReactNode,
  type RefObject,
  type TouchEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { i18n } from '../../i18n';
import type { BlockProps } from '../../runtime/block-api';
import { bookFraction, type Mark, ReaderController, type ReaderState } from './controller';
import {
  AlertIcon,
  BackIcon,
  BookmarkIcon,
  CloudOffIcon,
  LockIcon,
  MarksListIcon,
  MoonIcon,
  SettingsIcon,
  SunIcon,
  TocIcon,
} from './icons';
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
import type { Chapter } from './offline';
import { MarksDrawer, percent, SettingsSheet, TocDrawer } from './panels';
import type { EbookReaderProps } from './props.gen';
import { NIGHT_THEME, type ReaderSettings } from './settings';
import './ebook-reader.css';

const t = i18n.ebookReader;

/** Spec §9: a horizontal swipe of at least 50 px turns the page. */
export const SWIPE_THRESHOLD = 50;
/** Horizontal padding of a page; pages are one viewport width apart (column width + a gap of twice this). */
const PAGE_PAD = 22;
/**
 * A layout that shapes the text anew (another chapter, font size, line height or mode) is done in steps: the spans
 * are shown about this many characters at a time, each step laid out in a task of its own, the text hidden until
 * the last one is in (issue 12: no task over 50 ms for a 20,000-character chapter on a slow phone).
 */
export const STEP_CHARS = 4000;

/** A positive integer id from a prop (number, numeric string or a resolved ${…}); 0 otherwise. */
export function toId(v: unknown): number {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** Text is selected: swiping must not turn the page (the user is extending a selection). */
function selecting(): boolean {
  const sel = globalThis.getSelection?.();
  return !!sel && !sel.isCollapsed;
}

type Panel = null | 'toc' | 'marks' | 'settings';

/**
 * The e-book reader block: full screen, the chapter's anchored spans as paragraphs, paginated (CSS columns one
 * viewport wide, translateX to turn) or scrolling; toolbar, table of contents, bookmarks, settings.
 */
export default function EbookReader({ props, env }: BlockProps<EbookReaderProps>) {
  const ebookId = toId(props.ebookId);
  const chapterId = toId(props.chapterId);
  const [ctl] = useState(() => new ReaderController({ env }));
  const state = useSyncExternalStore(ctl.subscribe, ctl.getState, ctl.getState);
  useEffect(() => {
    ctl.connect();
    return () => ctl.disconnect();
  }, [ctl]);
  useEffect(() => {
    void ctl.open(ebookId, chapterId);
  }, [ctl, ebookId, chapterId]);
  const onBack = () => {
    const idx = (globalThis.history?.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) globalThis.history.back();
    else env.navigate(`/ebook/detail/${ebookId}`, { replace: true });
  };
  return <ReaderView state={state} ctl={ctl} onBack={onBack} onBuy={() => env.navigate(`/mall/order/${state.ebookId || ebookId}`)} />;
}

export interface ReaderViewProps {
  state: ReaderState;
  ctl: ReaderController;
  onBack(): void;
  onBuy(): void;
  /** Tests: open with the toolbar or a panel showing. */
  initialPanel?: Panel;
  initialToolbar?: boolean;
}

/** The reader's screen for a state (rendered on the server in tests: no layout runs there). */
export function ReaderView({ state, ctl, onBack, onBuy, initialPanel = null, initialToolbar = false }: ReaderViewProps) {
  const { settings, content, detail } = state;
  const [toolbar, setToolbar] = useState(initialToolbar);
  const [panel, setPanel] = useState<Panel>(initialPanel);
  const bodyRef = useRef<HTMLDivElement>(null);
  const pager = usePager(state, ctl, bodyRef);
  const ready = state.chapterPhase === 'ready' && content !== null;
  const markedHere = pager.here.length > 0;
  const fraction = content ? bookFraction(detail, content, state.place ?? { span: 0, offset: 0 }) : 0;
  const night = settings.theme === NIGHT_THEME;
  const chapterTitle = content?.chapter.title ?? detail?.chapters.find((c) => c.id === state.chapterId)?.title ?? '';
  const chapterCount = detail?.chapters.length ?? 0;

  useEffect(() => {
    if (state.chapterPhase === 'locked' || state.chapterPhase === 'error') setToolbar(true);
  }, [state.chapterPhase]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (panel || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowRight' || e.key === 'PageDown') pager.turn(1);
      else if (e.key === 'ArrowLeft' || e.key === 'PageUp') pager.turn(-1);
      else if (e.key === 'Escape') setToolbar(false);
    };
    globalThis.addEventListener?.('keydown', onKey);
    return () => globalThis.removeEventListener?.('keydown', onKey);
  }, [panel, pager.turn]);

  const close = () => setPanel(null);
  const open = (p: Panel) => {
    setPanel(p);
    setToolbar(false);
  };
  const toggleMark = () => {
    if (markedHere) for (const m of pager.here) void ctl.removeMark(m);
    else void ctl.addMark();
  };
  const onTap = (zone: 'prev' | 'next' | 'menu') => {
    if (toolbar) return setToolbar(false);
    if (zone === 'menu' || settings.mode === 'scroll') return setToolbar(true);
    pager.turn(zone === 'next' ? 1 : -1);
  };

  const style = { '--er-font': `${settings.fontSize}px`, '--er-lh': String(settings.lineHeight) } as CSSProperties;

  return (
    <section
      className={`ebook-reader er-theme-${settings.theme} er-mode-${settings.mode}${toolbar ? ' er-toolbar-on' : ''}`}
      style={style}
      data-testid="ebook-reader"
      data-phase={state.phase}
      data-chapter-phase={state.chapterPhase}
      data-chapter-id={state.chapterId || undefined}
      data-anchor={state.place ? `${state.place.span}:${state.place.offset}` : undefined}
      data-page={settings.mode === 'page' && ready ? pager.page : undefined}
      data-pages={settings.mode === 'page' && ready ? pager.count : undefined}
      data-mode={settings.mode}
      data-theme={settings.theme}
      data-font-size={pager.fontSize}
      data-marked={markedHere ? '1' : undefined}
    >
      <header className="er-status">
        <span className="er-status-title">{chapterTitle || detail?.name || ''}</span>
        {state.offline ? (
          <span className="er-offline" data-testid="er-offline">
            <CloudOffIcon />
            {t.offline}
          </span>
        ) : null}
      </header>

      <div className="er-body" ref={bodyRef} onClick={ready ? undefined : () => setToolbar((v) => !v)}>
        {state.phase === 'error' ? (
          <StatePanel icon={<AlertIcon />} text={state.message} actions={[{ label: t.retry, onClick: () => ctl.retry(), primary: true }]} />
        ) : state.phase === 'loading' || state.chapterPhase === 'loading' || state.chapterPhase === 'idle' ? (
          <div className="er-loading" role="status" aria-label={t.loading}>
            <span className="er-spinner" />
          </div>
        ) : state.chapterPhase === 'locked' ? (
          <StatePanel
            testId="er-locked"
            icon={<LockIcon size={30} />}
            title={chapterTitle}
            text={state.chapterMessage || t.locked}
            actions={[
              { label: t.buy, onClick: onBuy, primary: true, testId: 'er-buy' },
              { label: t.openToc, onClick: () => open('toc') },
            ]}
          />
        ) : state.chapterPhase === 'error' ? (
          <StatePanel
            testId="er-error"
            icon={<AlertIcon />}
            title={chapterTitle}
            text={state.chapterMessage}
            actions={[
              { label: t.retry, onClick: () => ctl.retry(), primary: true },
              { label: t.openToc, onClick: () => open('toc') },
            ]}
          />
        ) : content ? (
          <ChapterText state={state} settings={settings} pager={pager} onTap={onTap} ctl={ctl} />
        ) : null}
      </div>
      {ready && markedHere ? <span className="er-ribbon" data-testid="er-ribbon" aria-hidden="true" /> : null}

      <footer className="er-foot">
        <span>
          {ready
            ? settings.mode === 'page'
              ? t.pageOf(pager.page + 1, pager.count)
              : t.chapterPercent(Math.round(pager.share * 100))
            : chapterCount
              ? t.chapters(chapterCount)
              : ''}
        </span>
        <span data-testid="er-percent">{ready ? t.progress(percent(fraction)) : ''}</span>
      </footer>

      {toolbar ? (
        <>
          <div className="er-bar er-bar-top">
            <button type="button" className="er-icon-btn" aria-label={t.back} data-testid="er-back" onClick={onBack}>
              <BackIcon />
            </button>
            <span className="er-bar-title">{detail?.name ?? ''}</span>
            <button
              type="button"
              className={`er-icon-btn er-mark-toggle${markedHere ? ' er-on' : ''}`}
              aria-label={markedHere ? t.removeMark : t.addMark}
              aria-pressed={markedHere}
              data-testid="er-mark-toggle"
              disabled={!ready}
              onClick={toggleMark}
            >
              <BookmarkIcon filled={markedHere} />
            </button>
          </div>
          <div className="er-bar er-bar-bottom">
            <div className="er-progress-row">
              <button
                type="button"
                className="er-text-btn"
                data-testid="er-prev-chapter"
                disabled={!ctl.neighbour(-1)}
                onClick={() => ctl.prevChapter()}
              >
                {t.prevChapter}
              </button>
              <input
                type="range"
                className="er-slider"
                aria-label={t.chapterProgress}
                min={0}
                max={settings.mode === 'page' ? Math.max(0, pager.count - 1) : 1000}
                value={settings.mode === 'page' ? pager.page : Math.round(pager.share * 1000)}
                disabled={!ready}
                onChange={(e) => pager.seek(Number(e.currentTarget.value))}
              />
              <button
                type="button"
                className="er-text-btn"
                data-testid="er-next-chapter"
                disabled={!ctl.neighbour(1)}
                onClick={() => ctl.nextChapter()}
              >
                {t.nextChapter}
              </button>
            </div>
            <div className="er-tools">
              <ToolButton label={t.toc} testId="er-open-toc" icon={<TocIcon />} onClick={() => open('toc')} />
              <ToolButton label={t.bookmarks} testId="er-open-marks" icon={<MarksListIcon />} onClick={() => open('marks')} />
              <ToolButton
                label={night ? t.day : t.night}
                testId="er-night"
                icon={night ? <SunIcon /> : <MoonIcon />}
                onClick={() => ctl.setSettings({ theme: night ? settings.dayTheme : NIGHT_THEME })}
              />
              <ToolButton label={t.settings} testId="er-open-settings" icon={<SettingsIcon />} onClick={() => open('settings')} />
            </div>
          </div>
        </>
      ) : null}

      {panel ? <button type="button" className="er-backdrop" aria-label={t.close} onClick={close} /> : null}
      {panel === 'toc' && detail ? (
        <TocDrawer
          detail={detail}
          chapterId={state.chapterId}
          cached={state.cached}
          download={state.download}
          onPick={(id) => {
            close();
            // The chapter's start (the chapter shown now too: no reload, just the jump).
            if (id === state.chapterId && state.chapterPhase === 'ready') ctl.jumpTo(id, { span: 0, offset: 0 });
            else void ctl.openChapter(id);
          }}
          onDownload={() => ctl.download()}
          onClose={close}
        />
      ) : null}
      {panel === 'marks' ? (
        <MarksDrawer
          marks={state.marks}
          onPick={(m) => {
            close();
            ctl.jumpTo(m.chapterId, { span: m.span, offset: m.offset });
          }}
          onRemove={(m) => void ctl.removeMark(m)}
          onClose={close}
        />
      ) : null}
      {panel === 'settings' ? <SettingsSheet settings={settings} onChange={(c) => ctl.setSettings(c)} /> : null}
    </section>
  );
}

function ToolButton({ label, icon, testId, onClick }: { label: string; icon: ReactNode; testId: string; onClick(): void }) {
  return (
    <button type="button" className="er-tool" data-testid={testId} onClick={onClick}>
      {icon}
      <span>{label}</span>
    </button>
  );
}

interface PanelAction {
  label: string;
  onClick(): void;
  primary?: boolean;
  testId?: string;
}

function StatePanel({
  icon,
  title,
  text,
  actions,
  testId,
}: {
  icon: ReactNode;
  title?: string;
  text: string;
  actions: PanelAction[];
  testId?: string;
}) {
  return (
    <div className="er-state" data-testid={testId}>
      <span className="er-state-icon">{icon}</span>
      {title ? <h2 className="er-state-title">{title}</h2> : null}
      <p className="er-state-text">{text}</p>
      <div className="er-state-actions">
        {actions.map((a) => (
          <button
            key={a.label}
            type="button"
            className={a.primary ? 'er-btn er-btn-primary' : 'er-btn'}
            data-testid={a.testId}
            onClick={(e) => {
              e.stopPropagation();
              a.onClick();
            }}
          >
            {a.label}
          </button>
        ))}
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The text and its layout

interface Pager {
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
function usePager(state: ReaderState, ctl: ReaderController, bodyRef: RefObject<HTMLDivElement | null>): Pager {
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

/**
 * The spans as elements, rendered again only for another chapter (a settings change is a CSS variable of the reader:
 * none of the spans changes). Staged layouts add and remove the class `er-wait` on them (React sets no class here).
 */
const Spans = memo(function Spans({ spans }: { spans: Chapter['spans'] }) {
  return (
    <>
      {spans.map((s) =>
        s.kind === 'h' ? (
          <h3 key={s.index} data-span={s.index}>
            {s.text}
          </h3>
        ) : (
          <p key={s.index} data-span={s.index}>
            {s.text}
          </p>
        ),
      )}
    </>
  );
});

interface ChapterTextProps {
  state: ReaderState;
  settings: ReaderSettings;
  pager: Pager;
  ctl: ReaderController;
  onTap(zone: 'prev' | 'next' | 'menu'): void;
}

/** The chapter's spans: `<p data-span>` (or `<h3>` for a subheading), the text as the element's only child. */
function ChapterText({ state, settings, pager, ctl, onTap }: ChapterTextProps) {
  const content = state.content;
  const touch = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  if (!content) return null;

  const spans = <Spans spans={content.spans} />;
  const title = <h2 className="er-chapter-title">{content.chapter.title}</h2>;

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (swiped.current) {
      swiped.current = false;
      return;
    }
    if (selecting()) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - rect.left;
    onTap(x < rect.width / 3 ? 'prev' : x > (rect.width * 2) / 3 ? 'next' : 'menu');
  };
  const onTouchStart = (e: TouchEvent) => {
    const p = e.touches[0];
    touch.current = p && e.touches.length === 1 ? { x: p.clientX, y: p.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touch.current;
    touch.current = null;
    const p = e.changedTouches[0];
    if (!start || !p || settings.mode !== 'page' || selecting()) return;
    const dx = p.clientX - start.x;
    const dy = p.clientY - start.y;
    if (Math.abs(dx) < SWIPE_THRESHOLD || Math.abs(dx) <= Math.abs(dy)) return;
    swiped.current = true;
    setTimeout(() => {
      swiped.current = false;
    }, 400);
    pager.turn(dx < 0 ? 1 : -1);
  };

  if (settings.mode === 'scroll') {
    return (
      <div className={`er-scroller${pager.hold ? ' er-hold' : ''}`} ref={pager.scrollerRef} onScroll={pager.onScroll} onClick={onClick}>
        <div className="er-flow er-flow-scroll" ref={pager.flowRef}>
          {title}
          {spans}
        </div>
        <div className="er-chapter-end">
          <button
            type="button"
            className="er-btn"
            disabled={!ctl.neighbour(-1)}
            onClick={(e) => {
              e.stopPropagation();
              ctl.prevChapter();
            }}
          >
            {t.prevChapter}
          </button>
          <button
            type="button"
            className="er-btn er-btn-primary"
            data-testid="er-scroll-next"
            disabled={!ctl.neighbour(1)}
            onClick={(e) => {
              e.stopPropagation();
              ctl.nextChapter();
            }}
          >
            {t.nextChapter}
          </button>
        </div>
      </div>
    );
  }

  const columnWidth = Math.max(0, pager.width - PAGE_PAD * 2);
  const style: CSSProperties = {
    width: columnWidth,
    height: pager.height,
    marginLeft: PAGE_PAD,
    columnWidth,
    columnGap: PAGE_PAD * 2,
    transform: `translate3d(${-pager.page * pager.width}px, 0, 0)`,
  };
  return (
    <div className={`er-pages${pager.hold ? ' er-hold' : ''}`} onClick={onClick} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
      <div className={`er-flow er-columns${pager.animate ? ' er-animate' : ''}`} ref={pager.flowRef} style={style}>
        {title}
        {spans}
      </div>
    </div>
  );
}
