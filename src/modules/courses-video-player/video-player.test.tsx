import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import { FakeMedia, flush, info, LOCKED, ok, pageEvents, setup } from '../../../tests/support/video-player-doubles';
import { defaultVideo, PlayerController, RATE_KEY, storedRate } from './controller';
import type { HlsClass, SourceFailure } from './source';
import VideoPlayer, { PlayerView, toId } from './VideoPlayer';

/** The calls a mocked env function got. */
const callsOf = (fn: unknown) => (fn as Mock).mock.calls as unknown[][];
const reports = (env: ReturnType<typeof fakeEnv>) =>
  callsOf(env.beacon)
    .filter((c) => c[0] === 'course.progress_report')
    .map((c) => c[1] as Record<string, number>);
const playInfoCalls = (env: ReturnType<typeof fakeEnv>) => callsOf(env.call).filter((c) => c[0] === 'course.play_info');

afterEach(() => {
  vi.useRealTimers();
});

describe('video-player: choosing and refusing', () => {
  it('a locked video shows the lock with 购买课程 and never gets a src', async () => {
    const { ctl, media, env } = setup({ 'course.play_info': LOCKED });
    ctl.openCourse(7, 12, true);
    await flush();
    expect(env.call).toHaveBeenCalledWith('course.play_info', { video_id: 12 });
    expect(ctl.getState()).toMatchObject({ phase: 'locked', message: '该视频需购买课程后观看', videoId: 12, started: false });
    ctl.start(); // a tap on the stage does nothing
    expect(media.srcSets).toEqual([]);
    expect(media.play).not.toHaveBeenCalled();

    const html = renderToStaticMarkup(
      <PlayerView
        state={ctl.getState()}
        poster="/c.png"
        onPlay={vi.fn()}
        onRetry={vi.fn()}
        onBuy={vi.fn()}
        onLogin={vi.fn()}
        onRate={vi.fn()}
      />,
    );
    expect(html).toContain('data-testid="vp-locked"');
    expect(html).toContain('该视频需购买课程后观看');
    expect(html).toContain('data-testid="vp-buy"');
    expect(html).toContain('购买课程');
    expect(html).not.toMatch(/<video[^>]* src=/);
    expect(html).toMatch(/playsinline=""/i);
    expect(html).toContain('webkit-playsinline="true"');
  });

  it('logged out: 登录后观看 without asking for a play URL', async () => {
    const { ctl, env } = setup({ 'course.play_info': info(3) });
    ctl.openCourse(7, 3, false);
    await flush();
    expect(ctl.getState().phase).toBe('login');
    expect(env.call).not.toHaveBeenCalledWith('course.play_info', expect.anything());
    const html = renderToStaticMarkup(
      <PlayerView state={ctl.getState()} onPlay={vi.fn()} onRetry={vi.fn()} onBuy={vi.fn()} onLogin={vi.fn()} onRate={vi.fn()} />,
    );
    expect(html).toContain('登录后观看');
  });

  it('without a video id it plays the last watched open video, else the first open one, and the page state follows', async () => {
    const v = (id: number, locked: number) => ({ id, title: '', duration: 60, is_free: 0, locked, position: 0, furthest: 0, is_finish: 0 });
    const chapters = [
      { id: 1, title: '一', videos: [v(1, 1), v(2, 0)] },
      { id: 2, title: '二', videos: [v(3, 0), v(4, 1)] },
    ];
    expect(defaultVideo({ chapters, last_video_id: 3 })).toBe(3);
    expect(defaultVideo({ chapters, last_video_id: 4 })).toBe(2);
    expect(defaultVideo({ chapters, last_video_id: 0 })).toBe(2);
    expect(defaultVideo({ chapters: [], last_video_id: 0 })).toBe(0);

    const { ctl, onVideoChange, env } = setup({
      'course.catalog': ok({ course_id: 7, can_access: 0, access_reason: 'not_owned', chapters, last_video_id: 0 }),
      'course.play_info': (input) => info((input as { video_id: number }).video_id),
    });
    ctl.openCourse(7, 0, true);
    await flush();
    expect(onVideoChange).toHaveBeenCalledWith(2);
    expect(env.call).toHaveBeenCalledWith('course.play_info', { video_id: 2 });
    expect(ctl.getState()).toMatchObject({ phase: 'ready', videoId: 2, title: '第 2 节' });
    // The page echoes the id back through the props: nothing is loaded twice.
    ctl.openCourse(7, 2, true);
    await flush();
    expect(playInfoCalls(env)).toHaveLength(1);
  });

  it('reads ids from props', () => {
    expect([toId('12'), toId(5), toId(''), toId(undefined), toId('abc'), toId(-1), toId(1.5)]).toEqual([12, 5, 0, 0, 0, 0, 0]);
  });
});

