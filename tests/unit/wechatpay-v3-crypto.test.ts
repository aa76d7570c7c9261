import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  authorization,
  decryptResource,
  encryptResource,
  jsapiPayParams,
  MAX_SKEW_SECONDS,
  message,
  parseAuthorization,
  signReply,
  verifySha256Rsa,
  verifySigned,
} from '../../src/server/providers/pay/wechatpay-v3-crypto';

const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const APIV3 = 'abcdefghijklmnopqrstuvwxyz012345';

describe('WeChat Pay v3 signing (request, JSAPI paySign)', () => {
  it('signs METHOD\\nURL\\ntimestamp\\nnonce\\nbody\\n and the header carries every part', () => {
    const req = { method: 'POST', urlPath: '/v3/pay/transactions/jsapi', body: '{"a":1}', timestamp: 1554208460, nonce: 'N0NCE' };
    const h = authorization({ mchid: '1900000001', serialNo: 'SERIAL1', privateKey: merchant.privateKey }, req);
    const parts = parseAuthorization(h);
    expect(parts).toMatchObject({ mchid: '1900000001', nonce_str: 'N0NCE', timestamp: '1554208460', serial_no: 'SERIAL1' });
    const signed = 'POST\n/v3/pay/transactions/jsapi\n1554208460\nN0NCE\n{"a":1}\n';
    expect(message('POST', '/v3/pay/transactions/jsapi', '1554208460', 'N0NCE', '{"a":1}')).toBe(signed);
    expect(verifySha256Rsa(signed, parts?.signature ?? '', merchant.publicKey)).toBe(true);
    // A GET still ends its empty body with \n; a changed query breaks the signature.
    expect(message('GET', '/v3/x?mchid=1', '1', 'n', '')).toBe('GET\n/v3/x?mchid=1\n1\nn\n\n');
    expect(verifySha256Rsa(signed.replace('jsapi', 'h5'), parts?.signature ?? '', merchant.publicKey)).toBe(false);
  });

  it('paySign covers appId, timeStamp, nonceStr and the whole package prepay_id=…', () => {
    const p = jsapiPayParams(
      'wx2421b1c4370ec43b',
      'wx201410272009395522657a690389285100',
      merchant.privateKey,
      1554208460,
      '593BEC0C930BF1AFEB40B4A08C8FB242',
    );
    expect(p).toMatchObject({ timeStamp: '1554208460', package: 'prepay_id=wx201410272009395522657a690389285100', signType: 'RSA' });
    const text = 'wx2421b1c4370ec43b\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\nprepay_id=wx201410272009395522657a690389285100\n';
    expect(verifySha256Rsa(text, p.paySign, merchant.publicKey)).toBe(true);
    // the bare id (the APP form) is a different text
    expect(verifySha256Rsa(text.replace('prepay_id=', ''), p.paySign, merchant.publicKey)).toBe(false);
  });
});

describe('verifying replies and notifications', () => {
  const keys = new Map([['PUB_KEY_ID_0114232134912410000000000000', platform.publicKey]]);
  const body = '{"id":"EV-1","event_type":"TRANSACTION.SUCCESS"}';
  const now = 1_800_000_000;
  const signed = (over: Partial<ReturnType<typeof signReply>> = {}) => ({
    ...signReply(body, platform.privateKey, 'PUB_KEY_ID_0114232134912410000000000000', now, 'nonce-1'),
    ...over,
  });

  it('accepts a right signature within 5 minutes', () => {
    expect(verifySigned(signed(), body, keys, now)).toEqual({ ok: true });
    expect(verifySigned(signed(), body, keys, now + MAX_SKEW_SECONDS - 1)).toEqual({ ok: true });
  });

  it('refuses a changed body, another key, an unknown serial, a stale or future timestamp, a probe, missing headers', () => {
    expect(verifySigned(signed(), body.replace('EV-1', 'EV-2'), keys, now)).toEqual({ ok: false, reason: 'bad_signature' });
    const forged = signReply(body, merchant.privateKey, 'PUB_KEY_ID_0114232134912410000000000000', now, 'nonce-1');
    expect(verifySigned(forged, body, keys, now)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifySigned(signed({ serial: 'PUB_KEY_ID_OTHER' }), body, keys, now)).toEqual({ ok: false, reason: 'unknown_serial' });
    expect(verifySigned(signed(), body, keys, now + MAX_SKEW_SECONDS)).toEqual({ ok: false, reason: 'stale' });
    expect(verifySigned(signed(), body, keys, now - MAX_SKEW_SECONDS)).toEqual({ ok: false, reason: 'stale' });
    expect(verifySigned(signed({ signature: 'WECHATPAY/SIGNTEST/abc' }), body, keys, now)).toEqual({ ok: false, reason: 'probe' });
    expect(verifySigned(null, body, keys, now)).toEqual({ ok: false, reason: 'missing_headers' });
  });
});

describe('notification resources (AES-256-GCM under the APIv3 key)', () => {
  const plain = JSON.stringify({ out_trade_no: '20261124000001', trade_state: 'SUCCESS', amount: { total: 1990 } });

  it('round-trips, with the 16-byte tag at the end of the ciphertext', () => {
    const r = encryptResource(plain, APIV3, 'fdasflkja484', 'transaction', 'transaction');
    expect(Buffer.from(r.ciphertext, 'base64').length).toBe(Buffer.byteLength(plain) + 16);
    expect(decryptResource(r, APIV3)).toBe(plain);
  });

  it('fails on a wrong key, a changed ciphertext or changed associated data', () => {
    const r = encryptResource(plain, APIV3, 'fdasflkja484', 'transaction', 'transaction');
    expect(() => decryptResource(r, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345')).toThrow();
    const bytes = Buffer.from(r.ciphertext, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(() => decryptResource({ ...r, ciphertext: bytes.toString('base64') }, APIV3)).toThrow();
    expect(() => decryptResource({ ...r, associated_data: 'refund' }, APIV3)).toThrow();
    expect(() => decryptResource(r, 'short')).toThrow('32 bytes');
  });
});
