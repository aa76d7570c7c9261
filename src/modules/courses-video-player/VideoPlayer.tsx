import { type Ref, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { clock } from '../../format/course';
import { type BlockProps, useCurrentPath } from '../../runtime/block-api';
import { AlertIcon, LockIcon, PlayIcon, SpeedIcon, UserIcon } from '../../runtime/icons';
import { openGoodFor } from '../shared/buy';
import { PlayerController, type PlayerState, RATES } from './controller';
import type { VideoPlayerProps } from './props.gen';
import './video-player.css';
import { videoPlayer } from '../../i18n/zh-CN/video-player';

const t = videoPlayer;

/** A positive integer id from a prop (number, numeric string or a resolved ${…}); 0 otherwise. */
export function toId(v: unknown): number {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

export interface PlayerViewProps {
  state: PlayerState;
  poster?: string;
  /** A course's player: its bar (the video's title, the speed) is kept from the start, so nothing moves when it fills. */
  course?: boolean;
  /** Plain mode's title (course mode shows the video's own). */
  title?: string;
  videoRef?: Ref<HTMLVideoElement>;
  sectionRef?: Ref<HTMLElement>;
  onPlay(): void;
  onRetry(): void;
  onBuy(): void;
  onLogin(): void;
  onRate(rate: number): void;
}

/** The player's screen for a state: the 16:9 stage (video, cover, lock / login / error panels) and the toolbar. */
export function PlayerView({
  state,
  poster,
  course,
  title,
  videoRef,
  sectionRef,
  onPlay,
  onRetry,
  onBuy,
  onLogin,
  onRate,
}: PlayerViewProps) {
  const [menu, setMenu] = useState(false);
  const { phase, started } = state;
  const coverStyle = poster ? { backgroundImage: `url("${poster}")` } : undefined;
  const name = state.title || title || '';

  let cover = null;
  if (phase === 'loading' || (phase === 'ready' && started && state.waiting)) {
    cover = (
      <div className={`vp-cover vp-busy${phase === 'loading' ? '' : ' vp-clear'}`} style={phase === 'loading' ? coverStyle : undefined}>
        <span className="vp-spinner" role="status" aria-label={t.loading} />
      </div>
    );
  } else if (phase === 'ready' && !started) {
    cover = (
      <button type="button" className="vp-cover vp-start" style={coverStyle} onClick={onPlay} data-testid="vp-play" aria-label={t.play}>
        <span className="vp-play">
          <PlayIcon />
        </span>
        {state.resumeAt > 0 ? <span className="vp-chip vp-chip-left">{t.resumeAt(clock(state.resumeAt))}</span> : null}
        {state.duration > 0 ? <span className="vp-chip vp-chip-right">{clock(state.duration)}</span> : null}
      </button>
    );
  } else if (phase === 'locked' || phase === 'login' || phase === 'error' || phase === 'empty') {
    const panel = {
      locked: {
        icon: <LockIcon size={26} strokeWidth={1.8} keyhole />,
        text: state.message || t.locked,
        button: t.buy,
        onClick: onBuy,
        id: 'vp-buy',
      },
      login: { icon: <UserIcon />, text: state.message || t.loginText, button: t.login, onClick: onLogin, id: 'vp-go-login' },
      error: { icon: <AlertIcon size={26} />, text: state.message || t.failed, button: t.retry, onClick: onRetry, id: 'vp-retry' },
      empty: { icon: <AlertIcon size={26} />, text: state.message || t.empty, button: '', onClick: onRetry, id: '' },
    }[phase];
    cover = (
      <div className={`vp-cover vp-panel vp-${phase}`} style={coverStyle} data-testid={`vp-${phase}`}>
        <span className="vp-panel-icon">{panel.icon}</span>
        <p className="vp-panel-text">{panel.text}</p>
        {panel.button ? (
          <button type="button" className="vp-action" onClick={panel.onClick} data-testid={panel.id}>
            {panel.button}
          </button>
        ) : null}
      </div>
    );
  } else if (phase === 'idle' && poster) {
    cover = <div className="vp-cover" style={coverStyle} />;
  }

  return (
    <section
      ref={sectionRef}
      className="video-player"
      data-testid="video-player"
      data-phase={phase}
      data-video-id={state.videoId || undefined}
    >
      <div className="vp-stage">
        {/* biome-ignore lint/a11y/useMediaCaption: the video service and the course API provide no caption track */}
        <video
          ref={videoRef}
          className="vp-video"
          data-testid="vp-video"
          controls={started}
          playsInline
          preload="metadata"
          poster={poster || undefined}
          webkit-playsinline="true"
          x5-playsinline="true"
        />
        {cover}
      </div>
      {name || phase === 'ready' || course ? (
        <div className="vp-bar">
          <span className="vp-title">{name}</span>
          {phase === 'ready' ? (
            <div className="vp-speed-wrap">
              <button
                type="button"
                className="vp-speed"
                data-testid="vp-speed"
                aria-haspopup="menu"
                aria-expanded={menu}
                aria-label={`${t.speedMenu} ${t.rate(state.rate)}`}
                onClick={() => setMenu(!menu)}
              >
                <SpeedIcon />
                {state.rate === 1 ? t.speed : t.rate(state.rate)}
              </button>
              {menu ? (
                <div className="vp-menu" role="menu" aria-label={t.speedMenu}>
                  {RATES.map((r) => (
                    <button
                      key={r}
                      type="button"
                      role="menuitemradio"
                      aria-checked={r === state.rate}
                      className={r === state.rate ? 'vp-rate vp-rate-on' : 'vp-rate'}
                      data-testid={`vp-rate-${r}`}
                      onClick={() => {
                        setMenu(false);
                        onRate(r);
                      }}
                    >
                      {t.rate(r)}
                    </button>
                  ))}
                </div>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * The video player block. Course mode (courseId, videoId): the signed URL from course.play_info, a lock with 购买课程
 * for a video the user may not play, 登录后观看 when logged out, resume, progress reports, the next video at the end
 * (the page's `videoId` state follows). Plain mode (src): the URL as it is.
 */
export default function VideoPlayer({ props, env, page, scope }: BlockProps<VideoPlayerProps>) {
  const pageRef = useRef(page);
  useEffect(() => {
    pageRef.current = page;
  });
  const [ctl] = useState(
    () =>
      new PlayerController({
        env,
        onVideoChange: (id) => pageRef.current.setState('videoId', id),
        // The page's 进度 (state.courseProgress) and the catalogue's mark of this video (state.videoProgress) follow.
        onProgress: ({ progress, video }) => {
          pageRef.current.setState('courseProgress', progress);
          pageRef.current.setState('videoProgress', video);
        },
      }),
  );
  const state = useSyncExternalStore(ctl.subscribe, ctl.getState, ctl.getState);
  const videoRef = useRef<HTMLVideoElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const path = useCurrentPath();
  const hasLogin = (scope.auth as { hasLogin?: boolean } | undefined)?.hasLogin === true;
  const courseId = toId(props.courseId);
  const videoId = toId(props.videoId);
  const src = props.src ?? '';

  useEffect(() => {
    if (videoRef.current) ctl.connect(videoRef.current);
    return () => ctl.disconnect();
  }, [ctl]);
  useEffect(() => ctl.setAutoNext(props.autoNext !== false), [ctl, props.autoNext]);
  useEffect(() => {
    if (courseId > 0) ctl.openCourse(courseId, videoId, hasLogin);
    else ctl.openPlain(src);
  }, [ctl, courseId, videoId, hasLogin, src]);
  const autoplay = props.autoplay;
  useEffect(() => {
    if (!autoplay || autoplay === 'false' || autoplay === '0') return;
    ctl.requestPlay();
    sectionRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [ctl, autoplay]);

  return (
    <PlayerView
      state={state}
      poster={props.poster}
      course={courseId > 0}
      title={props.title}
      videoRef={videoRef}
      sectionRef={sectionRef}
      onPlay={() => ctl.start()}
      onRetry={() => ctl.retry()}
      onBuy={() => void openGoodFor(env, 'course', state.courseId)}
      onLogin={() => env.navigate(`/user/mobile_login/${encodeURIComponent(path)}`)}
      onRate={(r) => {
        ctl.setRate(r);
        env.toast(t.rateSet(r));
      }}
    />
  );
}
