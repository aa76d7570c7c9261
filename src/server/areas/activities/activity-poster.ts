/**
 * `activity.poster`: what the poster shows (the activity's headline, text and same-origin background) and the
 * caller's referral link for its QR code, on this site's public origin. Making one counts as a share in the ledger
 * (once a China day per user).
 */
import type * as activity from '../../../contract/activities';
import type { OutputOf } from '../../../contract/endpoint';
import type { RequestContext } from '../../http/context';
import type { ActivityDefinition } from './activity-definition';
import { recordEvent } from './activity-events';
import { chinaDay } from './invite-rules';

export async function posterOf(ctx: RequestContext, a: ActivityDefinition, userId: number): Promise<OutputOf<typeof activity.poster>> {
  const me = await ctx.db.kysely.selectFrom('users').select('nickname').where('id', '=', userId).executeTakeFirstOrThrow();
  await recordEvent(ctx, { activityId: a.id, kind: 'share', userId, dedupeKey: `share:${a.id}:u${userId}:${chinaDay(ctx.clock())}` });
  return {
    headline: a.poster?.headline ?? a.title,
    text: a.poster?.text ?? a.subtitle ?? '',
    background: a.poster?.background ?? '',
    share_url: `${ctx.origin}/activity/detail/${a.id}?referrer_id=${userId}&from=poster`,
    nickname: me.nickname,
  };
}
