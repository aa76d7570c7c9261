/**
 * Progress reports of the course player: `course.progress_report` with the position in whole seconds and the
 * client's time, through env.beacon (keepalive: it survives the page closing and shows no loading overlay), every
 * REPORT_INTERVAL_MS while playing and at pause, hide, leave and end. The same position twice in a row is sent once
 * (except the end). What the server answers (the video's and the course's progress) goes to `onReport`, so the page's
 * 进度 and the catalogue's marks follow while the lesson plays, not only after a reload.
 */
import type { Env, OutputOfId } from '../../runtime/block-api';
import type { MediaLike } from './source';

export const REPORT_INTERVAL_MS = 15000;

export type ReportKind = 'tick' | 'pause' | 'ended' | 'hide' | 'leave';

/** The server's answer to a report: the video's progress and the course's. */
export type ReportResult = OutputOfId<'course.progress_report'>;

export class ProgressReporter {
  private last = { videoId: 0, position: -1 };
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly env: Env,
    private readonly onReport?: (result: ReportResult) => void,
  ) {}

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
    const sent = this.env.beacon('course.progress_report', {
      course_id: info.course_id,
      video_id: info.video_id,
      duration: position,
      at: Date.now(),
    });
    // A report sent as the page goes away has no page left to update.
    if (kind === 'leave' || !this.onReport) return;
    const onReport = this.onReport;
    void sent.then((res) => {
      if (res.status === 0 && res.data) onReport(res.data);
    });
  }
}
