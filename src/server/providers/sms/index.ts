import type { SmsConfig } from '../../config-sms';
import { AliyunSmsProvider } from './aliyun-sms';
import { DevSmsProvider } from './dev-sms';
import { TencentSmsProvider } from './tencent-sms';
import type { SmsProvider } from './types';

export interface SmsProviders {
  sms: SmsProvider;
  /** The dev provider's inbox (SMS_PROVIDER=dev), for the dev-only /dev/sms-inbox; null with a real carrier. */
  smsInbox: DevSmsProvider | null;
}

/** The SMS carrier chosen by SMS_PROVIDER. */
export function createSmsProviders(config: SmsConfig & { production: boolean; logLevel: string }, clock: () => number): SmsProviders {
  // A real carrier without its settings never falls back to the dev provider (codes would go nowhere, or to a log).
  if (config.smsProvider === 'aliyun') {
    if (!config.aliyunSms) throw new Error('SMS_PROVIDER=aliyun without its settings');
    return { sms: new AliyunSmsProvider(config.aliyunSms), smsInbox: null };
  }
  if (config.smsProvider === 'tencent') {
    if (!config.tencentSms) throw new Error('SMS_PROVIDER=tencent without its settings');
    return { sms: new TencentSmsProvider(config.tencentSms), smsInbox: null };
  }
  const dev = new DevSmsProvider(clock, config.logLevel === 'silent' ? () => {} : undefined, config.production);
  return { sms: dev, smsInbox: dev };
}
