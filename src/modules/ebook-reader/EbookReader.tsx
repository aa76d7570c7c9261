import {
  type CSSProperties,
  type MouseEvent,
  memo,
  type ReactNode,
  type TouchEvent,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { BlockProps } from '../../runtime/block-api';
import { openGoodFor } from '../shared/buy';
import { bookFraction, ReaderController, type ReaderState } from './controller';
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
import type { Chapter } from './offline';
import { type Pager, usePager } from './pager';
import { MarksDrawer, percent, SettingsSheet, TocDrawer } from './panels';
import type { EbookReaderProps } from './props.gen';
import { NIGHT_THEME, type ReaderSettings } from './settings';
import './ebook-reader.css';
import { ebookReader } from '../../i18n/zh-CN/ebook-reader';

const t = ebookReader;

/** Spec §9: a horizontal swipe of at least 50 px turns the page. */
export const SWIPE_THRESHOLD = 50;
/** Horizontal padding of a page; pages are one viewport width apart (column width + a gap of twice this). */
const PAGE_PAD = 22;

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
  return <ReaderView state={state} ctl={ctl} onBack={onBack} onBuy={() => void openGoodFor(env, 'ebook', state.ebookId || ebookId)} />;
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
