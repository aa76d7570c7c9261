/** A running paper's bar: the count-down by the server's clock (ticks every second; 0 → time up) and 交卷. */
import { useEffect, useState } from 'react';
import { questionAnswerer } from '../../i18n/zh-CN/question-answerer';
import { ClockIcon } from '../../runtime/icons';
import { clock } from './model';

const t = questionAnswerer;

export function ExamBar({
  secondsLeft,
  onTimeUp,
  onHandIn,
  busy,
}: {
  secondsLeft: () => number;
  onTimeUp: () => void;
  onHandIn: () => void;
  busy: boolean;
}) {
  const [left, setLeft] = useState(secondsLeft);
  useEffect(() => {
    let fired = false;
    const tick = () => {
      const s = secondsLeft();
      setLeft(s);
      if (s <= 0 && !fired) {
        fired = true;
        onTimeUp();
      } else if (s > 0) fired = false;
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [secondsLeft, onTimeUp]);
  const urgent = left <= 300;
  return (
    <div className="qa-exam-bar">
      <span className={`qa-timer${urgent ? ' is-urgent' : ''}`} role="timer" aria-label={`${t.examLeft} ${clock(left)}`}>
        <ClockIcon />
        <span className="qa-timer-label">{t.examLeft}</span>
        <b data-testid="exam-left">{clock(left)}</b>
      </span>
      <button type="button" className="qa-hand-in" onClick={onHandIn} disabled={busy}>
        {t.handIn}
      </button>
    </div>
  );
}

/** Before a paper starts: its name, time and question count, the rules, 开始考试. */
export function ExamStart({
  name,
  minutes,
  count,
  fullScore,
  busy,
  onStart,
}: {
  name: string;
  minutes: number;
  count: number;
  fullScore: number;
  busy: boolean;
  onStart: () => void;
}) {
  const facts: [string, number, string][] = [
    [t.factTime, minutes, t.unitMinutes],
    [t.factCount, count, t.unitQuestions],
    [t.factScore, fullScore, t.unitScore],
  ];
  return (
    <section className="qa-exam-start">
      <div className="qa-exam-badge">
        <ClockIcon />
        {t.examStartTitle}
      </div>
      <h2>{name}</h2>
      <dl className="qa-exam-facts">
        {facts.map(([label, n, unit]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <b>{n}</b>
              {unit}
            </dd>
          </div>
        ))}
      </dl>
      <p className="qa-exam-rules">{t.examRules}</p>
      <button type="button" className="qa-primary qa-wide" onClick={onStart} disabled={busy}>
        {t.examStart}
      </button>
    </section>
  );
}
