/** The open panel over the reader (table of contents, bookmarks or settings) and the backdrop that closes it. */
import { ebookReader as t } from '../../i18n/zh-CN/ebook-reader';
import type { ReaderController } from './controller';
import { MarksDrawer, SettingsSheet, TocDrawer } from './panels';
import type { ReaderState } from './reader-state';

export type Panel = null | 'toc' | 'marks' | 'settings';

export function ReaderPanels({ panel, state, ctl, onClose }: { panel: Panel; state: ReaderState; ctl: ReaderController; onClose(): void }) {
  const { detail, settings } = state;
  return (
    <>
      {panel ? <button type="button" className="er-backdrop" aria-label={t.close} onClick={onClose} /> : null}
      {panel === 'toc' && detail ? (
        <TocDrawer
          detail={detail}
          chapterId={state.chapterId}
          cached={state.cached}
          download={state.download}
          onPick={(id) => {
            onClose();
            // The chapter's start (the chapter shown now too: no reload, just the jump).
            if (id === state.chapterId && state.chapterPhase === 'ready') ctl.jumpTo(id, { span: 0, offset: 0 });
            else void ctl.openChapter(id);
          }}
          onDownload={() => ctl.download()}
          onClose={onClose}
        />
      ) : null}
      {panel === 'marks' ? (
        <MarksDrawer
          marks={state.marks}
          onPick={(m) => {
            onClose();
            ctl.jumpTo(m.chapterId, { span: m.span, offset: m.offset });
          }}
          onRemove={(m) => void ctl.removeMark(m)}
          onClose={onClose}
        />
      ) : null}
      {panel === 'settings' ? <SettingsSheet settings={settings} onChange={(c) => ctl.setSettings(c)} /> : null}
    </>
  );
}
