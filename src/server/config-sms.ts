/**
 * SMS settings. SMS_PROVIDER=dev (default) keeps codes in a dev inbox; aliyun and tencent send through Alibaba Cloud
 * SMS or Tencent Cloud SMS with the sign name, template and keys their consoles gave. Secret keys come from the
 * environment or a file it names (`<NAME>_FILE`), and are never logged or answered.
 */
import { ConfigError } from './config-profile';
import { secretFrom } from './config-secret';
import { DEFAULTS } from './config-settings';
import { ALIYUN_SMS_ENDPOINT, type AliyunSmsSettings } from './providers/sms/aliyun-sms';
import { TENCENT_SMS_ENDPOINT, type TencentSmsSettings } from './providers/sms/tencent-sms';

type Env = Record<string, string | undefined>;

export type SmsProviderName = 'dev' | 'aliyun' | 'tencent';

export interface SmsConfig {
  smsProvider: SmsProviderName;
  /** Set with SMS_PROVIDER=aliyun. */
  aliyunSms: AliyunSmsSettings | null;
  /** Set with SMS_PROVIDER=tencent. */
  tencentSms: TencentSmsSettings | null;
}

/** Reads one provider's settings, collecting every problem so the operator fixes them in one go. */
class Reader {
  readonly problems: string[] = [];
  constructor(
    private readonly env: Env,
    private readonly provider: string,
  ) {}

  need(name: string, rule?: { test: RegExp; what: string }): string {
    const v = this.env[name]?.trim() ?? '';
    if (!v) this.problems.push(`SMS_PROVIDER=${this.provider} needs ${name}`);
    else if (rule && !rule.test.test(v)) this.problems.push(`${name} must be ${rule.what}, got "${v}"`);
    return v;
  }

  secret(name: string): string {
    const v = secretFrom(this.env, name) ?? '';
    if (!v) this.problems.push(`SMS_PROVIDER=${this.provider} needs ${name} (or ${name}_FILE)`);
    return v;
  }

  endpoint(name: string, def: string, host?: { test: RegExp; what: string }): string {
    const raw = (this.env[name] || def).replace(/\/+$/, '');
    const loopback = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(raw);
    // https as the carriers serve it; plain http only to a loopback address (a local fake of the carrier in tests).
    const https = /^https:\/\/([^\s/?#:]+)$/.exec(raw);
    if (!loopback && !https)
      this.problems.push(`${name} must be an https base URL (or http://127.0.0.1:port for a local fake), got "${raw}"`);
    else if (https && host && !host.test.test(https[1] ?? '')) this.problems.push(`${name} must be ${host.what}, got "${raw}"`);
    return raw;
  }

  done<T>(settings: T): T {
    if (this.problems.length > 0) throw new ConfigError(this.problems);
    return settings;
  }
}

function aliyunFrom(env: Env): AliyunSmsSettings {
  const r = new Reader(env, 'aliyun');
  return r.done({
    accessKeyId: r.need('ALIYUN_SMS_ACCESS_KEY_ID'),
    accessKeySecret: r.secret('ALIYUN_SMS_ACCESS_KEY_SECRET'),
    signName: r.need('ALIYUN_SMS_SIGN_NAME'),
    templateCode: r.need('ALIYUN_SMS_TEMPLATE_CODE', { test: /^SMS_\d+$/, what: 'a template code like SMS_123456789' }),
    regionId: env.ALIYUN_SMS_REGION || DEFAULTS.ALIYUN_SMS_REGION,
    endpoint: r.endpoint('ALIYUN_SMS_ENDPOINT', ALIYUN_SMS_ENDPOINT),
  });
}

function tencentFrom(env: Env): TencentSmsSettings {
  const r = new Reader(env, 'tencent');
  const templateParams = env.TENCENT_SMS_TEMPLATE_PARAMS || 'code';
  if (templateParams !== 'code' && templateParams !== 'code,minutes')
    r.problems.push(`TENCENT_SMS_TEMPLATE_PARAMS must be code or code,minutes, got "${templateParams}"`);
  return r.done({
    secretId: r.need('TENCENT_SMS_SECRET_ID'),
    secretKey: r.secret('TENCENT_SMS_SECRET_KEY'),
    sdkAppId: r.need('TENCENT_SMS_SDK_APP_ID', { test: /^\d+$/, what: 'the SMS application’s SdkAppId (digits, 1400…)' }),
    signName: r.need('TENCENT_SMS_SIGN_NAME'),
    templateId: r.need('TENCENT_SMS_TEMPLATE_ID', { test: /^\d+$/, what: 'a template id (digits)' }),
    templateParams: templateParams === 'code,minutes' ? 'code,minutes' : 'code',
    region: env.TENCENT_SMS_REGION || DEFAULTS.TENCENT_SMS_REGION,
    // The SDK signs for the service named by the host's first label, so a real endpoint must be an sms.… host.
    endpoint: r.endpoint('TENCENT_SMS_ENDPOINT', TENCENT_SMS_ENDPOINT, { test: /^sms\.[a-z0-9.-]+$/, what: 'an sms.… host' }),
  });
}

export function smsFrom(env: Env): SmsConfig {
  const provider = env.SMS_PROVIDER || 'dev';
  if (provider === 'aliyun') return { smsProvider: 'aliyun', aliyunSms: aliyunFrom(env), tencentSms: null };
  if (provider === 'tencent') return { smsProvider: 'tencent', aliyunSms: null, tencentSms: tencentFrom(env) };
  if (provider !== 'dev') throw new Error(`SMS_PROVIDER "${provider}" is not available (supported: dev, aliyun, tencent)`);
  return { smsProvider: 'dev', aliyunSms: null, tencentSms: null };
}
