/**
 * The referral a landing URL carries (issue 23), for the moment before any page runs: in WeChat's browser a visitor
 * is sent through OAuth first (spec §4), so the attribution ticket is asked for here and rides the OAuth state. The
 * shapes are the landing pages' routes (the server's `landingPathOf` makes them): a `referrer_id` query beside the
 * activity (`/activity/detail/:activityId` or an `activity_id` query), the reciprocity pages'
 * `/:activityId/:sharerId`, `/activity/vip/:referrerId` (with `activity_id`) and `/activity/task-invite/:referrerId/:activityId`.
 */
import { keepAttribution, pendingAttribution } from '../state/attribution';
import { callId } from './call-id';

export interface ReferralLink {
  activityId: number;
  referrerId: number;
  source: 'link' | 'poster' | 'qr';
}

const id = (v: string | null | undefined): number => (v && /^\d{1,12}$/.test(v) && Number(v) > 0 ? Number(v) : 0);

/** The referral in `href`, or null. */
export function referralInUrl(href: string): ReferralLink | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const q = url.searchParams;
  const from = q.get('from');
  const source: ReferralLink['source'] = from === 'poster' || from === 'qr' ? from : 'link';
  const seg = url.pathname.split('/').filter(Boolean);
  const make = (activityId: number, referrerId: number): ReferralLink | null =>
    activityId && referrerId ? { activityId, referrerId, source } : null;
  if (seg[0] !== 'activity') return null;
  if (seg[1] === 'reciprocity' && seg.length === 5) return make(id(seg[3]), id(seg[4]));
  if (seg[1] === 'task-invite' && seg.length === 4) return make(id(seg[3]), id(seg[2]));
  if (seg[1] === 'vip' && seg.length === 3) return make(id(q.get('activity_id')), id(seg[2]));
  if (seg[1] === 'detail' && seg.length === 3) return make(id(seg[2]), id(q.get('referrer_id')));
  return make(id(q.get('activity_id')), id(q.get('referrer_id')));
}

/**
 * The ticket to send as `from_activity`: the one kept already, else one asked for the referral in `href` (kept for
 * the SMS step too); '' when there is none or the server refuses (an ended activity, an unknown referrer).
 */
export async function attributionFor(href: string): Promise<string> {
  const kept = pendingAttribution();
  if (kept) return kept;
  const link = referralInUrl(href);
  if (!link) return '';
  const res = await callId('activity.attribution', { id: link.activityId, referrer_id: link.referrerId, source: link.source });
  if (res.status !== 0 || !res.data) return '';
  keepAttribution({ ticket: res.data.ticket, expiresAt: res.data.expires_at });
  return res.data.ticket;
}
