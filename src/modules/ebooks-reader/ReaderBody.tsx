/** What the reader's body shows for the book's and the chapter's phase: a spinner, a message or the chapter's text. */
import { money } from '../../format/time';
import { ebookReader as t } from '../../i18n/zh-CN/ebook-reader';
import { NotFoundScreen } from '../../runtime/block-api';
import { AlertIcon, LockIcon } from '../../runtime/icons';
import { ChapterText } from './ChapterText';
import type { ReaderController } from './controller';
import type { Pager } from './pager';
import type { ReaderState } from './reader-state';
import { StatePanel } from './StatePanel';

export interface ReaderBodyProps {
  state: ReaderState;
  ctl: ReaderController;
  pager: Pager;
  chapterTitle: string;
  onTap(zone: 'prev' | 'next' | 'menu'): void;
  onBuy(): void;
  onOpenToc(): void;
}

export function ReaderBody({ state, ctl, pager, chapterTitle, onTap, onBuy, onOpenToc }: ReaderBodyProps) {
  if (state.phase === 'error' && state.missing)
    return (
      <div className="not-found-fill">
        <NotFoundScreen title={t.missingTitle} text={t.missingText} linkText={t.otherBooks} linkTo="/ebook/list/all" />
      </div>
    );
  if (state.phase === 'error')
    return (
      <StatePanel icon={<AlertIcon />} text={state.message} actions={[{ label: t.retry, onClick: () => ctl.retry(), primary: true }]} />
    );
  if (state.phase === 'loading' || state.chapterPhase === 'loading' || state.chapterPhase === 'idle')
    return (
      <div className="er-loading" role="status" aria-label={t.loading}>
        <span className="er-spinner" />
      </div>
    );
  if (state.chapterPhase === 'locked') {
    // The book's price is what its good sells it for (the server's e-book detail): a 0-yuan promotion is 免费领取,
    // with no price beside it; a paid book names its price, as its detail page and the mall do.
    const price = state.detail && state.detail.is_free === 0 ? state.detail.price : null;
    const claim = price === 0;
    return (
      <StatePanel
        testId="er-locked"
        icon={<LockIcon size={30} strokeWidth={1.8} />}
        title={chapterTitle}
        text={claim ? t.lockedFree : state.chapterMessage || t.locked}
        actions={[
          { label: claim ? t.claim : price ? t.buyAt(money(price)) : t.buy, onClick: onBuy, primary: true, testId: 'er-buy' },
          { label: t.openToc, onClick: onOpenToc },
        ]}
      />
    );
  }
  if (state.chapterPhase === 'error')
    return (
      <StatePanel
        testId="er-error"
        icon={<AlertIcon />}
        title={chapterTitle}
        text={state.chapterMessage}
        actions={
          state.chapterMissing
            ? [{ label: t.openToc, onClick: onOpenToc, primary: true }]
            : [
                { label: t.retry, onClick: () => ctl.retry(), primary: true },
                { label: t.openToc, onClick: onOpenToc },
              ]
        }
      />
    );
  return state.content ? <ChapterText state={state} settings={state.settings} pager={pager} onTap={onTap} ctl={ctl} /> : null;
}
