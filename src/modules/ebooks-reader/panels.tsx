/** The reader's drawers and sheets: table of contents (with 下载离线阅读), bookmarks, settings. Views only. */
import { useEffect, useRef } from 'react';
import { ebookReader } from '../../i18n/zh-CN/ebook-reader';
import { BookmarkIcon, CheckIcon, CloseIcon, DownloadIcon, LockIcon } from '../../runtime/icons';
import type { DownloadProgress } from './download';
import type { Detail } from './offline';
import type { Mark } from './reader-state';
import { FONT_MAX, FONT_MIN, LINE_HEIGHTS, type ReaderSettings, THEMES } from './settings';

const t = ebookReader;

/** 12.3% (whole-book fractions: one decimal; 0% and 100% without). */
export function percent(fraction: number): string {
  const p = Math.min(100, Math.max(0, fraction * 100));
  return p === 0 || p === 100 ? `${p}%` : `${p.toFixed(1)}%`;
}

function DrawerHead({ title, sub, onClose }: { title: string; sub?: string; onClose(): void }) {
  return (
    <div className="er-drawer-head">
      <div className="er-drawer-titles">
        <h2 className="er-drawer-title">{title}</h2>
        {sub ? <p className="er-drawer-sub">{sub}</p> : null}
      </div>
      <button type="button" className="er-icon-btn" aria-label={t.close} onClick={onClose}>
        <CloseIcon />
      </button>
    </div>
  );
}

export interface TocProps {
  detail: Detail;
  chapterId: number;
  cached: readonly number[];
  download: DownloadProgress | null;
  onPick(chapterId: number): void;
  onDownload(): void;
  onClose(): void;
}

