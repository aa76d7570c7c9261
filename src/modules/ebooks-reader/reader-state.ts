/**
 * The reader's state, shared by the controller and the parts it coordinates (bookmarks, reading reports), and the
 * seam they reach it through. Kept apart so that those parts and the view import the shape without the controller.
 */
import type { Env } from '../../runtime/block-api';
import type { DownloadProgress } from './download';
import type { Place } from './layout';
import type { Chapter, Detail } from './offline';
import type { ReaderSettings } from './settings';

export interface Mark {
  /** Stable list key: `b<id>` once the server has it, the client id while pending. */
  key: string;
  /** 0 while the add waits in the outbox. */
  id: number;
  clientId: string;
  chapterId: number;
  chapterTitle: string;
  span: number;
  offset: number;
  preview: string;
  fraction: number;
  pending: boolean;
}

/** Where the view has to go after its next layout: a place, or the last page of the chapter (coming back from the next one). */
export type Target = { seq: number } & (Place | { edge: 'end' });

export type ChapterPhase = 'idle' | 'loading' | 'ready' | 'locked' | 'error';

export interface ReaderState {
  ebookId: number;
  /** The book (its detail): loading, ready, or error (message). */
  phase: 'loading' | 'ready' | 'error';
  message: string;
  /** The book is not there (4004, or a bad id 4000): the not-found screen with a way back, no 重试. */
  missing: boolean;
  detail: Detail | null;
  chapterId: number;
  chapterPhase: ChapterPhase;
  /** The refusal (locked) or the failure (error). */
  chapterMessage: string;
  /** The chapter is not in the book (4004 or 4000): the error offers the table of contents, not 重试. */
  chapterMissing: boolean;
  content: Chapter | null;
  target: Target | null;
  /** The place shown now (in `content`'s chapter). */
  place: Place | null;
  settings: ReaderSettings;
  marks: Mark[];
  /** The last request failed for the network: the reader works from the device. */
  offline: boolean;
  /** Ids of the book's chapters kept on the device. */
  cached: number[];
  download: DownloadProgress | null;
}

/** What a part of the reader gets from the controller: the environment, the state and a way to change it. */
export interface ReaderHost {
  readonly env: Env;
  get(): ReaderState;
  set(change: Partial<ReaderState>): void;
  /** A write stays in the outbox: try again later (and show the reader as offline). */
  kept(): void;
}
