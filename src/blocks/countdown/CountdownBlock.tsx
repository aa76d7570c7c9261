import { useEffect, useRef, useState } from 'react';
import { i18n } from '../../i18n';
import type { BlockProps } from '../../runtime/block-api';
import type { CountdownProps } from './props.gen';
import { EndWatcher, remaining, timeParts, toSeconds } from './remaining';
import './countdown.css';

/** Countdown to `to`, ticking every second; runs `endActions` once when it reaches zero on this page. */
export default function CountdownBlock({ props, run }: BlockProps<CountdownProps>) {
  const target = toSeconds(props.to);
  const [now, setNow] = useState(() => Date.now());
  const left = remaining(target, now);
  const watcher = useRef<EndWatcher | null>(null);
  watcher.current ??= new EndWatcher(left.ended);
  const endActions = props.endActions;

  useEffect(() => {
    if (left.ended) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left.ended]);

  useEffect(() => {
    if (watcher.current?.update(left.ended) && endActions?.length) void run(endActions);
  }, [left.ended, endActions, run]);

  const format = props.format ?? 'dhms';
  return (
    <section className={`countdown countdown-${format}`} data-testid="countdown" data-ended={left.ended || undefined}>
      {props.prefix ? <span className="countdown-prefix">{props.prefix}</span> : null}
      {left.ended ? (
        <span className="countdown-end">{props.endText || i18n.activityBlocks.ended}</span>
      ) : (
        <span className="countdown-time" role="timer">
          {timeParts(left, format).map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions of the time parts.
            <span key={i} className="countdown-part">
              {i > 0 && format === 'hms' ? <span className="countdown-colon">:</span> : null}
              <b>{p.value}</b>
              {p.unit ? <small>{p.unit}</small> : null}
            </span>
          ))}
        </span>
      )}
    </section>
  );
}
