/**
 * The chapter's text: its spans as paragraphs, paginated (CSS columns one viewport wide, translateX to turn) or
 * scrolling, with the tap zones (previous page, menu, next page) and the swipe that turns a page.
 */
import { type CSSProperties, type MouseEvent, memo, type TouchEvent, useRef } from 'react';
import { ebookReader as t } from '../../i18n/zh-CN/ebook-reader';
import type { ReaderController } from './controller';
import type { Chapter } from './offline';
import type { Pager } from './pager';
import type { ReaderState } from './reader-state';
import type { ReaderSettings } from './settings';

/** Spec §9: a horizontal swipe of at least 50 px turns the page. */
export const SWIPE_THRESHOLD = 50;
/** Horizontal padding of a page; pages are one viewport width apart (column width + a gap of twice this). */
const PAGE_PAD = 22;

/** Text is selected: swiping must not turn the page (the user is extending a selection). */
function selecting(): boolean {
  const sel = globalThis.getSelection?.();
  return !!sel && !sel.isCollapsed;
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
          <p key={s.index} data-span={s.index} className={s.kind === 'p' ? undefined : `er-${s.kind}`}>
            {s.text}
          </p>
        ),
      )}
    </>
  );
});

export interface ChapterTextProps {
  state: ReaderState;
  settings: ReaderSettings;
  pager: Pager;
  ctl: ReaderController;
  onTap(zone: 'prev' | 'next' | 'menu'): void;
}

/** The chapter's spans: `<p data-span>` (list items with a class; `<h3>` for a subheading), the text as the element's only child. */
export function ChapterText({ state, settings, pager, ctl, onTap }: ChapterTextProps) {
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
