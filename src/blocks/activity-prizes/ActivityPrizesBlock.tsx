import { useEffect, useRef, useState } from 'react';
import { activity as t } from '../../i18n/zh-CN/activity';
import type { BlockProps } from '../../runtime/block-api';
import {
  type ButtonKind,
  canTap,
  kindLabel,
  type Prize,
  prizeButton,
  prizeFacts,
  prizeList,
  progressOf,
  progressTrack,
  type TapContext,
  tapPrize,
} from './prizes';
import type { ActivityPrizesProps } from './props.gen';
import './activity-prizes.css';

function Thumb({ prize }: { prize: Prize }) {
  if (prize.image) return <img className="ap-thumb" src={prize.image} alt="" width={64} height={64} loading="lazy" />;
  return (
    <span className={`ap-thumb ap-thumb-kind ap-kind-${prize.kind || 'other'}`} aria-hidden="true">
      {kindLabel(prize.kind)}
    </span>
  );
}

function ProgressTrack({ prizes, progress }: { prizes: Prize[]; progress: number }) {
  const track = progressTrack(prizes, progress);
  return (
    <div className="ap-progress" data-testid="activity-progress">
      <p className="ap-progress-count">
        {t.progressBefore} <b>{progress}</b> {t.progressAfter}
      </p>
      {track ? (
        <>
          <div className="ap-track" role="img" aria-label={`${t.progressLabel} ${progress}/${track.milestones.at(-1)?.threshold ?? 0}`}>
            <span className="ap-track-fill" style={{ width: `${track.fill}%` }} />
            {track.milestones.map((m) => (
              <span key={m.threshold} className={m.reached ? 'ap-node ap-node-on' : 'ap-node'} style={{ left: `${m.at}%` }}>
                <span className="ap-node-label">{t.people(m.threshold)}</span>
              </span>
            ))}
          </div>
          <p className="ap-goal">{track.goal}</p>
        </>
      ) : null}
    </div>
  );
}

/** An activity's prizes with the caller's state for each, a claim button, and (optionally) the caller's progress. */
export default function ActivityPrizesBlock({ props, page, env, run }: BlockProps<ActivityPrizesProps>) {
  const prizes = prizeList(props.prizes);
  const progress = progressOf(props.progress);
  const [busy, setBusy] = useState<string | null>(null);
  // After a claim, 领取 waits for the reloaded sources (a second tap cannot race the refresh).
  const [settling, setSettling] = useState(false);
  const running = useRef(false);
  const refresh = props.refresh ?? [];
  const reloading = settling && refresh.some((name) => page.source(name)?.loading);
  useEffect(() => {
    if (settling && !reloading) setSettling(false);
  }, [settling, reloading]);

  const ctx: TapContext = { claimActions: props.claimActions, refresh, loginTo: props.loginTo, run, page, env };
  const tap = async (prize: Prize, kind: ButtonKind) => {
    if (kind !== 'claim') {
      void tapPrize(prize, kind, ctx);
      return;
    }
    // One claim at a time, whatever is tapped meanwhile.
    if (running.current) return;
    running.current = true;
    setBusy(prize.id);
    try {
      await tapPrize(prize, kind, ctx);
    } finally {
      running.current = false;
      setSettling(true);
      setBusy(null);
    }
  };

  return (
    <section className="activity-prizes" data-testid="activity-prizes">
      {progress !== null ? <ProgressTrack prizes={prizes} progress={progress} /> : null}
      {prizes.length === 0 ? <p className="ap-empty">{props.emptyText || t.empty}</p> : null}
      <ul className="ap-list">
        {prizes.map((prize) => {
          const b = prizeButton(prize, props.phase, props.labels);
          const facts = prizeFacts(prize);
          const waiting = busy === prize.id || (b.kind === 'claim' && reloading);
          return (
            <li key={prize.id} className={`ap-prize ap-state-${prize.state}`} data-prize={prize.id} data-state={prize.state}>
              <Thumb prize={prize} />
              <div className="ap-body">
                <h3 className="ap-name">{prize.name}</h3>
                <p className="ap-facts">
                  {facts.threshold ? <span className="ap-chip">{facts.threshold}</span> : null}
                  {facts.value ? <span className="ap-value">{facts.value}</span> : null}
                </p>
                <p className="ap-stock">{t.stockLeft(prize.stockLeft)}</p>
                {b.hint && !props.readOnly ? <p className="ap-hint">{b.hint}</p> : null}
              </div>
              {props.readOnly ? null : (
                <button
                  type="button"
                  className={`ap-button ap-button-${b.kind}`}
                  disabled={!canTap(b.kind, ctx) || waiting}
                  aria-busy={waiting || undefined}
                  onClick={() => void tap(prize, b.kind)}
                >
                  {b.text}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
