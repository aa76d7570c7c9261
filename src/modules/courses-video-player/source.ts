/**
 * Attaching a playable URL to a <video>: HLS natively where the browser plays it (iOS Safari, WeChat on iOS, recent
 * Chromium), otherwise with hls.js (the light build, its own lazy chunk: only a browser that needs it downloads it);
 * MP4 and other files as they are.
 */
import type HlsType from 'hls.js/light';

export type HlsClass = typeof HlsType;

/** What the player needs of a media element (HTMLVideoElement in the app, a fake in unit tests). */
export interface MediaLike extends EventTarget {
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly ended: boolean;
  playbackRate: number;
  defaultPlaybackRate: number;
  readonly error: { code: number } | null;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
  canPlayType(type: string): string;
}

/** Why an attached source stopped: the signed URL was refused (403, expired) or another fatal failure. */
export type SourceFailure = 'forbidden' | 'fatal';

export interface AttachedSource {
  /** Stops loading and frees the element (hls.js detached and destroyed, `src` removed). */
  detach(): void;
}

export const HLS_TYPE = 'application/vnd.apple.mpegurl';

export function isHlsUrl(url: string): boolean {
  return /\.m3u8($|[?#])/i.test(url);
}

/** True when `url` needs hls.js on this element (an HLS URL the browser cannot play natively). */
export function needsHlsJs(media: Pick<MediaLike, 'canPlayType'>, url: string): boolean {
  return isHlsUrl(url) && media.canPlayType(HLS_TYPE) === '';
}

let hlsChunk: Promise<HlsClass> | null = null;

/** The hls.js light build, imported once and only when asked for. */
export function loadHls(): Promise<HlsClass> {
  hlsChunk ??= import('hls.js/light').then((m) => m.default);
  hlsChunk.catch(() => {
    hlsChunk = null;
  });
  return hlsChunk;
}

/**
 * Attaches `url` to `media`, to start at `startAt` seconds. `Hls` is the hls.js class when `needsHlsJs` said so
 * (loaded beforehand, so that the caller can call `play()` in the same user gesture on iOS); null plays natively.
 */
export function attachSource(
  media: MediaLike,
  url: string,
  startAt: number,
  Hls: HlsClass | null,
  onFailure: (why: SourceFailure) => void,
): AttachedSource {
  if (!Hls?.isSupported()) {
    media.src = url;
    return {
      detach() {
        media.removeAttribute('src');
        media.load();
      },
    };
  }
  const hls = new Hls({ startPosition: startAt > 0 ? startAt : -1, maxBufferLength: 30, backBufferLength: 30 });
  let recovered = false;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    // A 403 on the playlist or a segment: the signed URL expired (or was refused); the player asks for a fresh one.
    const code = (data.response as { code?: number } | undefined)?.code;
    if (code === 403) {
      hls.stopLoad();
      onFailure('forbidden');
      return;
    }
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
      recovered = true;
      hls.recoverMediaError();
      return;
    }
    onFailure('fatal');
  });
  hls.loadSource(url);
  hls.attachMedia(media as unknown as HTMLMediaElement);
  return {
    detach() {
      hls.destroy();
      media.removeAttribute('src');
      media.load();
    },
  };
}
