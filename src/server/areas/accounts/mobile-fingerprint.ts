import crypto from 'node:crypto';

/**
 * A mobile number's fingerprint: an HMAC of it under a key derived from the server's JWT secret, 20 characters. What
 * the activities keep of a deleted account's mobile on its prize claims, so that "one reward per mobile number per
 * prize" holds after the number registers again, without keeping the number itself (docs/decisions/026-account-deletion.md).
 */
export function mobileFingerprint(secret: string, mobile: string): string {
  const key = crypto.createHash('sha256').update(`beikao.mobile-fingerprint:${secret}`).digest();
  return crypto.createHmac('sha256', key).update(mobile).digest('base64url').slice(0, 20);
}
