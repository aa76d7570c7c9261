/**
 * The e-book reader block: full screen, the chapter's anchored spans as paragraphs, paginated or scrolling; toolbar,
 * table of contents, bookmarks, settings. This file binds the controller (controller.ts) to the route's props and the
 * screen (ReaderView.tsx).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { BlockProps } from '../../runtime/block-api';
import { openGoodFor } from '../shared/buy';
import { ReaderController } from './controller';
import type { EbookReaderProps } from './props.gen';
import { ReaderView } from './ReaderView';
import './ebook-reader.css';

/** A positive integer id from a prop (number, numeric string or a resolved ${…}); 0 otherwise. */
export function toId(v: unknown): number {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

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
