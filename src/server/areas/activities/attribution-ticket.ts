/**
 * The attribution ticket: what a referral link turns into, so the referrer survives what happens before the invitee's
 * first login — the WeChat OAuth round trip, the register = 1 detour through the mobile login with thirdAuthKey, a
 * slow SMS step, other pages browsed first. It is `b1.<payload>.<signature>` (base64url JSON of activity, referrer,
 * source and expiry; HMAC-SHA256 with a key derived from the server's JWT secret), valid ATTRIBUTION_TTL_SECONDS, and
 * is redeemed at the invitee's first login, where the invite rules decide whether it counts.
 */
import crypto from 'node:crypto';

export const ATTRIBUTION_TTL_SECONDS = 7 * 86400;
const PREFIX = 'b1';

export interface Attribution {
  activityId: number;
  referrerId: number;
  source: 'link' | 'poster' | 'qr';
  /** Unix seconds. */
  expiresAt: number;
}

const keyOf = (secret: string) => crypto.createHash('sha256').update(`attribution:${secret}`).digest();
const sign = (secret: string, body: string) => crypto.createHmac('sha256', keyOf(secret)).update(`${PREFIX}.${body}`).digest('base64url');

export function issueTicket(secret: string, a: Omit<Attribution, 'expiresAt'>, now: number): { ticket: string; expiresAt: number } {
  const expiresAt = now + ATTRIBUTION_TTL_SECONDS;
  const body = Buffer.from(JSON.stringify({ a: a.activityId, r: a.referrerId, s: a.source, e: expiresAt })).toString('base64url');
  return { ticket: `${PREFIX}.${body}.${sign(secret, body)}`, expiresAt };
}

/** The ticket's attribution, or null when it is not one of ours, was changed, or has expired. */
export function readTicket(secret: string, ticket: string, now: number): Attribution | null {
  const [prefix, body, signature] = ticket.split('.');
  if (prefix !== PREFIX || !body || !signature) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { a?: unknown; r?: unknown; s?: unknown; e?: unknown };
    if (typeof p.a !== 'number' || typeof p.r !== 'number' || typeof p.e !== 'number') return null;
    if (p.e <= now) return null;
    const source = p.s === 'poster' || p.s === 'qr' ? p.s : 'link';
    return { activityId: p.a, referrerId: p.r, source, expiresAt: p.e };
  } catch {
    return null;
  }
}
