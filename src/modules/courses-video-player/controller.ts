/**
 * The player's logic, apart from React and the DOM so that it can be tested with a fake media element: which video
 * to play, the signed URL (course.play_info), locks and login, resuming, progress reports, playback speed, a fresh URL
 * when the old one expired, and moving on to the next video.
 */
import { CODE } from '../../contract/envelope';
import { videoPlayer } from '../../i18n/zh-CN/video-player';
import { defaultEvents } from '../shared/page-events';
import {
  defaultVideo,
  type PageEvents,
  type PlayerDeps,
  type PlayerState,
  type PlayInfo,
  RATE_KEY,
  RATES,
  storedRate,
} from './player-state';
import { ProgressReporter, type ReportKind } from './progress-reporter';
import { type AttachedSource, attachSource, type HlsClass, loadHls, type MediaLike, needsHlsJs, type SourceFailure } from './source';

const t = videoPlayer;

export { defaultVideo, type PageEvents, type Phase, type PlayerState, RATE_KEY, RATES, storedRate } from './player-state';
export { REPORT_INTERVAL_MS } from './progress-reporter';

/** A fresh URL that fails again within this time is not refreshed again: the player shows the error. */
const REFRESH_GAP_MS = 10000;

export class PlayerController {
  private state: PlayerState;
  private readonly listeners = new Set<() => void>();
  private media: MediaLike | null = null;
  private attached: AttachedSource | null = null;
  private source: { url: string; expiresAt: number } | null = null;
  private info: PlayInfo | null = null;
  private mode: 'none' | 'course' | 'plain' = 'none';
  private hasLogin = false;
  private autoNext = true;
  /** Bumped whenever what is on screen changes; async results of an older value are dropped. */
  private seq = 0;
  /** The user pressed play once in this player: later videos (next, picked from the catalogue) start by themselves. */
  private userStarted = false;
  /** The page asked to play (autoplay prop): the current and later videos start by themselves. */
  private wantPlay = false;
  /** The current video has played (only then are reports sent). */
  private played = false;
  /** Between the element's 'playing' and 'pause' events (a failing element may say paused before it fires 'pause'). */
  private playingNow = false;
  private pendingSeek = 0;
  private readonly progress: ProgressReporter;
  private lastRefreshAt = 0;
  private refreshing = false;
  private Hls: HlsClass | null = null;
  private usingHls = false;
  private readonly events: PageEvents;
  private readonly off: (() => void)[] = [];

  constructor(private readonly deps: PlayerDeps) {
    this.events = deps.events ?? defaultEvents();
    this.progress = new ProgressReporter(deps.env, deps.onProgress);
    this.state = {
      phase: 'idle',
      message: '',
      courseId: 0,
      videoId: 0,
      title: '',
      duration: 0,
      resumeAt: 0,
      started: false,
      waiting: false,
      rate: storedRate(deps.env),
    };
  }

  readonly getState = (): PlayerState => this.state;

  readonly subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private set(patch: Partial<PlayerState>): void {
    this.state = { ...this.state, ...patch };
    for (const fn of this.listeners) fn();
  }

  // ---- element and page ---------------------------------------------------------------------------------------

  /** The <video> arrived: listen to it and to the page's visibility. */
  connect(media: MediaLike): void {
    if (this.media === media) return;
    this.disconnect();
    this.media = media;
    const on = (target: EventTarget | null, type: string, fn: () => void) => {
      if (!target) return;
      target.addEventListener(type, fn);
      this.off.push(() => target.removeEventListener(type, fn));
    };
    on(media, 'loadedmetadata', () => this.onMetadata());
    on(media, 'playing', () => {
      this.played = true;
      this.playingNow = true;
      this.set({ waiting: false, started: true });
    });
    on(media, 'waiting', () => this.set({ waiting: true }));
    on(media, 'canplay', () => this.state.waiting && media.paused && this.set({ waiting: false }));
    on(media, 'pause', () => {
      this.playingNow = false;
      if (this.state.waiting) this.set({ waiting: false });
      if (!media.ended) this.report('pause');
    });
    on(media, 'ended', () => this.onEnded());
    // hls.js reports its own failures (onFailure of attachSource); the element's error is for native playback.
    on(media, 'error', () => this.attached && !this.usingHls && this.onSourceFailure('fatal', this.seq));
    const { doc, win } = this.events;
    on(doc, 'visibilitychange', () => doc?.visibilityState === 'hidden' && this.report('hide'));
    on(win, 'pagehide', () => this.report('hide'));
    this.prepare();
  }

  /** The player leaves the page: the position is reported, loading stops and every listener goes. */
  disconnect(): void {
    this.leaveCurrent();
    this.seq += 1;
    for (const off of this.off.splice(0)) off();
    this.media = null;
    this.mode = 'none';
  }

