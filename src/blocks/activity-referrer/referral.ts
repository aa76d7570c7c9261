/** The referral a landing page was opened with, read from its (string) props. */
export interface Referral {
  activityId: number;
  referrerId: number;
  source: 'link' | 'poster' | 'qr';
}

const SOURCES = ['link', 'poster', 'qr'] as const;

const positive = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/** The referral, or null when the page has no referrer (or no activity). Unknown sources count as a link. */
export function referralOf(props: { activityId?: unknown; referrerId?: unknown; source?: unknown }): Referral | null {
  const activityId = positive(props.activityId);
  const referrerId = positive(props.referrerId);
  if (!activityId || !referrerId) return null;
  const source = SOURCES.find((s) => s === props.source) ?? 'link';
  return { activityId, referrerId, source };
}
