/**
 * The payment provider the settings choose: one WeChat Pay API v3 client (./wechatpay-client.ts) pointed at WeChat
 * Pay (PAY_PROVIDER=wechat, the merchant's keys) or at the offline sandbox this app serves (the default, the
 * sandbox's keys), the keys notifications are verified with, and the APIv3 key that decrypts them.
 */
import crypto, { type KeyObject } from 'node:crypto';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/connect';
import { WechatPaySandbox } from './sandbox-api';
import { loadSandboxKeys, SANDBOX_MCHID, SANDBOX_MERCHANT_SERIAL, SANDBOX_PUBLIC_KEY_ID } from './sandbox-keys';
import { SANDBOX_BASE } from './sandbox-routes';
import { WechatPayClient } from './wechatpay-client';

export interface PayProvider {
  name: 'sandbox' | 'wechat';
  client: WechatPayClient;
  mchid: string;
  appId: string;
  /** Keys that may sign notifications, by serial. */
  verifyKeys: ReadonlyMap<string, KeyObject>;
  apiV3Key: string;
  /** The sandbox (its routes and cashier) when PAY_PROVIDER=sandbox. */
  sandbox: WechatPaySandbox | null;
}

/**
 * `selfBase` is this server's own origin (known once it listens): the sandbox's API lives there. Notifications of
 * the sandbox go to the notify URL each order names, as WeChat Pay's do.
 */
export async function createPayProvider(config: ServerConfig, db: Db, clock: () => number, selfBase: () => string): Promise<PayProvider> {
  if (config.payProvider === 'wechat' && config.wechatPay) {
    const w = config.wechatPay;
    const verifyKeys = new Map(w.verifyKeys.map((k) => [k.serial, crypto.createPublicKey(k.pem)]));
    const client = new WechatPayClient({
      appId: config.wechatAppId,
      mchid: w.mchid,
      serialNo: w.serialNo,
      privateKey: crypto.createPrivateKey(w.privateKeyPem),
      apiBase: () => w.apiBase,
      verifyKeys,
      wechatpaySerial: w.wechatpaySerial,
      clock,
    });
    return { name: 'wechat', client, mchid: w.mchid, appId: config.wechatAppId, verifyKeys, apiV3Key: w.apiV3Key, sandbox: null };
  }
  const keys = await loadSandboxKeys(db);
  const verifyKeys = new Map([[SANDBOX_PUBLIC_KEY_ID, keys.platformPublic]]);
  const client = new WechatPayClient({
    appId: config.wechatAppId,
    mchid: SANDBOX_MCHID,
    serialNo: SANDBOX_MERCHANT_SERIAL,
    privateKey: keys.merchantPrivate,
    apiBase: () => selfBase() + SANDBOX_BASE,
    verifyKeys,
    wechatpaySerial: SANDBOX_PUBLIC_KEY_ID,
    clock,
  });
  const sandbox = new WechatPaySandbox({ db, keys, appId: config.wechatAppId, clock });
  return { name: 'sandbox', client, mchid: SANDBOX_MCHID, appId: config.wechatAppId, verifyKeys, apiV3Key: keys.apiV3Key, sandbox };
}
