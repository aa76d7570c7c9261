import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import type { LiveSession } from '../../contract/courses';
import {
  chinaDayOf,
  chinaToday,
  dayKey,
  daysInMonth,
  groupByDay,
  initialDay,
  loginPath,
  monthGrid,
  monthSpan,
  shiftMonth,
  withClock,
} from './calendar';
import LiveCalendar, { loadMonth, MonthGrid, SessionRow, toggleClock } from './LiveCalendar';

/** Unix seconds of a China wall-clock time. */
const cst = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h - 8, min) / 1000;

function session(over: Partial<LiveSession> = {}): LiveSession {
  return {
    id: 8,
    genus_id: 1,
    category_id: 1,
    name: '英语四级仔细阅读难点答疑直播',
    intro: '',
    cover: '/media/course/8.svg',
    cover_aspect_ratio: 1.6,
    teacher: '林墨',
    lesson_count: 1,
    member_count: 10,
    price: 4900,
    is_free: 0,
    is_hot: 0,
    is_recommend: 0,
    is_top: 0,
    is_live: 1,
    is_single: 1,
    live_start_time: cst(2026, 11, 25, 20),
    live_end_time: cst(2026, 11, 25, 21, 30),
    live_url: '',
    live_playback: 0,
    appointment_count: 4,
    collect_count: 0,
    has_clock: 0,
    has_collect: 0,
    created_at: 1,
    live_status: 'upcoming',
    ...over,
  };
}

const ok = <T,>(data: T) => ({ status: 0, code: 0, msg: 'ok', data });

