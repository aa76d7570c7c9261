/**
 * Tencent Cloud SMS (API 2021-01-11, SendSms) through Tencent's own SDK, which signs each request with TC3-HMAC-SHA256.
 * The template takes the code as {1} (and, with TENCENT_SMS_TEMPLATE_PARAMS=code,minutes, the minutes left as {2}).
 */
import http from 'node:http';
import net from 'node:net';
import type * as TencentSms from 'tencentcloud-sdk-nodejs-sms';
import { type SmsProvider, type SmsRefusalKind, SmsRefused } from './types';

export interface TencentSmsSettings {
  secretId: string;
  secretKey: string;
  /** The SMS application's SdkAppId (1400…). */
  sdkAppId: string;
  signName: string;
  /** Id of an approved verification-code template. */
  templateId: string;
  templateParams: 'code' | 'code,minutes';
  /** ap-guangzhou, ap-beijing or ap-nanjing. */
  region: string;
  /** Base URL of the API: https://sms.tencentcloudapi.com (or a regional sms.… host), or http://127.0.0.1:port for a local fake. */
  endpoint: string;
}

export const TENCENT_SMS_ENDPOINT = 'https://sms.tencentcloudapi.com';

/**
 * The SDK takes the signing service from the endpoint's first label (`sms` of sms.tencentcloudapi.com) and signs the
 * host without its port. A local fake at 127.0.0.1:port would be signed as service "127" for host "127.0.0.1", which
 * no carrier accepts; so a loopback endpoint is reached through an agent that dials it, while the request is signed
 * and addressed exactly as to the real host.
 */
function loopbackAgent(url: URL): http.Agent {
  const agent = new http.Agent({ keepAlive: false });
  agent.createConnection = () => net.connect(Number(url.port || 80), url.hostname);
  return agent;
}

function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
}

/** Codes about the mobile rather than our account (Tencent's SMS API 3.0 error list). */
function kindOf(code: string): SmsRefusalKind {
  if (code.startsWith('LimitExceeded.PhoneNumber') || code === 'LimitExceeded.DeliveryFrequencyLimit') return 'rateLimited';
  if (code === 'InvalidParameterValue.IncorrectPhoneNumber' || code === 'FailedOperation.PhoneNumberInBlacklist') return 'badNumber';
  if (code.startsWith('InternalError') || code === 'RequestLimitExceeded') return 'unreachable';
  return 'account';
}

export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  private client: Promise<InstanceType<typeof TencentSms.sms.v20210111.Client>> | null = null;

  constructor(private readonly settings: TencentSmsSettings) {}

  /** The SDK is loaded on first send, so a server on another provider never pays for it. */
  private load(): Promise<InstanceType<typeof TencentSms.sms.v20210111.Client>> {
    this.client ??= this.open();
    return this.client;
  }

  private async open(): Promise<InstanceType<typeof TencentSms.sms.v20210111.Client>> {
    const tencentSms = await import('tencentcloud-sdk-nodejs-sms');
    const settings = this.settings;
    const url = new URL(settings.endpoint);
    const loopback = isLoopback(url);
    return new tencentSms.sms.v20210111.Client({
      credential: { secretId: settings.secretId, secretKey: settings.secretKey },
      region: settings.region,
      profile: {
        httpProfile: {
          endpoint: loopback ? new URL(TENCENT_SMS_ENDPOINT).host : url.host,
          protocol: loopback ? 'http://' : 'https://',
          // A login form waits on this call: a carrier that does not answer in seconds is reported, not waited for.
          reqTimeout: 6,
          ...(loopback ? { agent: loopbackAgent(url) } : {}),
        },
      },
    });
  }

  async sendCode(mobile: string, code: string, ttlSeconds: number): Promise<void> {
    const params = this.settings.templateParams === 'code' ? [code] : [code, String(Math.round(ttlSeconds / 60))];
    let status: { Code?: string } | undefined;
    try {
      const client = await this.load();
      const res = await client.SendSms({
        PhoneNumberSet: [`+86${mobile}`],
        SmsSdkAppId: this.settings.sdkAppId,
        SignName: this.settings.signName,
        TemplateId: this.settings.templateId,
        TemplateParamSet: params,
      });
      status = res.SendStatusSet?.[0];
    } catch (e) {
      // Response.Error (bad signature, unknown key, account problems) carries a code; a network failure or non-200 does not.
      const carrierCode = (e as { code?: unknown }).code;
      if (typeof carrierCode === 'string' && carrierCode) throw new SmsRefused(kindOf(carrierCode), carrierCode, this.name);
      throw new SmsRefused('unreachable', 'NO_ANSWER', this.name);
    }
    // Refusals about one number come in its SendStatus with a Code other than Ok.
    if (status?.Code !== 'Ok') throw new SmsRefused(kindOf(status?.Code ?? ''), status?.Code || 'NO_STATUS', this.name);
  }
}
