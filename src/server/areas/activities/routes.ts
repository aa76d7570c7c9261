import * as activity from '../../../contract/activities';
import { handle, type RouteHandler } from '../../http/define';
import { bindMobileByCode, maskMobile } from '../accounts';
import { claimPrize, ownClaims } from './activity-claims';
import { acceptInvite, inviteOfInvitee, listInvites } from './activity-invites';
import { activityOr404 } from './activity-lookup';
import { posterOf } from './activity-poster';
import { activityDetail, activityStatistics, prizeViews, recentWinners } from './activity-views';
import { inviteeLogin, issueAttribution } from './attribution';

const deviceOf = (h: Record<string, string | string[] | undefined>) => (typeof h.deviceid === 'string' ? h.deviceid : '');
const agentOf = (h: Record<string, string | string[] | undefined>) => (typeof h['user-agent'] === 'string' ? h['user-agent'] : '');

/** Handlers of the activity calls (spec §7 "Activity") on the one engine. */
export const activityRoutes: RouteHandler[] = [
  handle(activity.detail, async (input, ctx) => activityDetail(ctx, activityOr404(ctx, input.id), ctx.user?.id ?? null, ctx.ip)),
  handle(activity.gift, async (input, ctx) => prizeViews(ctx, activityOr404(ctx, input.id), ctx.user?.id ?? null)),
  handle(activity.ownGift, async (input, ctx) => ownClaims(ctx, activityOr404(ctx, input.id), ctx.user.id)),
  handle(activity.finishGift, async (input, ctx) => claimPrize(ctx, activityOr404(ctx, input.id), ctx.user.id, input.gift_id)),
  handle(activity.inviteRecord, async (input, ctx) =>
    listInvites(ctx, activityOr404(ctx, input.id), ctx.user.id, { offset: Math.max(0, Math.floor(input.offset ?? 0)), count: input.count }),
  ),
  handle(activity.invite, async (input, ctx) =>
    acceptInvite(ctx, activityOr404(ctx, input.id), ctx.user.id, {
      referrerId: input.referrer_id,
      source: input.fromActivity ?? 'link',
      ip: ctx.ip,
      userAgent: agentOf(ctx.headers),
      deviceId: deviceOf(ctx.headers),
    }),
  ),
  handle(activity.statistics, async (input, ctx) => activityStatistics(ctx, activityOr404(ctx, input.id), ctx.user?.id ?? null)),
  handle(activity.copywriting, async (input, ctx) => activityOr404(ctx, input.id).share.copywriting ?? []),
  handle(activity.randUser, async (input, ctx) => recentWinners(ctx, input.num, input.activity_id)),
  handle(activity.registerGift, async (input, ctx) => prizeViews(ctx, activityOr404(ctx, input.id), ctx.user?.id ?? null)),
  handle(activity.unreceiveRegisterGift, async (input, ctx) =>
    (await prizeViews(ctx, activityOr404(ctx, input.id), ctx.user.id)).filter((p) => p.state !== 'claimed'),
  ),
  handle(activity.receiveRegisterGift, async (input, ctx) =>
    claimPrize(ctx, activityOr404(ctx, input.activity_id), ctx.user.id, input.gift_id),
  ),
  handle(activity.poster, async (input, ctx) => posterOf(ctx, activityOr404(ctx, input.id), ctx.user.id)),
  handle(activity.attribution, async (input, ctx) => issueAttribution(ctx, input)),
  handle(activity.inviteeLogin, async (input, ctx) => inviteeLogin(ctx, input)),
  handle(activity.bindMobile, async (input, ctx) => {
    const a = activityOr404(ctx, input.id);
    // The accounts area binds and announces it; this area's listener (activity-moments.ts) counts the invite.
    await bindMobileByCode(ctx, ctx.user, input.mobile, input.code);
    return { mobile: maskMobile(input.mobile), invite: await inviteOfInvitee(ctx, a.id, ctx.user.id) };
  }),
];
