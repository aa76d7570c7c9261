/**
 * Payment settings (issue 15). PAY_PROVIDER=sandbox (default) uses the offline WeChat Pay sandbox the app serves
 * itself; PAY_PROVIDER=wechat talks to WeChat Pay API v3 with the merchant's keys. Secrets come only from the
 * environment or from files it names, never from the repository, and are never logged or sent in replies.
 */
import crypto from 'node:crypto';

import { secretFrom } from './config-secret';
import { DEFAULTS } from './config-settings';

type Env = Record<string, string | undefined>;

export interface WechatPaySettings {
  mchid: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  privateKeyPem: string;
  /** Keys that sign WeChat Pay's replies and notifications: the public key (PUB_KEY_ID_…) and/or platform certificates. */
  verifyKeys: ReadonlyArray<{ serial: string; pem: string }>;
  /** The serial requests name in `Wechatpay-Serial` (the public key's id, else the first certificate's serial). */
  wechatpaySerial: string;
  apiV3Key: string;
  apiBase: string;
}

export interface PayConfig {
  payProvider: 'sandbox' | 'wechat';
  /** Set with PAY_PROVIDER=wechat. */
  wechatPay: WechatPaySettings | null;
  /** The notify URL WeChat Pay calls (https, no query); '' = this server's own origin + /api/pay/notify/wechat. */
  payNotifyUrl: string;
}

function need(v: string | undefined, name: string): string {
  if (!v) throw new Error(`PAY_PROVIDER=wechat needs ${name}`);
  return v;
}

function checkKey(pem: string, kind: 'private' | 'public', name: string): string {
  try {
    if (kind === 'private') crypto.createPrivateKey(pem);
    else crypto.createPublicKey(pem);
  } catch {
    throw new Error(`${name} is not a PEM ${kind} key`);
  }
  return pem;
}

export function payFrom(env: Env): PayConfig {
  const provider = env.PAY_PROVIDER ?? 'sandbox';
  if (provider !== 'sandbox' && provider !== 'wechat')
    throw new Error(`PAY_PROVIDER "${provider}" is not available (supported: sandbox, wechat)`);
  const notify = env.PAY_NOTIFY_URL ?? '';
  if (notify && !/^https?:\/\/[^?#]+$/.test(notify)) throw new Error('PAY_NOTIFY_URL must be an http(s) URL without a query');
  if (provider === 'sandbox') return { payProvider: 'sandbox', wechatPay: null, payNotifyUrl: notify };
  // https as WeChat Pay requires; plain http only to a loopback address (a local fake of WeChat Pay in tests).
  if (!/^https:\/\//.test(notify) && !/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(notify))
    throw new Error('PAY_PROVIDER=wechat needs PAY_NOTIFY_URL (https, publicly reachable, no query)');
  const verifyKeys: Array<{ serial: string; pem: string }> = [];
  const publicKey = secretFrom(env, 'WECHATPAY_PUBLIC_KEY');
  const publicKeyId = env.WECHATPAY_PUBLIC_KEY_ID;
  if (publicKey) {
    if (!publicKeyId?.startsWith('PUB_KEY_ID_')) throw new Error('WECHATPAY_PUBLIC_KEY_ID must be the key’s id (PUB_KEY_ID_…)');
    verifyKeys.push({ serial: publicKeyId, pem: checkKey(publicKey, 'public', 'WECHATPAY_PUBLIC_KEY') });
  }
  const cert = secretFrom(env, 'WECHATPAY_PLATFORM_CERT');
  if (cert) {
    const serial = need(env.WECHATPAY_PLATFORM_CERT_SERIAL, 'WECHATPAY_PLATFORM_CERT_SERIAL (with WECHATPAY_PLATFORM_CERT)');
    verifyKeys.push({ serial, pem: checkKey(cert, 'public', 'WECHATPAY_PLATFORM_CERT') });
  }
  if (verifyKeys.length === 0)
    throw new Error('PAY_PROVIDER=wechat needs WECHATPAY_PUBLIC_KEY(_FILE) with WECHATPAY_PUBLIC_KEY_ID, or a platform certificate');
  const apiV3Key = need(secretFrom(env, 'WECHATPAY_APIV3_KEY'), 'WECHATPAY_APIV3_KEY or WECHATPAY_APIV3_KEY_FILE');
  if (Buffer.byteLength(apiV3Key) !== 32) throw new Error('WECHATPAY_APIV3_KEY must be 32 bytes');
  return {
    payProvider: 'wechat',
    payNotifyUrl: notify,
    wechatPay: {
      mchid: need(env.WECHATPAY_MCHID, 'WECHATPAY_MCHID'),
      serialNo: need(env.WECHATPAY_SERIAL_NO, 'WECHATPAY_SERIAL_NO (the merchant API certificate serial)'),
      privateKeyPem: checkKey(
        need(secretFrom(env, 'WECHATPAY_PRIVATE_KEY'), 'WECHATPAY_PRIVATE_KEY_FILE (apiclient_key.pem)'),
        'private',
        'WECHATPAY_PRIVATE_KEY',
      ),
      verifyKeys,
      wechatpaySerial: (verifyKeys[0] as { serial: string }).serial,
      apiV3Key,
      apiBase: (env.WECHATPAY_API_BASE ?? DEFAULTS.WECHATPAY_API_BASE).replace(/\/+$/, ''),
    },
  };
}
