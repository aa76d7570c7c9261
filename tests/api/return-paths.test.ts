import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../src/contract/accounts';
import { CODE } from '../../src/contract/envelope';
import { FOREIGN_RETURN_MSG } from '../../src/server/http/return-origin';
import { SANDBOX_AUTHORIZE_PATH } from '../../src/server/providers/oauth/sandbox-oauth';
import type { PayProvider } from '../../src/server/providers/pay';
import { SANDBOX_BASE } from '../../src/server/providers/pay/sandbox-routes';
import { request } from '../support/api-client';
import { countRows, expectRefused } from '../support/flows';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Where the server sends a browser back to: the pay sandbox's cashier only to a same-site path (the one rule of
 * src/protocol), WeChat OAuth only to the configured public origins (the test server has PUBLIC_ORIGINS=https://m.example.com).
 */
describe('return paths and origins', () => {
  let s: TestServer;
  let pay: PayProvider;
  let n = 0;
  beforeAll(async () => {
    s = await startTestServer('sqlite');
    pay = await s.services.providers.pay();
  });
  afterAll(() => s.close());

  const prepay = async () => {
    n += 1;
    const h5 = await pay.client.h5({
      outTradeNo: `RP${Date.now()}${n}`,
      description: '四六级VIP 月卡',
      total: 100,
      expiresAt: s.services.clock() + 1800,
      notifyUrl: `${s.url}/api/pay/notify/wechat`,
      clientIp: '203.0.113.7',
      deviceType: 'iOS',
    });
    return new URL(h5, s.url).searchParams.get('prepay_id') ?? '';
  };
  const act = async (redirect_url: string) =>
    fetch(`${s.url}${SANDBOX_BASE}/cashier`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prepay_id: await prepay(), action: 'cancel', redirect_url }),
      redirect: 'manual',
    });

  it('the sandbox cashier refuses to send the browser to /\\evil.example (browsers read it as //evil.example)', async () => {
    for (const evil of ['/\\evil.example', '//evil.example', '/\t/evil.example', '/%5Cevil.example', 'https://evil.example/']) {
      const res = await act(evil);
      expect(res.status, evil).toBe(200);
      expect(res.headers.get('location'), evil).toBeNull();
      expect(await res.json()).toMatchObject({ result: 'cancel' });
      // The cashier page does not carry it into its form either.
      const page = await fetch(`${s.url}${SANDBOX_BASE}/cashier?prepay_id=${await prepay()}&redirect_url=${encodeURIComponent(evil)}`);
      expect(await page.text()).not.toContain('evil.example');
    }
    const back = await act('/order/result/7?x=1');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/order/result/7?x=1');
  });

  it('official-weixin-data keeps a return URL only on a public origin (or loopback outside production)', async () => {
    const states = await countRows(s, 'oauth_states');
    for (const redirect_url of ['https://evil.example/oauth/back', 'https://m.example.com.evil.example/', 'http://m.example.com/']) {
      const res = await request(s.url, auth.officialWeixinData, { redirect_url });
      expectRefused(res, 400, CODE.badInput, FOREIGN_RETURN_MSG);
    }
    expect(await countRows(s, 'oauth_states')).toBe(states);
    for (const redirect_url of ['https://m.example.com/oauth/back?from=test', `${s.url}/user`]) {
      expect((await request(s.url, auth.officialWeixinData, { redirect_url })).body.status, redirect_url).toBe(0);
    }
  });

  it('the sandbox authorize page refuses to send a login code to another site', async () => {
    const q = `redirect_uri=${encodeURIComponent('https://evil.example/back')}&state=abc`;
    const page = await fetch(`${s.url}${SANDBOX_AUTHORIZE_PATH}?${q}`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(FOREIGN_RETURN_MSG);
    const post = await fetch(`${s.url}${SANDBOX_AUTHORIZE_PATH}?${q}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'pick=new',
      redirect: 'manual',
    });
    expect(post.status).toBe(400);
    expect(post.headers.get('location')).toBeNull();
    expect(await post.json()).toMatchObject({ code: 4000, msg: FOREIGN_RETURN_MSG });
  });
});
