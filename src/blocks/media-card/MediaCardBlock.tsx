import type { CSSProperties, ReactNode } from 'react';
import { type BlockProps, Link } from '../../runtime/block-api';
import type { MediaCardProps } from './props.gen';
import './media-card.css';

/** Cover width / height: a number or numeric string, clamped to 0.5–2.5; 1.6 when missing or invalid. */
export function coverRatio(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? Math.min(2.5, Math.max(0.5, n)) : 1.6;
}

const ACCENT_TONES = ['price', 'free', 'muted'] as const;
const CORNER_TONES = ['brand', 'live', 'muted'] as const;

/** `v` when it is one of `tones`, else the first (the default): resolved expressions may give anything. */
export function toneOf<T extends string>(v: unknown, tones: readonly T[]): T {
  return tones.includes(v as T) ? (v as T) : (tones[0] as T);
}

/** A card with a cover on the left; a link when `to` is set. Children (e.g. a progress bar) fill the bottom row between the accent and the action. */
export default function MediaCardBlock({ props, children }: BlockProps<MediaCardProps>) {
  const width = props.imageWidth ?? 116;
  const height = Math.round(width / coverRatio(props.imageRatio));
  const cover: CSSProperties = { width, height };
  const body: ReactNode = (
    <>
      <div className="mc-cover" style={cover}>
        {props.image ? <img src={props.image} alt="" width={width} height={height} loading="lazy" /> : null}
        {props.corner ? <span className={`mc-corner mc-corner-${toneOf(props.cornerTone, CORNER_TONES)}`}>{props.corner}</span> : null}
      </div>
      <div className="mc-text">
        <h3 style={{ WebkitLineClamp: props.lines ?? 2 }}>
          {props.tag ? <span className="mc-tag">{props.tag}</span> : null}
          {props.title}
        </h3>
        {props.meta ? <p className="mc-meta">{props.meta}</p> : null}
        {props.accent || props.action || children ? (
          <div className="mc-bottom">
            {props.accent ? <span className={`mc-accent mc-accent-${toneOf(props.accentTone, ACCENT_TONES)}`}>{props.accent}</span> : null}
            <div className="mc-extra">{children}</div>
            {props.action ? <span className="mc-action">{props.action}</span> : null}
          </div>
        ) : null}
      </div>
    </>
  );
  return props.to ? (
    <Link className="media-card" to={props.to} data-testid="media-card">
      {body}
    </Link>
  ) : (
    <div className="media-card" data-testid="media-card">
      {body}
    </div>
  );
}
