import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LiveSession } from '../../contract/courses';
import { liveClockTime, liveStatusText } from '../../format/course';
import { type BlockProps, type Env, Link, useCurrentPath } from '../../runtime/block-api';
import { BellIcon, CheckIcon, ChevronIcon, PlayIcon } from '../../runtime/icons';
import { examOf } from '../shared/scope';
import {
  chinaDayOf,
  chinaToday,
  type Day,
  dayKey,
  groupByDay,
  initialDay,
  loginPath,
  type Month,
  mondayIndex,
  monthGrid,
  monthSpan,
  sameDay,
  shiftMonth,
  withClock,
} from './calendar';
import type { LiveCalendarProps } from './props.gen';
import './live-calendar.css';
import { liveCalendar } from '../../i18n/zh-CN/live-calendar';

const t = liveCalendar;

type Clock = { has_clock: number; appointment_count: number };

/**
 * Sets or cancels the reminder of a session as its button says (提醒我 sets, 已预约 cancels) and answers the server's
 * {has_clock, appointment_count}; a logged-out visitor goes to login (returning to `returnPath`) and nothing is called.
 * A refusal is toasted with the server's message and answers null.
 */
export async function toggleClock(env: Env, session: Pick<LiveSession, 'id' | 'has_clock'>, hasLogin: boolean, returnPath: string) {
  if (!hasLogin) {
    env.navigate(loginPath(returnPath));
    return null;
  }
  const on = session.has_clock === 1;
  const res = await env.call(on ? 'course.cancel_live_clock' : 'course.live_clock', { course_id: session.id });
  if (res.status !== 0 || !res.data) {
    env.toast(res.msg);
    return null;
  }
  env.toast(res.data.has_clock === 1 ? t.remindOk : t.remindCancelled);
  return res.data as Clock;
}

/** Loads a month's sessions of the subject: [start, end) of the month in China time. */
export function loadMonth(env: Env, month: Month, genusId: number, categoryId: number) {
  return env.call('course.live', { genus_id: genusId, category_id: categoryId, ...monthSpan(month) });
}

const EmptyIcon = () => (
  <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true">
    <rect x="10" y="14" width="44" height="40" rx="6" fill="none" stroke="currentColor" strokeWidth="2.5" />
    <path d="M10 25h44M22 9v10M42 9v10" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    <path d="M27 36l10 6-10 6z" fill="currentColor" opacity="0.55" />
  </svg>
);

/**
 * One session of the selected day: time, name (links to its live page), teacher, status (未开始 / 直播中 / 已结束: the
 * recording is offered by the 看回放 button), bookings and its action.
 */
