import crypto from 'node:crypto';
import type { Services } from '../../http/context';

/**
 * A mobile number's fingerprint: an HMAC of it under a key derived from the server's JWT secret, 20 characters. What
 * the activities keep of a deleted account's mobile on its prize claims, so that "one reward per mobile number per
 * prize" holds after the number registers again, without keeping the number itself (docs/decisions/026-account-deletion.md).
 */
export function mobileFingerprint(secret: string, mobile: string): string {
  const key = crypto.createHash('sha256').update(`beikao.mobile-fingerprint:${secret}`).digest();
  return crypto.createHmac('sha256', key).update(mobile).digest('base64url').slice(0, 20);
}

/**
 * Whether `mobile` belonged to an account that was deleted (注销): the number registering again is the same person, not
 * a new user, wherever only new users may take part (an activity's invites).
 */
export async function mobileWasDeleted(s: Pick<Services, 'db' | 'config'>, mobile: string): Promise<boolean> {
  const row = await s.db.kysely
    .selectFrom('account_deletions')
    .select('user_id')
    .where('mobile_fingerprint', '=', mobileFingerprint(s.config.jwtSecret, mobile))
    .executeTakeFirst();
  return row !== undefined;
}
