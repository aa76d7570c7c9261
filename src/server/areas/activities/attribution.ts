/**
 * Attribution from a referral link to the invitee's first login: the link becomes a signed ticket (attribution-
 * ticket.ts), the client keeps it through OAuth and the SMS step and sends it as `from_activity` with the first login;
 * then (announced by the accounts area as a first login) the invite is recorded under the invite rules. A login never
 * fails because of a ticket: a refused or unreadable one is recorded in the ledger with its reason.
 */
import type * as activity from '../../../contract/activities';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type { RequestContext, Services } from '../../http/context';
import { ApiError, conflict, notFound } from '../../http/errors';
import type { FirstLogin } from '../../http/hooks';
import { loginByCode } from '../accounts';
import { recordEvent } from './activity-events';
import { acceptInvite } from './activity-invites';
import { activityOr404, phaseOf } from './activity-lookup';
import { issueTicket, readTicket } from './attribution-ticket';
import { maskNickname } from './invite-rules';

/** `activity.attribution`: a ticket for `referrerId`'s link into `activityId`. */
export async function issueAttribution(
  s: Pick<Services, 'db' | 'clock' | 'nowMs' | 'activities' | 'config'>,
  input: ParsedInputOf<typeof activity.attribution>,
): Promise<OutputOf<typeof activity.attribution>> {
  const a = activityOr404(s, input.id);
  if (phaseOf(s, a) === 'ended') throw conflict('活动已结束');
  const referrer = await s.db.kysely.selectFrom('users').select('nickname').where('id', '=', input.referrer_id).executeTakeFirst();
  if (!referrer) throw notFound(`邀请人 id ${input.referrer_id} `);
  const { ticket, expiresAt } = issueTicket(
    s.config.jwtSecret,
    { activityId: a.id, referrerId: input.referrer_id, source: input.source ?? 'link' },
    s.clock(),
  );
  return { ticket, expires_at: expiresAt, referrer: { nickname: maskNickname(referrer.nickname) } };
}

/** What a first login carried from an activity: the invite is recorded, or the refusal is kept in the ledger. */
export async function redeemAtFirstLogin(s: Services, e: FirstLogin): Promise<{ status: string; status_text: string }> {
  const t = readTicket(s.config.jwtSecret, e.fromActivity, s.clock());
  if (!t) return { status: '', status_text: '邀请链接无效或已过期' };
  const a = s.activities.get(t.activityId);
  if (!a) return { status: '', status_text: '活动不存在' };
  try {
    return await acceptInvite(s, a, e.userId, {
      referrerId: t.referrerId,
      source: t.source,
      ip: e.ip,
      userAgent: e.userAgent,
      deviceId: e.deviceId,
    });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    await recordEvent(s, {
      activityId: a.id,
      kind: 'refused',
      userId: t.referrerId,
      subjectId: e.userId,
      dedupeKey: `refused:${a.id}:${e.userId}`,
      detail: { reason: err.message },
    });
    return { status: '', status_text: err.message };
  }
}

/** `activity.invitee_login`: logs the invitee in by SMS code and records the invite (a refusal leaves the login). */
export async function inviteeLogin(
  ctx: RequestContext,
  input: ParsedInputOf<typeof activity.inviteeLogin>,
): Promise<OutputOf<typeof activity.inviteeLogin>> {
  const a = input.activity_id
    ? activityOr404(ctx, input.activity_id)
    : ctx.activities.all().find((x) => x.type === 'referral' && phaseOf(ctx, x) === 'running');
  if (!a) throw notFound('进行中的邀请活动');
  const done = await loginByCode(ctx, { mobile: input.mobile, code: input.code });
  let invite = { status: '', status_text: '' };
  try {
    invite = await acceptInvite(ctx, a, done.user.id, {
      referrerId: input.referrer_id,
      source: 'link',
      ip: ctx.ip,
      userAgent: String(ctx.headers['user-agent'] ?? ''),
      deviceId: String(ctx.headers.deviceid ?? ''),
    });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    invite = { status: '', status_text: err.message };
  }
  return { ...done, invite };
}
