import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/server/http/errors';
import type { PayProvider } from '../../src/server/providers/pay';
import { SANDBOX_MCHID, SANDBOX_MERCHANT_SERIAL, SANDBOX_PUBLIC_KEY_ID } from '../../src/server/providers/pay/sandbox-keys';
import { SANDBOX_BASE } from '../../src/server/providers/pay/sandbox-routes';
import { WechatPayClient } from '../../src/server/providers/pay/wechatpay-client';
import { decryptResource, signedHeadersOf, verifySigned } from '../../src/server/providers/pay/wechatpay-v3-crypto';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { keepSandboxNotifications } from '../support/wechatpay-notify';

/**
 * The WeChat Pay API v3 adapter against the offline sandbox, a local implementation of the published protocol with
 * its own keys: requests signed by us and checked there, replies and notifications signed there and checked by us.
 */
describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let pay: PayProvider;
  const deliveries: Array<{ url: string; body: string; headers: Record<string, string> }> = [];
  let n = 0;
  const tradeNo = () => {
    n += 1;
    return `T${Date.now()}${n}`;
  };
  const order = <T extends object>(over: T) => ({
    outTradeNo: tradeNo(),
    description: '四六级VIP 月卡',
    total: 2990,
    expiresAt: s.services.clock() + 1800,
    notifyUrl: 'https://pay.example.com/api/pay/notify/wechat',
    ...over,
  });

  beforeAll(async () => {
    s = await startTestServer(kind);
    pay = await s.services.providers.pay();
    // Keep deliveries here instead of posting them to example.com.
    keepSandboxNotifications(pay, deliveries, { repeats: 1, repeatDelayMs: 1, probeEvery: 1, reply: 200 });
  });
  afterAll(() => s.close());

  it('creates a JSAPI order (prepay id), re-sends the same number with the same parameters, refuses it with others', async () => {
    const o = order({ openid: 'o-openid-1' });
    const first = await pay.client.jsapi(o);
    expect(first).toMatch(/^wx\d+/);
    expect(await pay.client.jsapi(o)).toBe(first);
    await expect(pay.client.jsapi({ ...o, total: 1 })).rejects.toThrow('参数与首次请求时不一致');
    const q = await pay.client.query(o.outTradeNo);
    expect(q).toMatchObject({ out_trade_no: o.outTradeNo, trade_state: 'NOTPAY', mchid: SANDBOX_MCHID, amount: { total: 2990 } });
    expect(await pay.client.query('NO_SUCH_ORDER_1')).toBeNull();
  });

  it('an H5 order opens the sandbox cashier; paying there sends a probe, then signed encrypted notifications', async () => {
    const o = order({ clientIp: '203.0.113.7', deviceType: 'iOS' as const });
    const h5 = await pay.client.h5(o);
    expect(h5).toContain(`${SANDBOX_BASE}/cashier?prepay_id=`);
    const page = await fetch(s.url + h5);
    expect(await page.text()).toContain('确认支付');
    const prepayId = new URL(h5, s.url).searchParams.get('prepay_id') ?? '';
    deliveries.length = 0;
    const paid = await fetch(`${s.url}${SANDBOX_BASE}/cashier`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prepay_id: prepayId, action: 'pay' }),
    });
    expect(await paid.json()).toMatchObject({ trade_state: 'SUCCESS' });
    // A probe, the notification and its one repeat; still three after the round trips below (no fourth).
    await expect.poll(() => deliveries.length).toBe(3);
    const [probe, ...real] = deliveries;
    const now = s.services.clock();
    expect(verifySigned(signedHeadersOf(probe?.headers ?? {}), probe?.body ?? '', pay.verifyKeys, now)).toEqual({
      ok: false,
      reason: 'probe',
    });
    for (const d of real) {
      expect(d.url).toBe(o.notifyUrl);
      expect(verifySigned(signedHeadersOf(d.headers), d.body, pay.verifyKeys, now)).toEqual({ ok: true });
      const event = JSON.parse(d.body) as { event_type: string; resource: { ciphertext: string; associated_data: string; nonce: string } };
      expect(event.event_type).toBe('TRANSACTION.SUCCESS');
      const tx = JSON.parse(decryptResource(event.resource, pay.apiV3Key));
      expect(tx).toMatchObject({
        out_trade_no: o.outTradeNo,
        trade_state: 'SUCCESS',
        mchid: SANDBOX_MCHID,
        appid: pay.appId,
        amount: { total: 2990 },
      });
    }
    expect((await pay.client.query(o.outTradeNo))?.trade_state).toBe('SUCCESS');
    await expect(pay.client.close(o.outTradeNo)).rejects.toThrow('ORDER_PAID');
    expect(deliveries).toHaveLength(3);
  });

  it('closes an unpaid order (repeatable); refunds once per refund number and never more than was paid', async () => {
    const open = order({ openid: 'o-openid-2' });
    await pay.client.jsapi(open);
    await pay.client.close(open.outTradeNo);
    await pay.client.close(open.outTradeNo);
    expect((await pay.client.query(open.outTradeNo))?.trade_state).toBe('CLOSED');

    const o = order({ openid: 'o-openid-3', total: 1000 });
    const prepay = await pay.client.jsapi(o);
    await pay.sandbox?.act(prepay, 'pay');
    const base = {
      outTradeNo: o.outTradeNo,
      total: 1000,
      reason: '课程未学习',
      notifyUrl: 'https://pay.example.com/api/pay/notify/wechat-refund',
    };
    const r1 = await pay.client.refund({ ...base, outRefundNo: 'R1', refund: 600 });
    expect(r1).toMatchObject({ out_refund_no: 'R1', status: 'SUCCESS', amount: { refund: 600, total: 1000 } });
    expect((await pay.client.refund({ ...base, outRefundNo: 'R1', refund: 600 })).refund_id).toBe(r1.refund_id);
    await expect(pay.client.refund({ ...base, outRefundNo: 'R2', refund: 401 })).rejects.toThrow('可退金额');
    expect((await pay.client.refund({ ...base, outRefundNo: 'R3', refund: 400 })).status).toBe('SUCCESS');
  });

  it('refuses a request signed with another key or an unknown merchant, and an unsigned or forged reply', async () => {
    const stranger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const base = {
      appId: pay.appId,
      apiBase: () => `${s.url}${SANDBOX_BASE}`,
      verifyKeys: pay.verifyKeys,
      wechatpaySerial: SANDBOX_PUBLIC_KEY_ID,
      clock: s.services.clock,
    };
    const forger = new WechatPayClient({
      ...base,
      mchid: SANDBOX_MCHID,
      serialNo: SANDBOX_MERCHANT_SERIAL,
      privateKey: stranger.privateKey,
    });
    await expect(forger.jsapi(order({ openid: 'x' }))).rejects.toThrow('签名错误');
    const other = new WechatPayClient({ ...base, mchid: '1234567890', serialNo: SANDBOX_MERCHANT_SERIAL, privateKey: stranger.privateKey });
    await expect(other.query('X')).rejects.toThrow('商户号');
    // A client that trusts another key does not believe the sandbox's (genuine) replies.
    const wrongTrust = new WechatPayClient({
      ...base,
      mchid: SANDBOX_MCHID,
      serialNo: SANDBOX_MERCHANT_SERIAL,
      privateKey: (pay.client as unknown as { c: { privateKey: crypto.KeyObject } }).c.privateKey,
      verifyKeys: new Map([[SANDBOX_PUBLIC_KEY_ID, stranger.publicKey]]),
    });
    const err = await wrongTrust.jsapi(order({ openid: 'y' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toContain('验签失败');
  });
});
