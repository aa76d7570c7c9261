/**
 * What the activity pages read: the activity with its phase, its prizes with stock and the caller's state for each,
 * the caller's progress, the statistics (from the invites, claims and ledger: nothing invented) and the recent real
 * winners, masked.
 */
import type * as activity from '../../../contract/activities';
import type { OutputOf } from '../../../contract/endpoint';
import type { Services } from '../../http/context';
import { maskMobile } from '../accounts';
import { eligibility } from './activity-claims';
import { type ActivityDefinition, COUNTS_INVITES, type RulesOf } from './activity-definition';
import { recordEvent } from './activity-events';
import { qualifiedCount, requalify } from './activity-invites';
import { PHASE_TEXT, phaseOf } from './activity-lookup';
import { disclosureHtml, rulesHtml } from './activity-rules-html';
import { chinaDay, maskNickname } from './invite-rules';

type ViewServices = Pick<Services, 'db' | 'clock' | 'nowMs' | 'config'>;

export async function prizeViews(s: ViewServices, a: ActivityDefinition, userId: number | null): Promise<activity.PrizeView[]> {
  const db = s.db.kysely;
  const stock = await db.selectFrom('activity_prizes').select(['prize_id', 'stock_left']).where('activity_id', '=', a.id).execute();
  const mine = userId
    ? await db.selectFrom('activity_claims').select('prize_id').where('activity_id', '=', a.id).where('user_id', '=', userId).execute()
    : [];
  const phase = phaseOf(s, a);
  const out: activity.PrizeView[] = [];
  for (const p of a.prizes) {
    const left = stock.find((x) => x.prize_id === p.id)?.stock_left ?? 0;
    let state: activity.PrizeView['state'];
    let text = '';
    if (mine.some((m) => m.prize_id === p.id)) state = 'claimed';
    else if (phase !== 'running') {
      state = 'closed';
      text = phase === 'upcoming' ? '活动尚未开始' : '活动已结束';
    } else if (left <= 0) {
      state = 'sold_out';
      text = '已领完';
    } else if (userId === null) {
      state = 'login';
      text = '登录后领取';
    } else {
      const why = await eligibility(s, a, p, userId);
      state = why ? 'locked' : 'claimable';
      text = why ?? '';
    }
    out.push({
      id: p.id,
      name: p.name,
      image: p.image ?? '',
      kind: p.kind,
      value: p.value ?? 0,
      quantity: p.quantity,
      stock_left: Math.max(0, left),
      threshold: p.threshold ?? 0,
      state,
      state_text: text,
    });
  }
  return out;
}

/**
 * `activity.detail`. Each visitor (a user, else an IP) is counted once a China day in the ledger, for the funnel.
 */
export async function activityDetail(
  s: ViewServices,
  a: ActivityDefinition,
  userId: number | null,
  ip: string,
): Promise<OutputOf<typeof activity.detail>> {
  const visitor = userId !== null ? `u${userId}` : `ip${ip}`;
  await recordEvent(s, {
    activityId: a.id,
    kind: 'visit',
    userId,
    dedupeKey: `visit:${a.id}:${visitor}:${chinaDay(s.clock())}`.slice(0, 160),
  });
  const phase = phaseOf(s, a);
  let progress = 0;
  if (userId !== null && COUNTS_INVITES.includes(a.type)) {
    await requalify(s, a, userId);
    progress = await qualifiedCount(s, a.id, userId);
  }
  return {
    id: a.id,
    type: a.type,
    title: a.title,
    subtitle: a.subtitle ?? '',
    banner: a.banner ?? '',
    starts_at: a.startsAtMs,
    ends_at: a.endsAtMs,
    server_now: s.nowMs(),
    phase,
    phase_text: PHASE_TEXT[phase],
    prizes: await prizeViews(s, a, userId),
    progress,
    picks: a.type === 'reciprocity' ? (a.rules as RulesOf['reciprocity']).picks : 0,
    rule_text: a.ruleText,
    rule_html: rulesHtml(a.ruleText),
    disclosure_html: disclosureHtml(a.disclosure),
    disclosure: a.disclosure,
    share: { title: a.share.title, desc: a.share.desc, image: a.share.image ?? a.banner ?? '' },
  };
}

export async function activityStatistics(
  s: Pick<Services, 'db'>,
  a: ActivityDefinition,
  userId: number | null,
): Promise<OutputOf<typeof activity.statistics>> {
  const db = s.db.kysely;
  const count = async (q: Promise<{ n: number | string } | undefined>) => Number((await q)?.n ?? 0);
  const invites = (status?: string) => {
    let q = db
      .selectFrom('activity_invites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('activity_id', '=', a.id)
      .where('referrer_id', '=', userId ?? 0);
    if (status) q = q.where('status', '=', status);
    return q.executeTakeFirst();
  };
  const claims = (mine: boolean) => {
    let q = db
      .selectFrom('activity_claims')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('activity_id', '=', a.id)
      .where('status', '=', 'granted');
    if (mine) q = q.where('user_id', '=', userId ?? 0);
    return q.executeTakeFirst();
  };
  const participants = db
    .selectFrom('activity_events')
    .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
    .where('activity_id', '=', a.id)
    .where('kind', 'in', ['invited', 'claimed'])
    .executeTakeFirst();
  return {
    invited: userId ? await count(invites()) : 0,
    qualified: userId ? await count(invites('qualified')) : 0,
    pending: userId ? await count(invites('pending')) : 0,
    claimed: userId ? await count(claims(true)) : 0,
    participants: await count(participants),
    prizes_claimed: await count(claims(false)),
  };
}

/** `user.rand_user`: the latest real winners across activities, masked; [] while there are none. */
export async function recentWinners(
  s: Pick<Services, 'db' | 'activities'>,
  num: number,
  activityId?: number,
): Promise<OutputOf<typeof activity.randUser>> {
  let q = s.db.kysely
    .selectFrom('activity_claims as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.activity_id', 'c.prize_id', 'c.created_at', 'c.mobile', 'u.nickname'])
    .where('c.status', '=', 'granted');
  if (activityId) q = q.where('c.activity_id', '=', activityId);
  const rows = await q.orderBy('c.id', 'desc').limit(num).execute();
  return rows.map((r) => {
    const prize = s.activities.get(r.activity_id)?.prizes.find((p) => p.id === r.prize_id);
    return {
      nickname: maskNickname(r.nickname),
      mobile: maskMobile(r.mobile),
      prize: prize?.name ?? '活动奖品',
      created_at: r.created_at,
    };
  });
}
