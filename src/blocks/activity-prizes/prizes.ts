import { money } from '../../format/time';
import { activity as t } from '../../i18n/zh-CN/activity';
import type { Action, Env, PageApi, Scope } from '../../runtime/block-api';

export type PrizeState = 'claimed' | 'claimable' | 'locked' | 'sold_out' | 'closed' | 'login';
const STATES: readonly string[] = ['claimed', 'claimable', 'locked', 'sold_out', 'closed', 'login'];

/** A prize as the block draws it (activity.detail's prize view, read defensively). */
export interface Prize {
  id: string;
  name: string;
  image: string;
  kind: string;
  value: number;
  stockLeft: number;
  threshold: number;
  state: PrizeState;
  stateText: string;
  /** The prize as given (the claim actions read it as `prize`). */
  raw: Record<string, unknown>;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The prizes to draw: objects with an id, a name and a known state; anything else gives none. */
export function prizeList(raw: unknown): Prize[] {
  if (!Array.isArray(raw)) return [];
  const out: Prize[] = [];
  for (const p of raw) {
    if (!p || typeof p !== 'object') continue;
    const o = p as Record<string, unknown>;
    const id = text(o.id);
    const name = text(o.name);
    const state = text(o.state);
    if (!id || !name || !STATES.includes(state)) continue;
    out.push({
      id,
      name,
      image: text(o.image),
      kind: text(o.kind),
      value: num(o.value),
      stockLeft: Math.max(0, num(o.stock_left)),
      threshold: Math.max(0, num(o.threshold)),
      state: state as PrizeState,
      stateText: text(o.state_text),
      raw: o,
    });
  }
  return out;
}

/** What a prize's button does: claim (runs the page's claim actions), login (opens the login route), or nothing. */
export type ButtonKind = 'claim' | 'login' | 'none';

export interface PrizeButton {
  text: string;
  kind: ButtonKind;
  /** A hint line under the prize (why a locked prize cannot be claimed yet); '' for none. */
  hint: string;
}

/** Words a page may use instead of 领取 / 已领取 / 未达成 (e.g. 选这份 / 已选 / 不可选 on a pick page). */
export interface ButtonLabels {
  claim?: string;
  claimed?: string;
  locked?: string;
}

/** The button of a prize in `phase` (upcoming, running, ended). */
export function prizeButton(p: Pick<Prize, 'state' | 'stateText'>, phase: string | undefined, labels: ButtonLabels = {}): PrizeButton {
  switch (p.state) {
    case 'claimable':
      return { text: labels.claim || t.claim, kind: 'claim', hint: '' };
    case 'claimed':
      return { text: labels.claimed || t.claimed, kind: 'none', hint: '' };
    case 'sold_out':
      return { text: t.soldOut, kind: 'none', hint: '' };
    case 'login':
      return { text: t.loginToClaim, kind: 'login', hint: '' };
    case 'locked':
      return { text: labels.locked || t.locked, kind: 'none', hint: p.stateText };
    case 'closed':
      return { text: phase === 'upcoming' ? t.notStarted : t.ended, kind: 'none', hint: '' };
  }
}

/** The kind label drawn in place of a missing picture. */
export function kindLabel(kind: string): string {
  return t.kind[kind] ?? t.prizeFallback;
}

/** The small facts under a prize's name: threshold, value ('' parts are dropped by the caller). */
export function prizeFacts(p: Pick<Prize, 'threshold' | 'value'>): { threshold: string; value: string } {
  return {
    threshold: p.threshold > 0 ? t.threshold(p.threshold) : '',
    value: p.value > 0 ? t.value(money(p.value)) : '',
  };
}

/** The caller's progress as a number, or null when the track is hidden (null, '', absent, not a number). */
export function progressOf(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
}

export interface Milestone {
  threshold: number;
  /** Position on the track, 0–100. */
  at: number;
  reached: boolean;
}

export interface Track {
  /** Filled part of the track, 0–100. */
  fill: number;
  milestones: Milestone[];
  /** What is next: 再邀请 N 位，可领「…」, or that every threshold is reached. */
  goal: string;
}

/** The progress track: one milestone per distinct threshold, the fill up to `progress`, and the next goal. */
export function progressTrack(prizes: readonly Pick<Prize, 'threshold' | 'name'>[], progress: number): Track | null {
  const withThreshold = prizes.filter((p) => p.threshold > 0);
  if (withThreshold.length === 0) return null;
  const thresholds = [...new Set(withThreshold.map((p) => p.threshold))].sort((a, b) => a - b);
  const max = thresholds[thresholds.length - 1] ?? 1;
  const next = [...withThreshold].sort((a, b) => a.threshold - b.threshold).find((p) => p.threshold > progress);
  return {
    fill: Math.min(100, (progress / max) * 100),
    milestones: thresholds.map((n) => ({ threshold: n, at: (n / max) * 100, reached: progress >= n })),
    goal: next ? t.nextGoal(next.threshold - progress, next.name) : t.allReached,
  };
}

/** What a tap on a prize's button needs from the block. */
export interface TapContext {
  claimActions: readonly Action[] | undefined;
  /** Sources reloaded after the claim actions, whatever their outcome. */
  refresh: readonly string[];
  loginTo: string | undefined;
  run(actions: readonly Action[] | undefined, extraScope?: Scope): Promise<void>;
  page: Pick<PageApi, 'refresh'>;
  env: Pick<Env, 'navigate'>;
}

/** Whether a button can be tapped: a claim needs claim actions, a login needs the login route. */
export function canTap(kind: ButtonKind, ctx: Pick<TapContext, 'claimActions' | 'loginTo'>): boolean {
  if (kind === 'claim') return (ctx.claimActions?.length ?? 0) > 0;
  if (kind === 'login') return Boolean(ctx.loginTo);
  return false;
}

/**
 * A tap on a prize's button: 领取 runs the claim actions with `prize` (the prize as given) in scope, then reloads
 * the `refresh` sources even when the claim was refused (its call action toasts the server's message); 登录后领取
 * opens the login route. Resolves with what it did.
 */
export async function tapPrize(prize: Prize, kind: ButtonKind, ctx: TapContext): Promise<'claim' | 'login' | 'none'> {
  if (!canTap(kind, ctx)) return 'none';
  if (kind === 'login') {
    ctx.env.navigate(ctx.loginTo ?? '');
    return 'login';
  }
  try {
    await ctx.run(ctx.claimActions, { prize: prize.raw });
  } finally {
    for (const name of ctx.refresh) ctx.page.refresh(name);
  }
  return 'claim';
}