export function TocDrawer({ detail, chapterId, cached, download, onPick, onDownload, onClose }: TocProps) {
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    listRef.current?.querySelector('[aria-current="true"]')?.scrollIntoView?.({ block: 'center' });
  }, []);
  const running = download?.status === 'running';
  const readable = detail.chapters.filter((c) => c.locked === 0);
  const allKept = readable.length > 0 && readable.every((c) => cached.includes(c.id));
  const share = download && download.total > 0 ? download.done / download.total : 0;
  return (
    <div className="er-drawer er-drawer-left" role="dialog" aria-modal="true" aria-label={t.toc} data-testid="er-toc-drawer">
      <DrawerHead
        title={detail.name}
        sub={`${detail.author ? `${detail.author} · ` : ''}${t.chapters(detail.chapters.length)}`}
        onClose={onClose}
      />
      <div className="er-download">
        <button type="button" className="er-download-btn" data-testid="er-download" disabled={running} onClick={onDownload}>
          {allKept && !running ? <CheckIcon size={18} /> : <DownloadIcon />}
          <span>{running ? t.downloading(download.done, download.total) : allKept ? t.downloadAgain : t.download}</span>
        </button>
        {running || download?.status === 'failed' ? (
          <div
            className="er-download-bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={download.total}
            aria-valuenow={download.done}
          >
            <span style={{ width: `${Math.round(share * 100)}%` }} />
          </div>
        ) : null}
        {download && !running && download.message ? <p className="er-download-note">{download.message}</p> : null}
      </div>
      <ol className="er-toc-list" ref={listRef}>
        {detail.chapters.map((c) => {
          const current = c.id === chapterId;
          return (
            <li key={c.id}>
              <button
                type="button"
                className={`er-toc-item${current ? ' er-current' : ''}${c.locked ? ' er-locked' : ''}`}
                aria-current={current ? 'true' : undefined}
                data-testid="er-toc-item"
                data-chapter-id={c.id}
                onClick={() => onPick(c.id)}
              >
                <span className="er-toc-title">{c.title}</span>
                <span className="er-toc-meta">
                  {current ? <span className="er-tag er-tag-current">{t.current}</span> : null}
                  {c.is_free && !current ? <span className="er-tag">{t.free}</span> : null}
                  {cached.includes(c.id) && !c.locked ? (
                    <span className="er-kept" role="img" aria-label={t.downloaded}>
                      <CheckIcon size={14} />
                    </span>
                  ) : null}
                  {c.locked ? (
                    <span className="er-lock" role="img" aria-label={t.lockedTitle}>
                      <LockIcon strokeWidth={1.8} />
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

export interface MarksProps {
  marks: readonly Mark[];
  onPick(mark: Mark): void;
  onRemove(mark: Mark): void;
  onClose(): void;
}

export function MarksDrawer({ marks, onPick, onRemove, onClose }: MarksProps) {
  return (
    <div className="er-drawer er-drawer-left" role="dialog" aria-modal="true" aria-label={t.bookmarks} data-testid="er-marks-drawer">
      <DrawerHead title={t.bookmarks} sub={marks.length ? t.markCount(marks.length) : undefined} onClose={onClose} />
      {marks.length === 0 ? (
        <div className="er-marks-empty">
          <BookmarkIcon size={40} />
          <p>{t.noMarks}</p>
          <p className="er-muted">{t.noMarksHint}</p>
        </div>
      ) : (
        <ul className="er-marks-list">
          {marks.map((m) => (
            <li key={m.key} className="er-mark" data-testid="er-mark-item" data-pending={m.pending ? '1' : undefined}>
              <button type="button" className="er-mark-open" data-testid="er-mark-open" onClick={() => onPick(m)}>
                <span className="er-mark-head">
                  <span className="er-mark-chapter">{m.chapterTitle}</span>
                  <span className="er-mark-pct">{percent(m.fraction)}</span>
                </span>
                <span className="er-mark-preview">{m.preview}</span>
                {m.pending ? <span className="er-tag er-tag-pending">{t.pending}</span> : null}
              </button>
              <button type="button" className="er-icon-btn er-mark-remove" aria-label={t.removeMark} onClick={() => onRemove(m)}>
                <CloseIcon size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export interface SettingsProps {
  settings: ReaderSettings;
  onChange(change: Partial<ReaderSettings>): void;
}

export function SettingsSheet({ settings, onChange }: SettingsProps) {
  const { fontSize } = settings;
  return (
    <div className="er-sheet" role="dialog" aria-label={t.settings} data-testid="er-settings-sheet">
      <div className="er-row">
        <span className="er-row-label">{t.fontSize}</span>
        <div className="er-stepper">
          <button
            type="button"
            className="er-step er-step-small"
            data-testid="er-font-dec"
            aria-label={t.smaller}
            disabled={fontSize <= FONT_MIN}
            onClick={() => onChange({ fontSize: fontSize - 2 })}
          >
            A
          </button>
          <output className="er-step-value" data-testid="er-font-size">
            {fontSize}
          </output>
          <button
            type="button"
            className="er-step er-step-large"
            data-testid="er-font-inc"
            aria-label={t.larger}
            disabled={fontSize >= FONT_MAX}
            onClick={() => onChange({ fontSize: fontSize + 2 })}
          >
            A
          </button>
        </div>
      </div>
      <div className="er-row">
        <span className="er-row-label">{t.lineHeight}</span>
        <div className="er-segments">
          {LINE_HEIGHTS.map((lh, i) => (
            <button
              key={lh}
              type="button"
              aria-pressed={settings.lineHeight === lh}
              className="er-segment"
              data-testid={`er-lh-${i}`}
              onClick={() => onChange({ lineHeight: lh })}
            >
              <LineHeightGlyph gap={i} />
              {t.lineHeights[i]}
            </button>
          ))}
        </div>
      </div>
      <div className="er-row">
        <span className="er-row-label">{t.theme}</span>
        <div className="er-swatches">
          {THEMES.map((th) => (
            <button
              key={th.id}
              type="button"
              aria-pressed={settings.theme === th.id}
              aria-label={t.themes[th.key]}
              className="er-swatch"
              data-testid={`er-theme-${th.id}`}
              style={{ background: th.bg, color: th.text }}
              onClick={() => onChange({ theme: th.id })}
            >
              <span className="er-swatch-text">{t.themes[th.key]}</span>
              {settings.theme === th.id ? (
                <span className="er-swatch-check">
                  <CheckIcon size={12} />
                </span>
              ) : null}
            </button>
          ))}
        </div>
      </div>
      <div className="er-row">
        <span className="er-row-label">{t.mode}</span>
        <div className="er-segments">
          {(['page', 'scroll'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={settings.mode === m}
              className="er-segment"
              data-testid={`er-mode-${m}`}
              onClick={() => onChange({ mode: m })}
            >
              {t.modes[m]}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

function LineHeightGlyph({ gap }: { gap: number }) {
  const d = 3 + gap * 1.5;
  const top = 12 - d;
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <path d={`M5 ${top}h14M5 12h14M5 ${12 + d}h14`} />
    </svg>
  );
}
