/**
 * The course player's state as the page sees it, what it depends on, and where it starts: the course's default video
 * and the stored playback speed.
 */
import type { CatalogVideo } from '../../contract/courses';
import type { Env, OutputOfId } from '../../runtime/block-api';
import type { PageEvents } from '../shared/page-events';
import type { attachSource, HlsClass } from './source';

export const RATES = [0.75, 1, 1.25, 1.5, 2] as const;
/** env.storage key of the chosen playback speed (shared by every player). */
export const RATE_KEY = 'videoPlayer.rate';

export type PlayInfo = OutputOfId<'course.play_info'>;
type Catalog = OutputOfId<'course.catalog'>;

export type Phase = 'idle' | 'loading' | 'login' | 'locked' | 'empty' | 'error' | 'ready';

export interface PlayerState {
  phase: Phase;
  /** Text of the locked, empty and error states. */
  message: string;
  courseId: number;
  videoId: number;
  title: string;
  /** Seconds (course videos: from play_info). */
  duration: number;
  /** Where playback starts (seconds): the user's last position. */
  resumeAt: number;
  /** Playback was asked for: the source is attached and the native controls show. */
  started: boolean;
  /** Waiting for data after play was asked for (a spinner shows). */
  waiting: boolean;
  rate: number;
}

export type { PageEvents };

export interface PlayerDeps {
  env: Env;
  /** The player moved to another video by itself (the course's default, the next one): the page's state follows. */
  onVideoChange?(videoId: number): void;
  /** The server took a progress report: the video's and the course's progress as they are now. */
  onProgress?(result: OutputOfId<'course.progress_report'>): void;
  loadHls?: () => Promise<HlsClass>;
  attach?: typeof attachSource;
  events?: PageEvents;
}

/** The course's video to start with: the last one watched if it is open, else the first open one, else the first. */
export function defaultVideo(catalog: Pick<Catalog, 'chapters' | 'last_video_id'>): number {
  const videos: CatalogVideo[] = catalog.chapters.flatMap((c) => c.videos);
  const last = videos.find((v) => v.id === catalog.last_video_id && !v.locked);
  return (last ?? videos.find((v) => !v.locked) ?? videos[0])?.id ?? 0;
}

/** A speed from storage, or 1 when it is not one of RATES. */
export function storedRate(env: Env): number {
  const r = Number(env.storage.get(RATE_KEY));
  return (RATES as readonly number[]).includes(r) ? r : 1;
}
