/**
 * The production profile: a production server refuses to start rather than run any outside service through its
 * offline sandbox or dev provider (the payment sandbox's cashier lets anyone pay for free; the dev SMS provider
 * sends no SMS). ALLOW_SANDBOXES=1 starts a staging server anyway, loudly, with a 测试环境 ribbon in the app.
 */

type Env = Record<string, string | undefined>;

/** The providers the rest of the configuration chose (each defaults to its sandbox). */
export interface ProviderChoice {
  payProvider: string;
  oauthProvider: string;
  jsSdkProvider: string;
  smsProvider: string;
  videoProvider: string;
  trackingProvider: string;
}

/** One line per outside service that would run on a sandbox or dev provider (empty when none does). */
export function sandboxesInUse(c: ProviderChoice): string[] {
  const lines: string[] = [];
  if (c.payProvider !== 'wechat')
    lines.push(`PAY_PROVIDER=wechat is required (now ${c.payProvider}: its cashier lets anyone pay for free)`);
  if (c.oauthProvider !== 'wechat')
    lines.push(`OAUTH_PROVIDER=wechat is required (now ${c.oauthProvider}: anyone can log in as a made-up WeChat user)`);
  if (c.jsSdkProvider !== 'wechat')
    lines.push(`JSSDK_PROVIDER=wechat is required (now ${c.jsSdkProvider}: WeChat share and pay cards fail)`);
  if (c.smsProvider === 'dev') lines.push('SMS_PROVIDER=aliyun or SMS_PROVIDER=tencent is required (now dev: no SMS is sent)');
  if (c.videoProvider !== 'tencent')
    lines.push(`VIDEO_PROVIDER=tencent is required (now ${c.videoProvider}: videos play from this server's media folder)`);
  if (c.trackingProvider !== 'kuaidi100')
    lines.push(`TRACKING_PROVIDER=kuaidi100 is required (now ${c.trackingProvider}: parcel tracks are invented)`);
  return lines;
}

/** Secrets and settings production cannot run without (each secret also as `<NAME>_FILE`). */
export function missingProductionSettings(env: Env, secret: (name: string) => string | undefined): string[] {
  const lines: string[] = [];
  for (const name of ['JWT_SECRET', 'SIGN_KEY', 'ENCRYPT_KEY']) {
    if (!secret(name)) lines.push(`${name} (or ${name}_FILE) is required when NODE_ENV=production`);
  }
  if (!secret('VOD_KEY')) {
    lines.push('VOD_KEY (or VOD_KEY_FILE) is required when NODE_ENV=production: every server must sign play URLs with the same key');
  }
  if (!secret('ALTCHA_HMAC_KEY')) {
    lines.push(
      'ALTCHA_HMAC_KEY (or ALTCHA_HMAC_KEY_FILE) is required when NODE_ENV=production: every server must check the same SMS challenges',
    );
  }
  if (!env.PUBLIC_ORIGINS) {
    lines.push(
      'PUBLIC_ORIGINS is required when NODE_ENV=production: the https origins the app is served from (WeChat returns, payment returns)',
    );
  }
  if (env.ALLOW_SANDBOXES && env.ALLOW_SANDBOXES !== '1' && env.ALLOW_SANDBOXES !== '0') {
    lines.push(`ALLOW_SANDBOXES must be 1 or 0, got "${env.ALLOW_SANDBOXES}"`);
  }
  return lines;
}

/** Every reason at once: the operator fixes them in one go instead of one per restart. */
export class ConfigError extends Error {
  constructor(
    readonly problems: string[],
    hint?: string,
  ) {
    super(`beikao refuses to start:\n${problems.map((p) => `  - ${p}`).join('\n')}${hint ? `\n${hint}` : ''}`);
    this.name = 'ConfigError';
  }
}