export function SessionRow(p: {
  s: LiveSession;
  livePath: string;
  playbackPath: string;
  busy: boolean;
  onToggle: (s: LiveSession) => void;
}) {
  const { s } = p;
  const liveHref = `${p.livePath}?id=${s.id}`;
  const pressed = s.has_clock === 1;
  return (
    <li className={`lc-session lc-${s.live_status}`} data-testid="live-session" data-id={s.id} data-status={s.live_status}>
      <div className="lc-time">{liveClockTime(s.live_start_time)}</div>
      <div className="lc-info">
        <Link className="lc-name" to={liveHref}>
          {s.name}
        </Link>
        <p className="lc-sub">
          <span className={`lc-status lc-status-${s.live_status}`}>{liveStatusText(s.live_status, false)}</span>
          {s.teacher ? <span>{t.teacher(s.teacher)}</span> : null}
        </p>
        <p className="lc-count" data-testid="live-appointments">
          {t.appointments(s.appointment_count)}
        </p>
      </div>
      <div className="lc-act">
        {s.live_status === 'upcoming' ? (
          <button
            type="button"
            className={`lc-btn lc-remind${pressed ? ' lc-pressed' : ''}`}
            aria-pressed={pressed}
            disabled={p.busy}
            data-testid="live-remind"
            onClick={() => p.onToggle(s)}
          >
            {pressed ? <CheckIcon size={15} strokeWidth={2.2} /> : <BellIcon />}
            {pressed ? t.reminded : t.remind}
          </button>
        ) : s.live_status === 'live' ? (
          <Link className="lc-btn lc-enter" to={liveHref} data-testid="live-enter">
            <PlayIcon size={14} />
            {t.enter}
          </Link>
        ) : s.live_playback === 1 ? (
          <Link className="lc-btn lc-playback" to={`${p.playbackPath}/${s.id}`} data-testid="live-playback">
            <PlayIcon size={14} />
            {t.playback}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/** The month as a Monday-first grid: today ringed, the selected day filled, days with sessions dotted. */
export function MonthGrid(p: {
  month: Month;
  today: Day;
  selected: Day | null;
  marked: ReadonlyMap<string, unknown> | ReadonlySet<string>;
  busy?: boolean;
  onSelect: (day: Day) => void;
}) {
  return (
    <table className="lc-grid" aria-busy={p.busy || undefined}>
      <thead>
        <tr>
          {t.weekdays.map((w) => (
            <th key={w} scope="col">
              {w}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthGrid(p.month).map((week) => (
          <tr key={dayKey(week.find((d) => d) ?? { ...p.month, d: 0 })}>
            {week.map((day, i) => {
              // biome-ignore lint/suspicious/noArrayIndexKey: a blank cell is only its position in the week.
              if (!day) return <td key={`blank-${i}`} />;
              const key = dayKey(day);
              const has = p.marked.has(key);
              const isToday = sameDay(day, p.today);
              const isSelected = sameDay(day, p.selected);
              return (
                <td key={key}>
                  <button
                    type="button"
                    className={`lc-day${isToday ? ' lc-today' : ''}${isSelected ? ' lc-selected' : ''}`}
                    aria-pressed={isSelected}
                    aria-current={isToday ? 'date' : undefined}
                    aria-label={t.dayLabel(day.m, day.d, has, isToday)}
                    data-day={key}
                    data-has-live={has || undefined}
                    onClick={() => p.onSelect(day)}
                  >
                    <span className="lc-num">{day.d}</span>
                    {has ? <span className="lc-dot" aria-hidden="true" /> : null}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * `/course/live_calendar`: the chosen subject's live sessions as a month calendar (Monday first, China time), with
 * the selected day's sessions below it and their reminder toggles.
 */
export default function LiveCalendar({ props, env, scope }: BlockProps<LiveCalendarProps>) {
  const exam = examOf(scope);
  const hasLogin = (scope.auth as { hasLogin?: boolean } | undefined)?.hasLogin === true;
  const path = useCurrentPath();
  const livePath = props.livePath || '/course/live-course';
  const playbackPath = props.playbackPath || '/course/detail';
  const today = useMemo(() => chinaToday(), []);
  // The month on screen; `n` grows on 重试 so that the same month loads again.
  const [view, setView] = useState<{ month: Month; n: number }>({ month: { y: today.y, m: today.m }, n: 0 });
  const month = view.month;
  const [sessions, setSessions] = useState<LiveSession[]>([]);
  const [state, setState] = useState<{ loading: boolean; error: string }>({ loading: true, error: '' });
  const [selected, setSelected] = useState<Day | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set());
  const request = useRef(0);

  useEffect(() => {
    if (exam.genus_id === null || exam.category_id === null) return;
    const mine = ++request.current;
    setState({ loading: true, error: '' });
    const shown = view.month;
    void loadMonth(env, shown, exam.genus_id, exam.category_id).then((res) => {
      if (mine !== request.current) return;
      const list = res.status === 0 && res.data ? res.data : [];
      setSessions(list);
      setState({ loading: false, error: res.status === 0 ? '' : res.msg || t.loadFailed });
      const marked = new Set(list.map((s) => dayKey(chinaDayOf(s.live_start_time))));
      setSelected((cur) => (cur && cur.y === shown.y && cur.m === shown.m ? cur : initialDay(shown, marked, today)));
    });
  }, [env, view, exam.genus_id, exam.category_id, today]);

  const byDay = useMemo(() => groupByDay(sessions), [sessions]);
  const daySessions = selected ? (byDay.get(dayKey(selected)) ?? []) : [];

  const onToggle = useCallback(
    async (s: LiveSession) => {
      setBusy((b) => new Set(b).add(s.id));
      const reply = await toggleClock(env, s, hasLogin, path);
      setBusy((b) => {
        const next = new Set(b);
        next.delete(s.id);
        return next;
      });
      if (reply) setSessions((list) => withClock(list, s.id, reply));
    },
    [env, hasLogin, path],
  );

  const go = (delta: number) => {
    setSelected(null);
    setView((v) => ({ month: shiftMonth(v.month, delta), n: v.n }));
  };
  const isCurrentMonth = month.y === today.y && month.m === today.m;

  return (
    <section className="live-calendar" data-testid="live-calendar">
      <div className="lc-card">
        <header className="lc-head">
          <button type="button" className="lc-nav" aria-label={t.prevMonth} data-testid="live-prev-month" onClick={() => go(-1)}>
            <ChevronIcon dir="left" size={20} strokeWidth={2} />
          </button>
          <h2 className="lc-month" aria-live="polite" data-testid="live-month">
            {t.monthTitle(month.y, month.m)}
          </h2>
          <button type="button" className="lc-nav" aria-label={t.nextMonth} data-testid="live-next-month" onClick={() => go(1)}>
            <ChevronIcon dir="right" size={20} strokeWidth={2} />
          </button>
          {isCurrentMonth ? null : (
            <button
              type="button"
              className="lc-today-link"
              onClick={() => {
                setSelected(today);
                setView((v) => ({ month: { y: today.y, m: today.m }, n: v.n }));
              }}
            >
              {t.backToday}
            </button>
          )}
        </header>
        <MonthGrid month={month} today={today} selected={selected} marked={byDay} busy={state.loading} onSelect={setSelected} />
        {!state.loading && !state.error && sessions.length === 0 ? <p className="lc-month-empty">{t.monthEmpty}</p> : null}
      </div>

      {selected ? (
        <div className="lc-day-head">
          <h3 data-testid="live-day-title">{t.dayTitle(selected.m, selected.d, t.weekdays[mondayIndex(selected)] ?? '')}</h3>
          {daySessions.length ? <span>{t.sessionCount(daySessions.length)}</span> : null}
        </div>
      ) : null}
      {state.error ? (
        <div className="lc-error" role="alert">
          <p>{state.error}</p>
          <button type="button" className="lc-btn" onClick={() => setView((v) => ({ ...v, n: v.n + 1 }))}>
            {t.retry}
          </button>
        </div>
      ) : state.loading && sessions.length === 0 ? (
        <p className="lc-note">{t.loading}</p>
      ) : selected && daySessions.length === 0 ? (
        <div className="lc-empty" data-testid="live-day-empty">
          <EmptyIcon />
          <p>{props.emptyText || t.empty}</p>
        </div>
      ) : (
        <ul className="lc-sessions">
          {daySessions.map((s) => (
            <SessionRow key={s.id} s={s} livePath={livePath} playbackPath={playbackPath} busy={busy.has(s.id)} onToggle={onToggle} />
          ))}
        </ul>
      )}
    </section>
  );
}
