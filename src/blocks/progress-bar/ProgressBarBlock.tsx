import type { BlockProps } from '../../runtime/block-api';
import type { ProgressBarProps } from './props.gen';
import './progress-bar.css';

/** A percent value: numbers and numeric strings, clamped to 0–100; anything else is 0. */
export function percentOf(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 0;
}

/** A progress bar (role progressbar, 0–100) with an optional label before it and the rounded percentage after it. */
export default function ProgressBarBlock({ props }: BlockProps<ProgressBarProps>) {
  const value = percentOf(props.value);
  const shown = Math.round(value);
  return (
    <div className={`progress-bar pb-${props.tone ?? 'brand'}`} data-testid="progress-bar" data-value={shown}>
      {props.label ? <span className="pb-label">{props.label}</span> : null}
      <span
        className="pb-track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        aria-label={props.label || undefined}
      >
        <span className="pb-fill" style={{ width: `${value}%` }} />
      </span>
      {props.showValue === false ? null : <span className="pb-value">{shown}%</span>}
    </div>
  );
}
