/**
 * The benchmarks measure the production server (NODE_ENV=production) on this machine, with no real WeChat Pay, SMS
 * carrier, VOD or tracking account: a staging server in the production profile's terms. ALLOW_SANDBOXES=1 lets it
 * start on the offline sandboxes; VOD_KEY is the one signing key every server of a deployment shares.
 */
export const STAGING_ON_SANDBOXES = { ALLOW_SANDBOXES: '1', VOD_KEY: 'beikao-bench-vod-key' } as const;
