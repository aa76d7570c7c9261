/** The toolbar shown on a tap in the middle: back and the bookmark toggle on top; chapters, progress and tools below. */
import type { ReactNode } from 'react';
import { ebookReader as t } from '../../i18n/zh-CN/ebook-reader';
import { BackIcon, BookmarkIcon, FontIcon, MarksListIcon, MoonIcon, SunIcon, TocIcon } from '../../runtime/icons';
import type { ReaderController } from './controller';
import type { Pager } from './pager';
import type { ReaderState } from './reader-state';
import { NIGHT_THEME } from './settings';

export interface ReaderToolbarProps {
  state: ReaderState;
  ctl: ReaderController;
  pager: Pager;
  ready: boolean;
  markedHere: boolean;
  onBack(): void;
  onToggleMark(): void;
  onOpen(panel: 'toc' | 'marks' | 'settings'): void;
}

export function ReaderToolbar({ state, ctl, pager, ready, markedHere, onBack, onToggleMark, onOpen }: ReaderToolbarProps) {
  const { settings, detail } = state;
  const night = settings.theme === NIGHT_THEME;
  return (
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
          onClick={onToggleMark}
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
          <ToolButton label={t.toc} testId="er-open-toc" icon={<TocIcon />} onClick={() => onOpen('toc')} />
          <ToolButton label={t.bookmarks} testId="er-open-marks" icon={<MarksListIcon />} onClick={() => onOpen('marks')} />
          <ToolButton
            label={night ? t.day : t.night}
            testId="er-night"
            icon={night ? <SunIcon /> : <MoonIcon />}
            onClick={() => ctl.setSettings({ theme: night ? settings.dayTheme : NIGHT_THEME })}
          />
          <ToolButton label={t.settings} testId="er-open-settings" icon={<FontIcon />} onClick={() => onOpen('settings')} />
        </div>
      </div>
    </>
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