  setAutoNext(on: boolean): void {
    this.autoNext = on;
  }

  /** The page asks to play (a 继续学习 button): now if the video is ready, else as soon as it is. */
  requestPlay(): void {
    this.wantPlay = true;
    if (this.state.phase === 'ready' && !this.state.started) this.start();
  }

  // ---- what to play --------------------------------------------------------------------------------------------

  /** Course mode: plays `videoId` of the course (0: the course's last watched or first open video). */
  openCourse(courseId: number, videoId: number, hasLogin: boolean): void {
    const s = this.state;
    const same =
      this.mode === 'course' &&
      s.courseId === courseId &&
      this.hasLogin === hasLogin &&
      (videoId === 0 || videoId === s.videoId) &&
      s.phase !== 'error';
    if (same) return;
    this.mode = 'course';
    this.hasLogin = hasLogin;
    void this.loadVideo(courseId, videoId, this.userStarted && s.courseId === courseId);
  }

  /** Plain mode: a public URL (HLS or a file), no progress. */
  openPlain(src: string): void {
    if (this.mode === 'plain' && this.source?.url === src && this.state.phase !== 'error') return;
    this.seq += 1;
    this.leaveCurrent();
    this.mode = 'plain';
    this.info = null;
    this.source = src ? { url: src, expiresAt: 0 } : null;
    this.set({ phase: src ? 'ready' : 'idle', message: '', courseId: 0, videoId: 0, title: '', duration: 0, resumeAt: 0 });
    this.prepare();
  }

  /** 重试 after an error: loads the video again (and plays it if the user had started). */
  retry(): void {
    if (this.mode === 'plain' && this.source) {
      const url = this.source.url;
      this.mode = 'none';
      this.openPlain(url);
      if (this.userStarted) this.start();
      return;
    }
    if (this.mode === 'course') void this.loadVideo(this.state.courseId, this.state.videoId, this.userStarted);
  }

  private async loadVideo(courseId: number, videoId: number, autoplay: boolean): Promise<void> {
    this.seq += 1;
    const seq = this.seq;
    this.leaveCurrent();
    this.info = null;
    this.source = null;
    this.set({ phase: 'loading', message: '', courseId, videoId, title: '', duration: 0, resumeAt: 0, started: false, waiting: false });
    const { env } = this.deps;
    let id = videoId;
    if (!id) {
      const res = await env.call('course.catalog', { id: courseId });
      if (seq !== this.seq) return;
      if (res.status !== 0 || !res.data) return this.set({ phase: 'error', message: res.msg || t.failed });
      id = defaultVideo(res.data);
      if (!id) return this.set({ phase: 'empty', message: t.empty });
      this.set({ videoId: id });
      this.deps.onVideoChange?.(id);
    }
    if (!this.hasLogin) return this.set({ phase: 'login', message: t.loginText });
    const res = await env.call('course.play_info', { video_id: id });
    if (seq !== this.seq) return;
    if (res.status === 0 && res.data) {
      this.info = res.data;
      this.source = { url: res.data.url, expiresAt: res.data.expires_at };
      this.set({ phase: 'ready', title: res.data.title, duration: res.data.duration, resumeAt: res.data.position });
      this.prepare();
      if (autoplay || this.wantPlay) this.start();
      return;
    }
    this.refused(res.code, res.msg);
  }

  private refused(code: number, msg: string): void {
    this.leaveCurrent();
    if (code === CODE.forbidden) this.set({ phase: 'locked', message: msg || t.locked, started: false });
    else if (code === CODE.unauthorized || code === CODE.sessionInvalid) this.set({ phase: 'login', message: t.loginText, started: false });
    else this.fail(msg || t.failed);
  }

  private fail(message: string): void {
    this.leaveCurrent();
    this.set({ phase: 'error', message, started: false, waiting: false });
  }

  /** Loads hls.js ahead when this browser needs it for the source, so that play can start within the tap. */
  private prepare(): void {
    const m = this.media;
    if (!m || !this.source || this.Hls || !needsHlsJs(m, this.source.url)) return;
    (this.deps.loadHls ?? loadHls)().then(
      (H) => {
        this.Hls = H;
      },
      () => {},
    );
  }

  // ---- playing ---------------------------------------------------------------------------------------------------

