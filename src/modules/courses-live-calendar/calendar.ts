/** The live calendar's rules: China-time days and months, the Monday-first month grid, marks and the first selection. */

/** China Standard Time has no daylight saving: UTC+8 all year. */
const CHINA_OFFSET = 8 * 3600;

/** A calendar day (China time); `m` is 1–12. */
export interface Day {
  y: number;
  m: number;
  d: number;
}

/** A month (China time); `m` is 1–12. */
export interface Month {
  y: number;
  m: number;
}

/** `2026-05-07`: a day's key in maps and test ids. */
export function dayKey(day: Day): string {
  return `${day.y}-${String(day.m).padStart(2, '0')}-${String(day.d).padStart(2, '0')}`;
}

/** The China calendar day of a moment in unix seconds. */
export function chinaDayOf(seconds: number): Day {
  const t = new Date((seconds + CHINA_OFFSET) * 1000);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** Today in China. */
export function chinaToday(nowMs = Date.now()): Day {
  return chinaDayOf(Math.floor(nowMs / 1000));
}

/** Unix seconds of 00:00 China time of a day (the day may overflow into the next month, as Date.UTC allows). */
export function chinaMidnight(y: number, m: number, d: number): number {
  return Date.UTC(y, m - 1, d) / 1000 - CHINA_OFFSET;
}

/** The month `delta` months away. */
export function shiftMonth(month: Month, delta: number): Month {
  const i = month.y * 12 + (month.m - 1) + delta;
  return { y: Math.floor(i / 12), m: (i % 12) + 1 };
}

export function daysInMonth(month: Month): number {
  return new Date(Date.UTC(month.y, month.m, 0)).getUTCDate();
}

/** The month's span as course.live asks for it: [00:00 of the 1st, 00:00 of the next month's 1st), China time. */
export function monthSpan(month: Month): { start: number; end: number } {
  return { start: chinaMidnight(month.y, month.m, 1), end: chinaMidnight(month.y, month.m + 1, 1) };
}

/** Weekday of a day, Monday = 0 … Sunday = 6. */
export function mondayIndex(day: Day): number {
  return (new Date(Date.UTC(day.y, day.m - 1, day.d)).getUTCDay() + 6) % 7;
}

/**
 * The month's grid, Monday first: whole weeks of 7 cells, `null` for the cells before the 1st and after the last day.
 */
export function monthGrid(month: Month): (Day | null)[][] {
  const lead = mondayIndex({ ...month, d: 1 });
  const count = daysInMonth(month);
  const cells: (Day | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: count }, (_, i) => ({ ...month, d: i + 1 })),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (Day | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Sessions grouped by their China start day (in the order given, which is the server's start order). */
export function groupByDay<T extends { live_start_time: number }>(sessions: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const s of sessions) {
    const key = dayKey(chinaDayOf(s.live_start_time));
    map.set(key, [...(map.get(key) ?? []), s]);
  }
  return map;
}

/**
 * The day selected when a month is shown: in today's month, today when it has sessions, else the next day of the
 * month that has some, else today; in another month, its first day with sessions, else the 1st.
 */
export function initialDay(month: Month, marked: ReadonlySet<string>, today: Day): Day {
  const isCurrent = month.y === today.y && month.m === today.m;
  const from = isCurrent ? today.d : 1;
  for (let d = from; d <= daysInMonth(month); d++) {
    if (marked.has(dayKey({ ...month, d }))) return { ...month, d };
  }
  return isCurrent ? today : { ...month, d: 1 };
}

export function sameDay(a: Day | null, b: Day | null): boolean {
  return !!a && !!b && a.y === b.y && a.m === b.m && a.d === b.d;
}

/** Where a logged-out visitor goes: mobile login, returning to `path`. */
export function loginPath(path: string): string {
  return `/user/mobile_login/${encodeURIComponent(path)}`;
}

/** The reminder fields of one session replaced by the server's reply, other sessions unchanged. */
export function withClock<T extends { id: number; has_clock: number; appointment_count: number }>(
  sessions: readonly T[],
  id: number,
  reply: { has_clock: number; appointment_count: number },
): T[] {
  return sessions.map((s) => (s.id === id ? { ...s, has_clock: reply.has_clock, appointment_count: reply.appointment_count } : s));
}
