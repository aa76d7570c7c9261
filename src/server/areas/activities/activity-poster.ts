/**
 * `activity.poster`: what the poster shows (the activity's headline, text and same-origin background) and the
 * caller's referral link for its QR code (the landing page of the activity's type), on this site's public origin. Making one counts as a share in the ledger
 * (once a China day per user).
 */
import type * as activity from '../../../contract/activities';
import type { OutputOf } from '../../../contract/endpoint';
import type { RequestContext } from '../../http/context';
import type { ActivityDefinition } from './activity-definition';
import { recordEvent } from './activity-events';
import { chinaDay } from './invite-rules';

/** Where a friend lands from `userId`'s link into `a`: the page of the activity's type, with the referrer. */
export function landingPathOf(a: Pick<ActivityDefinition, 'id' | 'type'>, userId: number, source: 'link' | 'poster' | 'qr'): string {
  const from = `from=${source}`;
  switch (a.type) {
    case 'reciprocity':
      return `/activity/reciprocity/receive/${a.id}/${userId}?${from}`;
    case 'vip_share':
      return `/activity/vip/${userId}?activity_id=${a.id}&${from}`;
    case 'register_gift':
      return `/activity/invite_download?activity_id=${a.id}&referrer_id=${userId}&${from}`;
    default:
      return `/activity/detail/${a.id}?referrer_id=${userId}&${from}`;
  }
}

export async function posterOf(ctx: RequestContext, a: ActivityDefinition, userId: number): Promise<OutputOf<typeof activity.poster>> {
  const me = await ctx.db.kysely.selectFrom('users').select('nickname').where('id', '=', userId).executeTakeFirstOrThrow();
  await recordEvent(ctx, { activityId: a.id, kind: 'share', userId, dedupeKey: `share:${a.id}:u${userId}:${chinaDay(ctx.clock())}` });
  return {
    headline: a.poster?.headline ?? a.title,
    text: a.poster?.text ?? a.subtitle ?? '',
    background: a.poster?.background ?? '',
    share_url: `${ctx.origin}${landingPathOf(a, userId, 'poster')}`,
    nickname: me.nickname,
  };
}
