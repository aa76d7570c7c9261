import { CODE } from '../../contract/envelope';
import { ebookReader as t } from '../../i18n/zh-CN/ebook-reader';
import { isMissing, userMessage } from '../../runtime/block-api';
import type { ReaderState } from './reader-state';

/**
 * What the reader shows when a chapter's reply is not its content, and whether the copy kept on the device goes:
 * refused (403: locked, the copy goes too), no network (the copy, if any, stays on screen; else locked or 需联网),
 * missing or another refusal (the one not-found message without 重试 for a missing chapter; the copy goes).
 */
export function refusedChapter(
  res: { status: number; code: number; msg: string },
  has: { copy: boolean; lockedInToc: boolean },
): { state: Partial<ReaderState>; forgetCopy: boolean } {
  const cleared = { content: null, place: null, target: null } as const;
  if (res.code === CODE.forbidden) {
    return { state: { ...cleared, chapterPhase: 'locked', chapterMessage: res.msg || t.locked }, forgetCopy: true };
  }
  if (res.status === -1) {
    if (has.copy) return { state: { offline: true }, forgetCopy: false };
    const locked = has.lockedInToc;
    return {
      state: { offline: true, chapterPhase: locked ? 'locked' : 'error', chapterMessage: locked ? t.locked : t.offlineNotCached },
      forgetCopy: false,
    };
  }
  const missing = isMissing(res.code);
  return {
    state: { ...cleared, chapterPhase: 'error', chapterMessage: missing ? t.chapterMissing : userMessage(res), chapterMissing: missing },
    forgetCopy: has.copy,
  };
}
