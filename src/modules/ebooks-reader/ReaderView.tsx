/**
 * The reader's screen for a state (rendered on the server in tests: no layout runs there): the status line, the body
 * (ReaderBody), the footer with the page and the book's progress, the toolbar (ReaderToolbar) and the open panel
 * (ReaderPanels). It owns what only the screen knows: whether the toolbar shows, which panel is open, the keys.
 */
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { ebookReader as t } from '../../i18n/zh-CN/ebook-reader';
import { CloudOffIcon } from '../../runtime/icons';
import { bookFraction } from './book-fraction';
import type { ReaderController } from './controller';
import { usePager } from './pager';
import { percent } from './panels';
import { ReaderBody } from './ReaderBody';
import { type Panel, ReaderPanels } from './ReaderPanels';
import { ReaderToolbar } from './ReaderToolbar';
import type { ReaderState } from './reader-state';

export interface ReaderViewProps {
  state: ReaderState;
  ctl: ReaderController;
  onBack(): void;
  onBuy(): void;
  /** Tests: open with the toolbar or a panel showing. */
  initialPanel?: Panel;
  initialToolbar?: boolean;
}

export function ReaderView({ state, ctl, onBack, onBuy, initialPanel = null, initialToolbar = false }: ReaderViewProps) {
  const { settings, content, detail } = state;
  const [toolbar, setToolbar] = useState(initialToolbar);
  const [panel, setPanel] = useState<Panel>(initialPanel);
  const bodyRef = useRef<HTMLDivElement>(null);
  const pager = usePager(state, ctl, bodyRef);
  const ready = state.chapterPhase === 'ready' && content !== null;
  const markedHere = pager.here.length > 0;
  const fraction = content ? bookFraction(detail, content, state.place ?? { span: 0, offset: 0 }) : 0;
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
        <ReaderBody
          state={state}
          ctl={ctl}
          pager={pager}
          chapterTitle={chapterTitle}
          onTap={onTap}
          onBuy={onBuy}
          onOpenToc={() => open('toc')}
        />
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
        <ReaderToolbar
          state={state}
          ctl={ctl}
          pager={pager}
          ready={ready}
          markedHere={markedHere}
          onBack={onBack}
          onToggleMark={toggleMark}
          onOpen={open}
        />
      ) : null}

      <ReaderPanels panel={panel} state={state} ctl={ctl} onClose={() => setPanel(null)} />
    </section>
  );
}
