/** Calendar helpers so that seeded notice titles refer to sensible exam sittings relative to `now`. */

export interface Terms {
  year: number;
  /** 1–12, China Standard Time. */
  month: number;
}

export function termsAt(now: number): Terms {
  const d = new Date((now + 8 * 3600) * 1000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

export const half = (year: number, first: boolean): string => `${year}年${first ? '上半年' : '下半年'}`;

/**
 * For an exam sat twice a year, the next sitting whose registration is still ahead (`registration`) and the
 * latest sitting whose scores are already out (`scored`). Months are the last month registration is open
 * for the first/second sitting and the first month scores are published for each.
 */
export function sittings(
  t: Terms,
  regCloses: readonly [number, number],
  scoresOut: readonly [number, number],
): { registration: string; scored: string } {
  const registration =
    t.month <= regCloses[0] ? half(t.year, true) : t.month <= regCloses[1] ? half(t.year, false) : half(t.year + 1, true);
  const scored = t.month >= scoresOut[1] ? half(t.year, false) : t.month >= scoresOut[0] ? half(t.year, true) : half(t.year - 1, false);
  return { registration, scored };
}
