/**
 * Once an activity has started, its promises hold (《规范促销行为暂行规定》: no change after publishing unless it
 * favours users): an edit with fewer prizes, a higher threshold, a later start, an earlier end, a stricter rule or a
 * prize swapped for another is refused, with each reason; copy, pictures and more generous numbers are fine.
 */
import type { ActivityDefinition, Prize } from './activity-definition';

const shanghai = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

/** How strict each referral qualification is: a later one asks more of invitees. */
const QUALIFY_ORDER = ['bound_mobile', 'first_study', 'first_payment'];

/** Rule numbers where a smaller value is worse for users (caps and picks a user can reach). */
const SMALLER_IS_WORSE = ['dailyCap', 'picks', 'newUserWithinHours'];

function samePrize(a: Prize, b: Prize): boolean {
  return a.kind === b.kind && a.refId === b.refId && a.vipType === b.vipType;
}

/** Why `next` is worse for users than `old` (empty: the edit may go live). */
export function worseForUsers(old: ActivityDefinition, next: ActivityDefinition): string[] {
  const out: string[] = [];
  if (next.type !== old.type) out.push(`不能更改活动类型（${old.type} → ${next.type}）`);
  if (next.startsAtMs !== old.startsAtMs) out.push(`不能更改开始时间（${shanghai(old.startsAtMs)} → ${shanghai(next.startsAtMs)}）`);
  if (next.endsAtMs < old.endsAtMs) out.push(`不能提前结束（${shanghai(old.endsAtMs)} → ${shanghai(next.endsAtMs)}）`);
  for (const p of old.prizes) {
    const n = next.prizes.find((x) => x.id === p.id);
    if (!n) {
      out.push(`不能删除奖品「${p.name}」（${p.id}）`);
      continue;
    }
    if (!samePrize(p, n)) out.push(`不能把奖品「${p.name}」换成别的内容`);
    if (n.quantity < p.quantity) out.push(`不能减少奖品「${p.name}」的数量（${p.quantity} → ${n.quantity}）`);
    if ((n.threshold ?? 0) > (p.threshold ?? 0)) out.push(`不能提高奖品「${p.name}」的门槛（${p.threshold ?? 0} → ${n.threshold}）`);
    if ((n.days ?? 0) < (p.days ?? 0)) out.push(`不能减少奖品「${p.name}」的会员天数（${p.days} → ${n.days}）`);
  }
  const was = old.rules as unknown as Record<string, unknown>;
  const now = next.rules as unknown as Record<string, unknown>;
  for (const key of SMALLER_IS_WORSE) {
    if (typeof was[key] === 'number' && typeof now[key] === 'number' && (now[key] as number) < (was[key] as number))
      out.push(`不能收紧规则 ${key}（${String(was[key])} → ${String(now[key])}）`);
  }
  if (typeof was.qualifyBy === 'string' && typeof now.qualifyBy === 'string') {
    if (QUALIFY_ORDER.indexOf(now.qualifyBy) > QUALIFY_ORDER.indexOf(was.qualifyBy))
      out.push(`不能提高好友生效的条件（${was.qualifyBy} → ${now.qualifyBy}）`);
  }
  return out.map((r) => `活动已开始，${r}`);
}
