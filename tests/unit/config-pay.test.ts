import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { payFrom } from '../../src/server/config-pay';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-pay-'));
const pair = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateFile = path.join(dir, 'apiclient_key.pem');
const publicFile = path.join(dir, 'wxp_pub.pem');
fs.writeFileSync(privateFile, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }));
fs.writeFileSync(publicFile, pair.publicKey.export({ type: 'spki', format: 'pem' }));
const full = {
  PAY_PROVIDER: 'wechat',
  PAY_NOTIFY_URL: 'https://m.example.com/api/pay/notify/wechat',
  WECHATPAY_MCHID: '1900000001',
  WECHATPAY_SERIAL_NO: 'ABC123',
  WECHATPAY_PRIVATE_KEY_FILE: privateFile,
  WECHATPAY_PUBLIC_KEY_FILE: publicFile,
  WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000000012026',
  WECHATPAY_APIV3_KEY: 'abcdefghijklmnopqrstuvwxyz012345',
};

describe('payment settings', () => {
  it('defaults to the sandbox', () => {
    expect(payFrom({})).toEqual({ payProvider: 'sandbox', wechatPay: null, payNotifyUrl: '' });
  });

  it('reads the merchant’s keys from the files the environment names', () => {
    const c = payFrom(full);
    expect(c.payProvider).toBe('wechat');
    expect(c.wechatPay).toMatchObject({
      mchid: '1900000001',
      serialNo: 'ABC123',
      wechatpaySerial: 'PUB_KEY_ID_0119000000012026',
      apiBase: 'https://api.mch.weixin.qq.com',
    });
    expect(c.wechatPay?.privateKeyPem).toContain('PRIVATE KEY');
  });

  it('names what is missing or wrong', () => {
    const without = (k: keyof typeof full) => ({ ...full, [k]: undefined });
    expect(() => payFrom({ PAY_PROVIDER: 'alipay' })).toThrow('PAY_PROVIDER "alipay"');
    expect(() => payFrom(without('PAY_NOTIFY_URL'))).toThrow('PAY_NOTIFY_URL');
    expect(() => payFrom({ ...full, PAY_NOTIFY_URL: 'https://x.example.com/n?a=1' })).toThrow('without a query');
    expect(() => payFrom(without('WECHATPAY_MCHID'))).toThrow('WECHATPAY_MCHID');
    expect(() => payFrom(without('WECHATPAY_PRIVATE_KEY_FILE'))).toThrow('WECHATPAY_PRIVATE_KEY_FILE');
    expect(() => payFrom({ ...full, WECHATPAY_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem') })).toThrow('cannot be read');
    expect(() => payFrom({ ...full, WECHATPAY_PRIVATE_KEY_FILE: publicFile })).toThrow('not a PEM private key');
    expect(() => payFrom({ ...full, WECHATPAY_PUBLIC_KEY_ID: 'ABC' })).toThrow('PUB_KEY_ID_');
    expect(() => payFrom({ ...full, WECHATPAY_PUBLIC_KEY_FILE: undefined })).toThrow('WECHATPAY_PUBLIC_KEY');
    expect(() => payFrom({ ...full, WECHATPAY_APIV3_KEY: 'short' })).toThrow('32 bytes');
  });
});
