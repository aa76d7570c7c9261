/**
 * Alibaba Cloud SMS (dysmsapi 2017-05-25, SendSms) through Alibaba's own SDK, which signs each request with the
 * V3 signature (ACS3-HMAC-SHA256). The template must take the code as `${code}`.
 */
import type * as Dysms from '@alicloud/dysmsapi20170525';
import { cjsDefault } from './cjs-default';
import { type SmsProvider, type SmsRefusalKind, SmsRefused } from './types';

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** SMS_… of an approved verification-code template. */
  templateCode: string;
  regionId: string;
  /** Base URL of the API: https://dysmsapi.aliyuncs.com, or http://127.0.0.1:port for a local fake. */
  endpoint: string;
}

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com';

/** The SDK's client and request class; loaded on first send (the SDK takes about a second to load). */
interface Sdk {
  client: InstanceType<typeof Dysms.default>;
  SendSmsRequest: typeof Dysms.SendSmsRequest;
}

/** Codes that are about the mobile, not about our account (Alibaba's SendSms error list). */
const BY_CODE: Record<string, SmsRefusalKind> = {
  'isv.BUSINESS_LIMIT_CONTROL': 'rateLimited',
  'isv.MOBILE_NUMBER_ILLEGAL': 'badNumber',
  'isv.BLACK_KEY_CONTROL_LIMIT': 'badNumber',
  'isv.DOMESTIC_NUMBER_NOT_SUPPORTED': 'badNumber',
};

function kindOf(code: string): SmsRefusalKind {
  return BY_CODE[code] ?? 'account';
}

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  private sdk: Promise<Sdk> | null = null;

  constructor(private readonly settings: AliyunSmsSettings) {}

  private load(): Promise<Sdk> {
    this.sdk ??= this.open();
    return this.sdk;
  }

  private async open(): Promise<Sdk> {
    const dysms = await import('@alicloud/dysmsapi20170525');
    const { $OpenApiUtil } = await import('@alicloud/openapi-core');
    const settings = this.settings;
    const url = new URL(settings.endpoint);
    const DysmsClient = cjsDefault(dysms.default);
    const client = new DysmsClient(
      new $OpenApiUtil.Config({
        accessKeyId: settings.accessKeyId,
        accessKeySecret: settings.accessKeySecret,
        regionId: settings.regionId,
        endpoint: url.host,
        protocol: url.protocol.replace(':', ''),
        // A login form waits on this call: a carrier that does not answer in seconds is reported, not waited for.
        connectTimeout: 3000,
        readTimeout: 6000,
      }),
    );
    return { client, SendSmsRequest: dysms.SendSmsRequest };
  }

  async sendCode(mobile: string, code: string): Promise<void> {
    let answer: { code?: string } | undefined;
    try {
      const { client, SendSmsRequest } = await this.load();
      const res = await client.sendSms(
        new SendSmsRequest({
          phoneNumbers: mobile,
          signName: this.settings.signName,
          templateCode: this.settings.templateCode,
          templateParam: JSON.stringify({ code }),
        }),
      );
      answer = res.body;
    } catch (e) {
      // The SDK throws for HTTP 4xx/5xx (bad signature, unknown key, throttling) and for network failures.
      const err = e as { code?: unknown; statusCode?: unknown };
      const status = typeof err.statusCode === 'number' ? err.statusCode : 0;
      const carrierCode = typeof err.code === 'string' && err.code ? err.code : 'NO_ANSWER';
      throw new SmsRefused(status >= 400 && status < 500 ? kindOf(carrierCode) : 'unreachable', carrierCode, this.name);
    }
    // Refusals about the message itself come as HTTP 200 with a Code other than OK.
    if (answer?.code !== 'OK') throw new SmsRefused(kindOf(answer?.code ?? ''), answer?.code || 'NO_CODE', this.name);
  }
}
