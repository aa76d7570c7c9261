/**
 * The benchmarks measure the production server (NODE_ENV=production) on this machine, with no real WeChat Pay, SMS
 * carrier, VOD or tracking account: a staging server in the production profile's terms. ALLOW_SANDBOXES=1 lets it
 * start on the offline sandboxes; VOD_KEY and ALTCHA_HMAC_KEY are the keys every server of a deployment shares;
 * PUBLIC_ORIGINS is this machine. The benchmarks log many users in from loopback, so the SMS limits and the challenge
 * (there to stop one client from sending to many numbers) are off.
 */
export const STAGING_ON_SANDBOXES = {
  ALLOW_SANDBOXES: '1',
  VOD_KEY: 'beikao-bench-vod-key',
  ALTCHA_HMAC_KEY: 'beikao-bench-altcha-hmac-key-0123456789',
  PUBLIC_ORIGINS: 'http://127.0.0.1',
  SMS_LIMIT_IP_HOUR: '0',
  SMS_LIMIT_IP_DAY: '0',
  SMS_LIMIT_DEVICE_HOUR: '0',
  SMS_LIMIT_DEVICE_DAY: '0',
  SMS_GLOBAL_HOURLY_BUDGET: '0',
  SMS_CHALLENGE_AFTER: '0',
} as const;