describe('live calendar: China days and months', () => {
  it('reads days in China time (UTC+8), also across midnight UTC', () => {
    expect(chinaDayOf(cst(2026, 11, 25, 0, 30))).toEqual({ y: 2026, m: 11, d: 25 });
    expect(chinaDayOf(cst(2026, 11, 24, 23, 59))).toEqual({ y: 2026, m: 11, d: 24 });
    // 2026-11-24 17:00 UTC is already the 25th in China.
    expect(chinaToday(Date.UTC(2026, 10, 24, 17))).toEqual({ y: 2026, m: 11, d: 25 });
  });

  it('asks course.live for exactly the month, 00:00 China time to 00:00 of the next month, at most 62 days', () => {
    expect(monthSpan({ y: 2026, m: 11 })).toEqual({ start: cst(2026, 11, 1), end: cst(2026, 12, 1) });
    expect(monthSpan({ y: 2026, m: 12 })).toEqual({ start: cst(2026, 12, 1), end: cst(2027, 1, 1) });
    for (let m = 1; m <= 12; m++) {
      const { start, end } = monthSpan({ y: 2028, m });
      expect((end - start) / 86400).toBe(daysInMonth({ y: 2028, m }));
      expect(end - start).toBeLessThanOrEqual(62 * 86400);
    }
    expect(daysInMonth({ y: 2028, m: 2 })).toBe(29);
    expect(daysInMonth({ y: 2026, m: 2 })).toBe(28);
  });

  it('switches months across years', () => {
    expect(shiftMonth({ y: 2026, m: 12 }, 1)).toEqual({ y: 2027, m: 1 });
    expect(shiftMonth({ y: 2026, m: 1 }, -1)).toEqual({ y: 2025, m: 12 });
    expect(shiftMonth({ y: 2026, m: 11 }, 0)).toEqual({ y: 2026, m: 11 });
  });

  it('lays a month out Monday first, in whole weeks, with every day once', () => {
    // November 2026 starts on a Sunday: six blanks, then the 1st in the last column.
    const nov = monthGrid({ y: 2026, m: 11 });
    expect(nov[0]?.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(nov[0]?.[6]).toEqual({ y: 2026, m: 11, d: 1 });
    expect(nov[1]?.[0]).toEqual({ y: 2026, m: 11, d: 2 }); // Monday the 2nd opens the second row
    expect(nov.every((w) => w.length === 7)).toBe(true);
    const days = nov.flat().filter((d) => d !== null);
    expect(days.map((d) => d?.d)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // February 2021 starts on a Monday and has 28 days: exactly four full weeks.
    const feb = monthGrid({ y: 2021, m: 2 });
    expect(feb).toHaveLength(4);
    expect(feb[0]?.[0]).toEqual({ y: 2021, m: 2, d: 1 });
    expect(feb.flat().includes(null)).toBe(false);
  });

  it('marks the China day a session starts on', () => {
    const late = session({ id: 1, live_start_time: cst(2026, 11, 25, 23, 30) });
    const early = session({ id: 2, live_start_time: cst(2026, 11, 26, 0, 15) });
    const also = session({ id: 3, live_start_time: cst(2026, 11, 25, 9) });
    const byDay = groupByDay([also, late, early]);
    expect([...byDay.keys()]).toEqual(['2026-11-25', '2026-11-26']);
    expect(byDay.get('2026-11-25')?.map((s) => s.id)).toEqual([3, 1]);
  });

  it('starts on today when it has sessions, else on the next day of the month that has some, else today', () => {
    const today = { y: 2026, m: 11, d: 24 };
    const nov = { y: 2026, m: 11 };
    expect(initialDay(nov, new Set(['2026-11-24', '2026-11-28']), today)).toEqual(today);
    expect(initialDay(nov, new Set(['2026-11-21', '2026-11-28']), today)).toEqual({ y: 2026, m: 11, d: 28 });
    expect(initialDay(nov, new Set(['2026-11-21']), today)).toEqual(today);
    // Another month: its first day with sessions, else the 1st.
    expect(initialDay({ y: 2026, m: 12 }, new Set(['2026-12-03', '2026-12-09']), today)).toEqual({ y: 2026, m: 12, d: 3 });
    expect(initialDay({ y: 2027, m: 1 }, new Set(), today)).toEqual({ y: 2027, m: 1, d: 1 });
  });
});

describe('live calendar: reminders', () => {
  it('sends a logged-out visitor to login with the way back, and calls nothing', async () => {
    const env = fakeEnv();
    expect(await toggleClock(env, session(), false, '/course/live_calendar')).toBeNull();
    expect(env.navigate).toHaveBeenCalledWith('/user/mobile_login/%2Fcourse%2Flive_calendar');
    expect(env.call).not.toHaveBeenCalled();
    expect(loginPath('/course/live-course?id=8')).toBe('/user/mobile_login/%2Fcourse%2Flive-course%3Fid%3D8');
  });

  it('提醒我 sets the reminder and the count moves to the server reply at once', async () => {
    const env = fakeEnv({ 'course.live_clock': ok({ has_clock: 1, appointment_count: 5 }) });
    const s = session({ appointment_count: 4 });
    const reply = await toggleClock(env, s, true, '/course/live_calendar');
    expect(env.call).toHaveBeenCalledWith('course.live_clock', { course_id: 8 });
    expect(reply).toEqual({ has_clock: 1, appointment_count: 5 });
    expect(env.toast).toHaveBeenCalledWith('预约成功，开播前会提醒你');
    const other = session({ id: 9, appointment_count: 7 });
    const next = withClock([s, other], 8, reply as { has_clock: number; appointment_count: number });
    expect(next[0]).toMatchObject({ id: 8, has_clock: 1, appointment_count: 5 });
    expect(next[1]).toBe(other);
  });

  it('已预约 cancels it and the count goes back', async () => {
    const env = fakeEnv({ 'course.cancel_live_clock': ok({ has_clock: 0, appointment_count: 4 }) });
    const reply = await toggleClock(env, session({ has_clock: 1, appointment_count: 5 }), true, '/x');
    expect(env.call).toHaveBeenCalledWith('course.cancel_live_clock', { course_id: 8 });
    expect(reply).toEqual({ has_clock: 0, appointment_count: 4 });
    expect(env.toast).toHaveBeenCalledWith('已取消预约');
  });

  it('a refused reminder shows the server message and changes nothing', async () => {
    const env = fakeEnv({ 'course.live_clock': { status: 1, code: 4004, msg: '直播课 course_id 8 不存在', data: null } });
    expect(await toggleClock(env, session(), true, '/x')).toBeNull();
    expect(env.toast).toHaveBeenCalledWith('直播课 course_id 8 不存在');
  });

  it('loads a month through course.live with the subject and the month span', async () => {
    const env = fakeEnv({ 'course.live': ok([]) });
    await loadMonth(env, { y: 2026, m: 11 }, 1, 2);
    expect(env.call).toHaveBeenCalledWith('course.live', { genus_id: 1, category_id: 2, start: cst(2026, 11, 1), end: cst(2026, 12, 1) });
  });
});

describe('live calendar: what it draws', () => {
  const render = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

  it('rings today, fills the selected day and dots the days with sessions', () => {
    const html = render(
      <MonthGrid
        month={{ y: 2026, m: 11 }}
        today={{ y: 2026, m: 11, d: 24 }}
        selected={{ y: 2026, m: 11, d: 25 }}
        marked={new Set(['2026-11-25', '2026-11-28'])}
        onSelect={() => {}}
      />,
    );
    expect(html.match(/<th scope="col">(.)<\/th>/g)?.map((h) => h.replace(/<[^>]+>/g, ''))).toEqual([
      '一',
      '二',
      '三',
      '四',
      '五',
      '六',
      '日',
    ]);
    expect(html.match(/data-day="/g)).toHaveLength(30);
    expect(html.match(/class="lc-dot"/g)).toHaveLength(2);
    expect(html).toMatch(/class="lc-day lc-today"[^>]*aria-current="date"[^>]*aria-label="11月24日，今天"/);
    expect(html).toMatch(/class="lc-day lc-selected" aria-pressed="true"[^>]*aria-label="11月25日，有直播" data-day="2026-11-25"/);
  });

  it('a session row shows time, name, teacher, status, bookings and its action by status', () => {
    const row = (over: Partial<LiveSession>) =>
      render(
        <SessionRow s={session(over)} livePath="/course/live-course" playbackPath="/course/detail" busy={false} onToggle={() => {}} />,
      );
    const upcoming = row({ appointment_count: 12 });
    expect(upcoming).toContain('>20:00<');
    expect(upcoming).toContain('英语四级仔细阅读难点答疑直播');
    expect(upcoming).toContain('主讲 林墨');
    expect(upcoming).toContain('未开始');
    expect(upcoming).toContain('12 人已预约');
    expect(upcoming).toMatch(/aria-pressed="false"[^>]*>.*提醒我/);
    expect(row({ has_clock: 1 })).toMatch(/aria-pressed="true"[^>]*>.*已预约/);
    const live = row({ live_status: 'live' });
    expect(live).toContain('直播中');
    expect(live).toMatch(/data-testid="live-enter" href="\/course\/live-course\?id=8"/);
    expect(live).not.toContain('提醒我');
    const playback = row({ live_status: 'ended', live_playback: 1 });
    expect(playback).toMatch(/data-testid="live-playback" href="\/course\/detail\/8"/);
    expect(playback).toContain('lc-status-ended">已结束<');
    expect(row({ live_status: 'ended' })).not.toMatch(/live-playback|live-remind|live-enter/);
  });

  it('opens on the current China month, loading', () => {
    const today = chinaToday();
    const { blockProps } = fakeBlockProps(
      'courses-live-calendar',
      {},
      { scope: { exam: { genus_id: 1, category_id: 1 }, auth: { hasLogin: true } } },
    );
    const html = render(<LiveCalendar {...blockProps} />);
    expect(html).toContain(`${today.y}年${today.m}月`);
    expect(html).toContain(`data-day="${dayKey(today)}"`);
    expect(html).toContain('加载中…');
  });
});