  /** Play: attaches the source (within the user's tap when hls.js is already here) and plays. */
  start(): void {
    const m = this.media;
    const src = this.source;
    if (!m || !src || this.state.phase !== 'ready') return;
    this.userStarted = true;
    if (this.attached) {
      this.play();
      return;
    }
    if (this.mode === 'course' && src.expiresAt > 0 && Date.now() / 1000 > src.expiresAt - 30) {
      void this.refresh(this.state.resumeAt, true);
      return;
    }
    if (needsHlsJs(m, src.url) && !this.Hls) {
      const seq = this.seq;
      this.set({ started: true, waiting: true });
      (this.deps.loadHls ?? loadHls)().then(
        (H) => {
          this.Hls = H;
          if (seq === this.seq) this.attachAndPlay(this.state.resumeAt, true);
        },
        () => seq === this.seq && this.fail(t.failed),
      );
      return;
    }
    this.attachAndPlay(this.state.resumeAt, true);
  }

  private attachAndPlay(startAt: number, play: boolean): void {
    const m = this.media;
    const src = this.source;
    if (!m || !src) return;
    this.detachSource();
    const seq = this.seq;
    const Hls = needsHlsJs(m, src.url) ? this.Hls : null;
    this.usingHls = Hls?.isSupported() === true;
    this.attached = (this.deps.attach ?? attachSource)(m, src.url, startAt, Hls, (why) => this.onSourceFailure(why, seq));
    this.pendingSeek = startAt;
    this.applyRate();
    this.set({ started: true, waiting: play });
    this.startTimer();
    if (play) this.play();
  }

  private play(): void {
    const m = this.media;
    if (!m) return;
    const seq = this.seq;
    m.play().catch((e: unknown) => {
      // Autoplay refused (no user gesture): the play button shows again. Other rejections (a new source) are normal.
      if (seq === this.seq && (e as { name?: string } | null)?.name === 'NotAllowedError') this.set({ started: false, waiting: false });
    });
  }

  private onMetadata(): void {
    const m = this.media;
    if (!m) return;
    this.applyRate();
    const at = this.pendingSeek;
    this.pendingSeek = 0;
    if (at > 0 && Math.abs(m.currentTime - at) > 1 && (!Number.isFinite(m.duration) || at < m.duration - 1)) m.currentTime = at;
  }

  private onEnded(): void {
    this.report('ended');
    this.stopTimer();
    const next = this.info?.next_video_id ?? 0;
    if (this.mode !== 'course' || !this.autoNext || next <= 0) return;
    this.set({ videoId: next });
    this.deps.onVideoChange?.(next);
    this.deps.env.toast(t.playingNext);
    void this.loadVideo(this.state.courseId, next, true);
  }

  /** The source failed: a course video gets a fresh signed URL (it probably expired) and goes on where it was. */
  private onSourceFailure(why: SourceFailure, seq: number): void {
    if (seq !== this.seq || this.refreshing) return;
    const m = this.media;
    const at = m && this.played ? m.currentTime : this.state.resumeAt;
    if (this.mode === 'course' && Date.now() - this.lastRefreshAt >= REFRESH_GAP_MS) {
      void this.refresh(at, why === 'forbidden' || this.playingNow || this.state.waiting);
      return;
    }
    this.fail(t.playFailed);
  }

  private async refresh(at: number, play: boolean): Promise<void> {
    const info = this.info;
    if (!info) return;
    this.refreshing = true;
    this.lastRefreshAt = Date.now();
    const seq = this.seq;
    this.set({ started: true, waiting: true });
    const res = await this.deps.env.call('course.play_info', { video_id: info.video_id });
    this.refreshing = false;
    if (seq !== this.seq) return;
    if (res.status !== 0 || !res.data) return this.refused(res.code, res.msg);
    this.info = res.data;
    this.source = { url: res.data.url, expiresAt: res.data.expires_at };
    this.set({ resumeAt: at });
    this.attachAndPlay(at, play);
  }

  setRate(rate: number): void {
    if (!(RATES as readonly number[]).includes(rate)) return;
    this.deps.env.storage.set(RATE_KEY, String(rate));
    this.set({ rate });
    this.applyRate();
  }

  private applyRate(): void {
    const m = this.media;
    if (!m) return;
    m.defaultPlaybackRate = this.state.rate;
    m.playbackRate = this.state.rate;
  }

  // ---- progress (progress-reporter.ts) ---------------------------------------------------------------------------

  private startTimer(): void {
    this.progress.start(() => {
      const m = this.media;
      if (m && !m.paused && !m.ended) this.report('tick');
    });
  }

  private stopTimer(): void {
    this.progress.stop();
  }

  /** Only for a course video that has played. */
  private report(kind: ReportKind): void {
    if (this.mode === 'course' && this.info && this.media && this.played) this.progress.report(kind, this.info, this.media);
  }

  /** Reports where the current video was left, stops the timer and detaches its source. */
  private leaveCurrent(): void {
    this.report('leave');
    this.stopTimer();
    this.detachSource();
    this.played = false;
    this.playingNow = false;
    this.pendingSeek = 0;
  }

  private detachSource(): void {
    const a = this.attached;
    this.attached = null;
    a?.detach();
  }
}