describe('video-player: playing and reporting', () => {
  it('resumes at the reported position once the metadata is in', async () => {
    const { ctl, media } = setup({ 'course.play_info': info(5, { position: 42 }) });
    ctl.openCourse(7, 5, true);
    await flush();
    expect(ctl.getState()).toMatchObject({ phase: 'ready', resumeAt: 42, started: false });
    expect(media.srcSets).toEqual([]); // nothing is downloaded before play
    ctl.start();
    expect(media.srcSets).toEqual([expect.stringContaining('/vod/sample/lesson-b/index.m3u8?')]); // native HLS here
    expect(media.play).toHaveBeenCalledOnce();
    media.duration = 95;
    media.fire('loadedmetadata');
    expect(media.currentTime).toBe(42);
  });

  it('reports the current position on pause, every 15 s while playing, and the whole length at the end', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-05-01T08:00:00Z'));
    const { ctl, media, env } = setup({ 'course.play_info': info(5) });
    ctl.openCourse(7, 5, true);
    await flush();
    ctl.start();
    media.fire('playing');
    media.currentTime = 37.6;
    media.pause();
    expect(reports(env)).toEqual([{ course_id: 7, video_id: 5, duration: 37, at: Date.parse('2026-05-01T08:00:00Z') }]);
    media.pause(); // the same position is not sent twice
    expect(reports(env)).toHaveLength(1);

    await media.play();
    media.currentTime = 52.2;
    vi.advanceTimersByTime(15000);
    expect(reports(env).at(-1)).toMatchObject({ duration: 52 });

    media.currentTime = 95;
    media.ended = true;
    media.paused = true;
    media.fire('pause'); // the pause before 'ended' sends nothing of its own
    media.fire('ended');
    expect(reports(env).at(-1)).toMatchObject({ duration: 95 });
    expect(reports(env)).toHaveLength(3);
    expect(env.call).not.toHaveBeenCalledWith('course.progress_report', expect.anything()); // reports go by beacon only
  });

  it('hands what the server answers to a report to the page (进度 follows while playing), but not after leaving', async () => {
    const progress = {
      percent: 25,
      is_finish: 0,
      finished_videos: 1,
      video_count: 4,
      learned_seconds: 95,
      last_video_id: 5,
      last_position: 95,
    };
    const video = { video_id: 5, position: 95, furthest: 95, learned_seconds: 95, is_finish: 1, updated_at: 1 };
    const env = fakeEnv({ 'course.play_info': info(5), 'course.progress_report': ok({ video, progress }) });
    const media = new FakeMedia();
    const onProgress = vi.fn();
    const ctl = new PlayerController({ env, onProgress, events: pageEvents() });
    ctl.connect(media);
    ctl.openCourse(7, 5, true);
    await flush();
    ctl.start();
    media.fire('playing');
    media.currentTime = 95;
    media.ended = true;
    media.fire('ended');
    await flush();
    expect(onProgress).toHaveBeenCalledWith({ video, progress });
    onProgress.mockClear();
    media.currentTime = 3;
    ctl.disconnect(); // the page is going away: its report is sent, nothing is handed back
    await flush();
    expect(reports(env).at(-1)).toMatchObject({ duration: 3 });
    expect(onProgress).not.toHaveBeenCalled();
  });

  it('reports when the page is hidden and when it is left', async () => {
    const { ctl, media, env, events } = setup({ 'course.play_info': info(5) });
    ctl.openCourse(7, 5, true);
    await flush();
    ctl.start();
    media.fire('playing');
    media.currentTime = 12.9;
    events.doc.visibilityState = 'hidden';
    events.doc.dispatchEvent(new Event('visibilitychange'));
    expect(reports(env).at(-1)).toMatchObject({ duration: 12 });
    media.currentTime = 14;
    events.win.dispatchEvent(new Event('pagehide'));
    expect(reports(env).at(-1)).toMatchObject({ duration: 14 });
    media.currentTime = 15;
    ctl.disconnect();
    expect(reports(env).at(-1)).toMatchObject({ duration: 15 });
    expect(media.removeAttribute).toHaveBeenCalledWith('src');
  });

  it('sends nothing for a video that never played', async () => {
    const { ctl, env, events } = setup({ 'course.play_info': info(5) });
    ctl.openCourse(7, 5, true);
    await flush();
    events.win.dispatchEvent(new Event('pagehide'));
    ctl.disconnect();
    expect(reports(env)).toEqual([]);
  });

  it('goes on to the next video at the end, and shows the lock when that one is locked', async () => {
    const { ctl, media, env, onVideoChange } = setup({
      'course.play_info': (input) => ((input as { video_id: number }).video_id === 5 ? info(5, { next_video_id: 6 }) : LOCKED),
    });
    ctl.openCourse(7, 5, true);
    await flush();
    ctl.start();
    media.fire('playing');
    media.ended = true;
    media.fire('ended');
    expect(onVideoChange).toHaveBeenCalledWith(6);
    await flush();
    expect(env.call).toHaveBeenCalledWith('course.play_info', { video_id: 6 });
    expect(ctl.getState()).toMatchObject({ phase: 'locked', videoId: 6 });
    expect(media.src).toBe('');
  });

  it('the page can ask to play (autoplay prop): now when ready, or as soon as the video is', async () => {
    const { ctl, media } = setup({ 'course.play_info': info(5) });
    ctl.requestPlay(); // nothing to play yet
    expect(media.play).not.toHaveBeenCalled();
    ctl.openCourse(7, 5, true);
    await flush();
    expect(media.play).toHaveBeenCalledOnce();
    expect(ctl.getState().started).toBe(true);
  });

  it('a video picked after the user played once starts by itself', async () => {
    const { ctl, media } = setup({ 'course.play_info': (input) => info((input as { video_id: number }).video_id) });
    ctl.openCourse(7, 5, true);
    await flush();
    ctl.start();
    ctl.openCourse(7, 8, true);
    await flush();
    expect(ctl.getState()).toMatchObject({ phase: 'ready', videoId: 8, started: true });
    expect(media.play).toHaveBeenCalledTimes(2);
    expect(media.src).toContain('sign=8');
  });
});

