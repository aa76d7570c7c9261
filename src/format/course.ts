/** Display rules of courses (spec §3 course list item and bought course, §9): tags, live timing, action labels. */
import { i18n } from '../i18n';

const t = i18n.course;

/** The list item's tag: recommended-study if recommended, else live course if live, else none. */
export function courseTag(item: { is_recommend?: unknown; is_live?: unknown }): string {
  if (Number(item.is_recommend) === 1) return t.tagRecommended;
  if (Number(item.is_live) === 1) return t.tagLive;
  return '';
}

/** Seconds left until a live session starts (0 once it has started). */
export function liveRemaining(startSeconds: number, nowMs = Date.now()): number {
  return Math.max(0, Math.floor(startSeconds - nowMs / 1000));
}

export type LiveStatus = 'upcoming' | 'live' | 'ended';

export function liveStatus(startSeconds: number, endSeconds: number, nowMs = Date.now()): LiveStatus {
  const now = nowMs / 1000;
  if (now < startSeconds) return 'upcoming';
  return now < endSeconds ? 'live' : 'ended';
}

/** 直播 label of a session: 未开始 (with when), 直播中, 已结束 / 看回放. */
export function liveStatusText(status: LiveStatus, hasPlayback: boolean): string {
  if (status === 'upcoming') return t.liveUpcoming;
  if (status === 'live') return t.liveNow;
  return hasPlayback ? t.livePlayback : t.liveEnded;
}

export interface ProgressLike {
  is_finish?: unknown;
  percent?: unknown;
  last_video_id?: unknown;
  learned_seconds?: unknown;
}

export type StudyState = 'studied' | 'studying' | 'not_studied';

/** Bought course: studied if finished, studying if progress exists, not studied otherwise. */
export function studyState(progress: ProgressLike | null | undefined): StudyState {
  if (!progress) return 'not_studied';
  if (Number(progress.is_finish) === 1) return 'studied';
  const started = Number(progress.percent) > 0 || Number(progress.last_video_id) > 0 || Number(progress.learned_seconds) > 0;
  return started ? 'studying' : 'not_studied';
}

/** The bought course's action label. */
export function studyAction(progress: ProgressLike | null | undefined): string {
  return t.studyAction[studyState(progress)];
}

/** Clock time of a video position: m:ss, or h:mm:ss from an hour. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A live start time as the calendar shows it: HH:MM (China time). */
export function liveClockTime(startSeconds: number): string {
  const d = new Date((startSeconds + 8 * 3600) * 1000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/** The China calendar day of unix seconds, as a day number (days since 1970-01-01 in UTC+8). */
function chinaDay(seconds: number): number {
  return Math.floor((seconds + 8 * 3600) / 86400);
}

/** A live start as lists show it (China time): 今天 20:00, 明天 20:00, 5月20日 20:00. */
export function liveStartText(startSeconds: number, nowMs = Date.now()): string {
  const days = chinaDay(startSeconds) - chinaDay(Math.floor(nowMs / 1000));
  const time = liveClockTime(startSeconds);
  if (days === 0) return `${t.today} ${time}`;
  if (days === 1) return `${t.tomorrow} ${time}`;
  const d = new Date((startSeconds + 8 * 3600) * 1000);
  return `${t.monthDay(d.getUTCMonth() + 1, d.getUTCDate())} ${time}`;
}

/** The live status of a course item from its start and end times (upcoming when the times are missing). */
export function liveStatusOf(item: { live_start_time?: unknown; live_end_time?: unknown }, nowMs = Date.now()): LiveStatus {
  const start = Number(item.live_start_time) || 0;
  const end = Number(item.live_end_time) || start;
  return start > 0 ? liveStatus(start, end, nowMs) : 'upcoming';
}
