import { vi } from 'vitest';
import { type PageEvents, PlayerController } from '../../src/modules/courses-video-player/controller';
import type { MediaLike } from '../../src/modules/courses-video-player/source';
import { fakeEnv } from './fake-env';

/** Stand-ins for the course player's unit tests (src/modules/courses-video-player/video-player.test.tsx). */

/** A <video> stand-in: jsdom-free, no playback; tests move `currentTime` and fire the media events themselves. */
export class FakeMedia extends EventTarget implements MediaLike {
  srcSets: string[] = [];
  private _src = '';
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  ended = false;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  error = null;
  constructor(private readonly hlsNative = true) {
    super();
  }
  get src() {
    return this._src;
  }
  set src(v: string) {
    this._src = v;
    this.srcSets.push(v);
  }
  play = vi.fn(async () => {
    this.paused = false;
  });
  pause = vi.fn(() => {
    this.paused = true;
    this.fire('pause');
  });
  load = vi.fn();
  removeAttribute = vi.fn((name: string) => {
    if (name === 'src') this._src = '';
  });
  canPlayType = (type: string) => (type === 'application/vnd.apple.mpegurl' && this.hlsNative ? 'maybe' : '');
  fire(type: string) {
    this.dispatchEvent(new Event(type));
  }
}

/** document / window stand-ins for visibilitychange and pagehide. */
export function pageEvents(): PageEvents & { doc: EventTarget & { visibilityState: string }; win: EventTarget } {
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  return { doc, win: new EventTarget() };
}

export const ok = <T>(data: T) => ({ status: 0, code: 0, msg: 'ok', data });
export const info = (videoId: number, over: Record<string, unknown> = {}) =>
  ok({
    video_id: videoId,
    course_id: 7,
    title: `第 ${videoId} 节`,
    duration: 95,
    url: `/vod/sample/lesson-b/index.m3u8?t=ffffffff&us=u1-x&sign=${videoId}`,
    expires_at: Math.floor(Date.now() / 1000) + 7200,
    access_reason: 'owned',
    position: 0,
    next_video_id: 0,
    ...over,
  });
export const LOCKED = { status: 1, code: 4030, msg: '该视频需购买课程后观看', data: null };
export const flush = () => new Promise((r) => setImmediate(r));

export function setup(replies: Parameters<typeof fakeEnv>[0], media = new FakeMedia()) {
  const env = fakeEnv(replies);
  const events = pageEvents();
  const onVideoChange = vi.fn();
  const ctl = new PlayerController({ env, onVideoChange, events });
  ctl.connect(media);
  return { env, ctl, media, events, onVideoChange };
}
