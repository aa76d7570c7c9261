import { useEffect, useState } from 'react';
import { relativeTime } from '../../format/time';
import { activity as t } from '../../i18n/zh-CN/activity';
import type { BlockProps } from '../../runtime/block-api';
import { BellIcon } from '../../runtime/icons';
import type { ActivityWinnersProps } from './props.gen';
import { nextWinner, WINNER_MS, type Winner, winnerList, winnerName } from './winners';
import './activity-winners.css';

function Line({ w, animate }: { w: Winner; animate: boolean }) {
  return (
    <p className={animate ? 'aw-line aw-enter' : 'aw-line'}>
      <span className="aw-text">
        <b>{winnerName(w)}</b> {t.won} <em>{w.prize}</em>
      </span>
      {w.createdAt > 0 ? <span className="aw-time">{relativeTime(w.createdAt)}</span> : null}
    </p>
  );
}

/** Recent real winners, one line at a time; nothing at all while there are none. */
export default function ActivityWinnersBlock({ props }: BlockProps<ActivityWinnersProps>) {
  const winners = winnerList(props.items);
  const count = winners.length;
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => nextWinner(i, count)), WINNER_MS);
    return () => clearInterval(timer);
  }, [count]);
  const w = winners[index % Math.max(1, count)];
  if (!w) return null;
  return (
    <section className="activity-winners" data-testid="activity-winners">
      <span className="aw-label">
        <BellIcon size={16} />
        {props.label || t.winnersLabel}
      </span>
      <div className="aw-window" aria-live="polite">
        <Line key={index} w={w} animate={count > 1} />
      </div>
    </section>
  );
}
