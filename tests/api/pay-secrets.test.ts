import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as order from '../../src/contract/orders';
import { NOTIFY_PATH } from '../../src/server/areas/payments/order-pay';
import {
  loadSandboxKeys,
  SANDBOX_MCHID,
  SANDBOX_MERCHANT_SERIAL,
  SANDBOX_PUBLIC_KEY_ID,
} from '../../src/server/providers/pay/sandbox-keys';
import { SANDBOX_BASE } from '../../src/server/providers/pay/sandbox-routes';
import { freePort } from '../support/free-port';
import { productionEnv, type ServerProcess, spawnServer } from '../support/server-process';
import { loginBySms, signedClient } from '../support/signed-client';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * A full payment with PAY_PROVIDER=wechat, the real adapter configured only by environment variables and key files
 * as an operator would, talking to a local stand-in of WeChat Pay (another server's sandbox, which speaks API v3 with
 * its own keys). Then the server's whole log (debug level) and every reply are searched for the merchant private key
 * and the APIv3 key: neither may appear.
 */
describe('secrets stay out of logs and replies', () => {
  let wechat: TestServer;
  let app: ServerProcess;
  let dir: string;
  let privatePem: string;
  let apiV3Key: string;
  const prod = productionEnv();
  /** Every reply body the test received from the app. */
  const replies: string[] = [];
  const call = async <E extends Parameters<ReturnType<typeof signedClient>>[0]>(e: E, input: Record<string, unknown>, token?: string) => {
    const r = await signedClient(app.url, prod.SIGN_KEY as string)(e, input, token);
    replies.push(JSON.stringify(r.body));
    return r;
  };

  beforeAll(async () => {
    wechat = await startTestServer('sqlite');
    const pay = await wechat.services.providers.pay();
    Object.assign((pay.sandbox as unknown as { o: object }).o, { repeats: 2, repeatDelayMs: 20, probeEvery: 1 });
    const keys = await loadSandboxKeys(wechat.services.db);
    privatePem = keys.merchantPrivate.export({ type: 'pkcs8', format: 'pem' }).toString();
    apiV3Key = keys.apiV3Key;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-secrets-'));
    fs.writeFileSync(path.join(dir, 'apiclient_key.pem'), privatePem, { mode: 0o600 });
    fs.writeFileSync(path.join(dir, 'apiv3.key'), apiV3Key, { mode: 0o600 });
    const port = await freePort();
    app = await spawnServer({
      ...prod,
      SEED_DEMO: '1',
      LOG_LEVEL: 'debug',
      DATA_DIR: dir,
      PORT: String(port),
      WECHAT_APP_ID: wechat.services.config.wechatAppId,
      PAY_PROVIDER: 'wechat',
      PAY_NOTIFY_URL: `http://127.0.0.1:${port}${NOTIFY_PATH}`,
      WECHATPAY_MCHID: SANDBOX_MCHID,
      WECHATPAY_SERIAL_NO: SANDBOX_MERCHANT_SERIAL,
      WECHATPAY_PRIVATE_KEY_FILE: path.join(dir, 'apiclient_key.pem'),
      WECHATPAY_PUBLIC_KEY: keys.platformPublic.export({ type: 'spki', format: 'pem' }).toString(),
      WECHATPAY_PUBLIC_KEY_ID: SANDBOX_PUBLIC_KEY_ID,
      WECHATPAY_APIV3_KEY_FILE: path.join(dir, 'apiv3.key'),
      WECHATPAY_API_BASE: wechat.url + SANDBOX_BASE,
    });
  }, 120000);
  afterAll(async () => {
    await app?.kill('SIGTERM');
    await wechat?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a course bought through the real adapter is paid by the signed notification; no secret is logged or answered', async () => {
    const token = await loginBySms(app, signedClient(app.url, prod.SIGN_KEY as string), '13912345678');
    const sqlite = new SQLite(path.join(dir, 'beikao.sqlite'), { readonly: true });
    const good = sqlite
      .prepare("SELECT id, price FROM goods WHERE kind = 'course' AND price > 0 AND on_sale = 1 ORDER BY id LIMIT 1")
      .get() as {
      id: number;
      price: number;
    };
    sqlite.close();
    const made = await call(order.create, { goods: { [good.id]: 1 } }, token);
    expect(made.body.data).toMatchObject({ status: 'pending', total: good.price });
    const orderId = made.body.data.id;

    // H5: the cashier URL comes from "WeChat Pay" (the stand-in), signed both ways.
    const h5 = await call(order.h5Pay, { id: orderId }, token);
    const prepay = /prepay_id=([^&]+)/.exec(h5.body.data.h5_url ?? '')?.[1];
    expect(prepay).toMatch(/^wx/);
    expect(h5.body.data.h5_url).toContain(`redirect_url=${encodeURIComponent(`${app.url}/order/result/${orderId}`)}`);
    const paid = await fetch(`${wechat.url}${SANDBOX_BASE}/cashier`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prepay_id: prepay, action: 'pay' }),
    });
    expect(paid.status).toBe(200);
    await expect
      .poll(async () => (await call(order.status, { id: orderId }, token)).body.data.is_success, { timeout: 15000, interval: 300 })
      .toBe(1);
    // A forged notification is refused (and logged as refused).
    const forged = await fetch(app.url + NOTIFY_PATH, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'wechatpay-serial': SANDBOX_PUBLIC_KEY_ID,
        'wechatpay-timestamp': '1',
        'wechatpay-nonce': 'x',
        'wechatpay-signature': 'AAAA',
      },
      body: '{}',
    });
    expect(forged.status).toBe(401);
    await app.waitForLine((l) => l.includes('wechat pay notification refused'));

    const log = app.lines.join('\n');
    expect(app.lines.length).toBeGreaterThan(10);
    expect(log).toContain(NOTIFY_PATH);
    const everything = `${log}\n${replies.join('\n')}`;
    expect(everything).not.toContain(apiV3Key);
    // The PEM body, in pieces (a log could wrap or cut it).
    const body = privatePem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    for (let i = 0; i + 40 <= body.length; i += 40) expect(everything.includes(body.slice(i, i + 40)), `key piece ${i}`).toBe(false);
    expect(everything).not.toContain('PRIVATE KEY');
  }, 60000);
});
