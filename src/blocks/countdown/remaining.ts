import { i18n } from '../../i18n';

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  ended: boolean;
}

/** Target time in unix seconds: a number (seconds), a numeric string, or an ISO 8601 string. NaN when unreadable. */
export function toSeconds(to: unknown): number {
  if (typeof to === 'number') return to;
  if (typeof to !== 'string' || to.trim() === '') return Number.NaN;
  if (/^\d+(\.\d+)?$/.test(to.trim())) return Number(to);
  return Date.parse(to) / 1000;
}

/** Whole time left until `toSeconds` at `nowMs`; ended at or after the target (and for an unreadable target). */
export function remaining(toSeconds: number, nowMs: number): Remaining {
  const left = Number.isFinite(toSeconds) ? Math.ceil(toSeconds - nowMs / 1000) : 0;
  if (left <= 0) return { days: 0, hours: 0, minutes: 0, seconds: 0, ended: true };
  return {
    days: Math.floor(left / 86400),
    hours: Math.floor((left % 86400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    ended: false,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

export interface TimePart {
  value: string;
  /** Unit after the value ('' for the hms format, where parts are joined by colons). */
  unit: string;
}

/** The time left split into value and unit parts for one of the block's formats. `days` rounds up. */
export function timeParts(r: Remaining, format: 'dhms' | 'hms' | 'days' = 'dhms'): TimePart[] {
  const t = i18n.activityBlocks;
  if (format === 'days') return [{ value: String(r.days + (r.hours || r.minutes || r.seconds ? 1 : 0)), unit: t.days }];
  if (format === 'hms') return [pad(r.days * 24 + r.hours), pad(r.minutes), pad(r.seconds)].map((value) => ({ value, unit: '' }));
  return [
    { value: String(r.days), unit: t.days },
    { value: pad(r.hours), unit: t.hours },
    { value: pad(r.minutes), unit: t.minutes },
    { value: pad(r.seconds), unit: t.seconds },
  ];
}

/** The time left as plain text, e.g. 12天 03时 05分 09秒 or 291:05:09. */
export function formatRemaining(r: Remaining, format: 'dhms' | 'hms' | 'days' = 'dhms'): string {
  const parts = timeParts(r, format);
  return format === 'hms' ? parts.map((p) => p.value).join(':') : parts.map((p) => p.value + p.unit).join(' ');
}

/**
 * Decides when `endActions` run: once, on the tick where a countdown that was running on this
 * page reaches zero — not when it had already ended on arrival, and not again on later renders.
 */
export class EndWatcher {
  private running: boolean;
  constructor(endedAtStart: boolean) {
    this.running = !endedAtStart;
  }
  /** Reports the current state; true exactly when the end actions should run now. */
  update(ended: boolean): boolean {
    if (!ended) {
      this.running = true;
      return false;
    }
    const fire = this.running;
    this.running = false;
    return fire;
  }
}
