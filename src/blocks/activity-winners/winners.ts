/** A winner as the marquee draws it (user.rand_user's row, read defensively). */
export interface Winner {
  nickname: string;
  mobile: string;
  prize: string;
  /** Unix seconds (0: unknown, no time shown). */
  createdAt: number;
}

/** Marquee period. */
export const WINNER_MS = 3000;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The winners to show: rows with a prize and someone (a nickname or a mobile); anything else gives none. Never adds any. */
export function winnerList(raw: unknown): Winner[] {
  if (!Array.isArray(raw)) return [];
  const out: Winner[] = [];
  for (const w of raw) {
    if (!w || typeof w !== 'object') continue;
    const o = w as Record<string, unknown>;
    const winner = {
      nickname: text(o.nickname),
      mobile: text(o.mobile),
      prize: text(o.prize),
      createdAt: typeof o.created_at === 'number' && Number.isFinite(o.created_at) ? o.created_at : 0,
    };
    if (winner.prize && (winner.nickname || winner.mobile)) out.push(winner);
  }
  return out;
}

/** Who won, as shown: nickname and masked mobile, whichever the server gave. */
export function winnerName(w: Winner): string {
  return [w.nickname, w.mobile].filter(Boolean).join(' ');
}

/** The line the marquee shows after `index`. */
export function nextWinner(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}
