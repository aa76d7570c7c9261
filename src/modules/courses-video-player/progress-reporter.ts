/**
 * Progress reports of the course player: `course.progress_report` with the position in whole seconds and the
 * client's time, through env.beacon (keepalive: it survives the page closing and shows no loading overlay), every
 * REPORT_INTERVAL_MS while playing and at pause, hide, leave and end. The same position twice in a row is sent once
 * (except the end).
 */
import type { Env, OutputOfId } from '../../runtime/block-api';
import type { MediaLike } from './source';

export const REPORT_INTERVAL_MS = 15000;

export type ReportKind = 'tick' | 'pause' | 'ended' | 'hide' | 'leave';

export class ProgressReporter {
  private last = { videoId: 0, position: -1 };
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly env: Env) {}

  /** Reports every REPORT_INTERVAL_MS while `playing()` says so (a new start replaces the old timer). */
  start(tick: () => void): void {
    this.stop();
    this.timer = setInterval(tick, REPORT_INTERVAL_MS);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Sends where `media` is in the video `info` describes. */
  report(kind: ReportKind, info: OutputOfId<'course.play_info'>, media: MediaLike): void {
    const raw = kind === 'ended' ? info.duration || media.duration : media.currentTime;
    if (!Number.isFinite(raw) || raw < 0) return;
    const position = Math.floor(raw);
    if (kind !== 'ended' && this.last.videoId === info.video_id && this.last.position === position) return;
    this.last = { videoId: info.video_id, position };
    void this.env.beacon('course.progress_report', {
      course_id: info.course_id,
      video_id: info.video_id,
      duration: position,
      at: Date.now(),
    });
  }
}