describe('video-player: hls.js, expiry, speed, plain mode', () => {
  it('uses hls.js where HLS is not native, and on a 403 fetches a fresh URL and goes on where it was', async () => {
    const media = new FakeMedia(false);
    const env = fakeEnv({ 'course.play_info': info(5, { position: 10 }) });
    const attached: { url: string; startAt: number; Hls: unknown; fail: (why: SourceFailure) => void }[] = [];
    const FakeHls = { isSupported: () => true } as unknown as HlsClass;
    const loadHls = vi.fn(async () => FakeHls);
    const ctl = new PlayerController({
      env,
      events: pageEvents(),
      loadHls,
      attach: (_m, url, startAt, Hls, fail) => {
        attached.push({ url, startAt, Hls, fail });
        return { detach: vi.fn() };
      },
    });
    ctl.connect(media);
    ctl.openCourse(7, 5, true);
    await flush();
    expect(loadHls).toHaveBeenCalledOnce(); // fetched ahead, before the tap
    ctl.start();
    expect(attached).toHaveLength(1);
    expect(attached[0]).toMatchObject({ startAt: 10, Hls: FakeHls });
    media.fire('playing');
    media.currentTime = 33.4;
    attached[0]?.fail('forbidden');
    await flush();
    expect(playInfoCalls(env)).toHaveLength(2);
    expect(attached).toHaveLength(2);
    expect(attached[1]?.startAt).toBeCloseTo(33.4);
    expect(media.play).toHaveBeenCalledTimes(2);
    // A fresh URL refused again at once is an error with 重试, not a loop.
    attached[1]?.fail('forbidden');
    expect(ctl.getState()).toMatchObject({ phase: 'error', message: '视频播放出错，请检查网络后重试' });
  });

  it('native HLS: an element error while playing gets a fresh URL and plays on from the same time', async () => {
    const { ctl, media, env } = setup({ 'course.play_info': info(5) });
    ctl.openCourse(7, 5, true);
    await flush();
    ctl.start();
    media.fire('playing');
    media.currentTime = 20.5;
    media.paused = true; // a failing element already says paused when 'error' fires, 'pause' comes after
    media.fire('error');
    media.fire('pause');
    await flush();
    expect(playInfoCalls(env)).toHaveLength(2);
    expect(media.srcSets).toHaveLength(2);
    expect(media.play).toHaveBeenCalledTimes(2);
    media.duration = 95;
    media.fire('loadedmetadata');
    expect(media.currentTime).toBe(20.5);
    expect(ctl.getState().phase).toBe('ready');
  });

  it('remembers the playback speed in storage and applies it to the element', async () => {
    const { ctl, media, env } = setup({ 'course.play_info': info(5) });
    expect(storedRate(env)).toBe(1);
    ctl.setRate(1.5);
    expect(env.storage.get(RATE_KEY)).toBe('1.5');
    expect(media.playbackRate).toBe(1.5);
    ctl.setRate(3); // not on the menu
    expect(ctl.getState().rate).toBe(1.5);
    const again = new PlayerController({ env, events: pageEvents() });
    expect(again.getState().rate).toBe(1.5);
    env.storage.set(RATE_KEY, 'fast');
    expect(storedRate(env)).toBe(1);
  });

  it('plain mode plays the URL as it is and reports nothing', async () => {
    const { ctl, media, env } = setup({});
    ctl.openPlain('/media/clip.mp4');
    expect(ctl.getState().phase).toBe('ready');
    ctl.start();
    expect(media.src).toBe('/media/clip.mp4');
    media.fire('playing');
    media.currentTime = 20;
    media.pause();
    ctl.disconnect();
    expect(env.beacon).not.toHaveBeenCalled();
    expect(env.call).not.toHaveBeenCalled();
  });

  it('renders the block with its 16:9 stage and the title in plain mode', () => {
    const { blockProps } = fakeBlockProps('courses-video-player', { src: '/media/clip.mp4', title: '短视频', poster: '/p.png' });
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <VideoPlayer {...blockProps} />
      </MemoryRouter>,
    );
    expect(html).toContain('data-testid="video-player"');
    expect(html).toContain('class="vp-stage"');
    expect(html).toContain('短视频');
  });
});
