import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/contract/envelope';
import * as framework from '../../src/contract/framework';
import { CredentialCache, REFRESH_MARGIN_SECONDS } from '../../src/server/providers/jssdk/credential-cache';
import { request } from '../support/api-client';
import { type FakeWechatServer, startFakeWechatServer } from '../support/fake-wechat-server';
import { databases, startTestServer, type TestServer } from '../support/test-server';

const sha1 = (t: string) => crypto.createHash('sha1').update(t).digest('hex');
const PAGE = 'https://m.example.com/order/determine/12/0?x=1';

/**
 * JSSDK_PROVIDER=wechat against a local fake of WeChat's API: the access token and jsapi_ticket are fetched once for
 * all app servers on one database, refreshed before they expire by one caller, and a stale token is replaced.
 */
describe.each(databases())('%s', (kind) => {
  let fake: FakeWechatServer;
  let s: TestServer;
  let second: Awaited<ReturnType<TestServer['second']>>;
  const calls = (path: string) => fake.requests.filter((r) => r.path === path).length;
  const config = (url: string) => request(url, framework.jsSdkConfig, { url: `${PAGE}#top` });

  beforeAll(async () => {
    fake = await startFakeWechatServer();
    s = await startTestServer(kind, {
      config: { jsSdkProvider: 'wechat', wechatAppId: fake.appId, wechatAppSecret: fake.appSecret, wechatApiBase: fake.url },
    });
    second = await s.second();
  });
  afterAll(async () => {
    await second.close();
    await s.close();
    await fake.close();
  });

  it('20 concurrent calls on two app servers fetch one token and one ticket; every signature is made with it', async () => {
    fake.requests.length = 0;
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => config(i % 2 ? second.url : s.url)));
    expect(calls('/cgi-bin/token')).toBe(1);
    expect(calls('/cgi-bin/ticket/getticket')).toBe(1);
    const token = fake.requests.find((r) => r.path === '/cgi-bin/token');
    expect(token?.query).toMatchObject({ grant_type: 'client_credential', appid: fake.appId, secret: fake.appSecret });
    for (const r of replies) {
      const c = r.body.data;
      expect(c.appId).toBe(fake.appId);
      expect(c.signature).toBe(sha1(`jsapi_ticket=${fake.lastTicket()}&noncestr=${c.nonceStr}&timestamp=${c.timestamp}&url=${PAGE}`));
    }
  });

  it('refreshes before the 7200 s expiry, once, and serves the new ticket', async () => {
    const before = fake.lastTicket();
    s.advance(7200 - REFRESH_MARGIN_SECONDS + 1);
    fake.requests.length = 0;
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => config(i % 2 ? second.url : s.url)));
    expect(calls('/cgi-bin/ticket/getticket')).toBe(1);
    expect(fake.lastTicket()).not.toBe(before);
    // While one caller refreshes, the others may still sign with the old ticket (valid until it really expires).
    const signedWith = (c: (typeof replies)[number]['body']['data'], t: string) =>
      c.signature === sha1(`jsapi_ticket=${t}&noncestr=${c.nonceStr}&timestamp=${c.timestamp}&url=${PAGE}`);
    for (const r of replies) expect(signedWith(r.body.data, before) || signedWith(r.body.data, fake.lastTicket())).toBe(true);
    for (const url of [s.url, second.url]) expect(signedWith((await config(url)).body.data, fake.lastTicket())).toBe(true);
  });

  it('a ticket call refused for a stale access token fetches a new token once and succeeds', async () => {
    s.advance(7200);
    fake.revokeAccessTokens();
    // The cached token is still "valid" by its own clock; WeChat says 40001 only when the ticket is asked for.
    await s.services.db.kysely
      .updateTable('wechat_credentials')
      .set({ expires_at: s.services.clock() + 7000 })
      .where('key', '=', 'access_token')
      .execute();
    fake.requests.length = 0;
    const r = await config(s.url);
    expect(r.body.status).toBe(0);
    expect(calls('/cgi-bin/token')).toBe(1);
    expect(calls('/cgi-bin/ticket/getticket')).toBe(2);
  });

  it('a server dropping a stale token removes only that one, never the newer token another server stored', async () => {
    const clock = () => s.services.clock();
    const here = new CredentialCache(s.services.db, clock);
    const there = new CredentialCache(second.services.db, clock);
    const fetched: string[] = [];
    const fetchAs = (value: string) => async () => {
      fetched.push(value);
      return { value, expiresIn: 7200 };
    };
    const stored = async () =>
      (await s.services.db.kysely.selectFrom('wechat_credentials').select('value').where('key', '=', 'test_token').executeTakeFirst())
        ?.value;
    expect(await here.get('test_token', fetchAs('old'))).toBe('old');
    expect(await there.get('test_token', fetchAs('unused'))).toBe('old');
    // The other server is told first that "old" is stale and stores "new"; this one still holds "old" in memory.
    await there.invalidate('test_token', 'old');
    expect(await there.get('test_token', fetchAs('new'))).toBe('new');
    expect(await stored()).toBe('new');
    await here.invalidate('test_token', 'old');
    expect(await stored()).toBe('new');
    expect(await here.get('test_token', fetchAs('newer'))).toBe('new');
    expect(fetched).toEqual(['old', 'new']);
  });

  it('WeChat’s refusal is a clear upstream error, never the AppSecret; the next call tries again', async () => {
    s.advance(7200);
    await s.services.db.kysely.updateTable('wechat_credentials').set({ value: '', expires_at: 0 }).execute();
    fake.failNext('/cgi-bin/token', { body: { errcode: 40164, errmsg: 'invalid ip 1.2.3.4, not in whitelist' } });
    // Each server keeps its own memory copy: clear both by letting the values expire (done above) and asking one.
    const r = await request(s.url, framework.jsSdkConfig, { url: PAGE });
    expect(r.http).toBeGreaterThanOrEqual(500);
    expect(r.http).toBeLessThan(600);
    expect(r.body.code).toBe(5020);
    expect(r.body.status).not.toBe(CODE.ok);
    expect(r.body.msg).toContain('40164');
    expect(JSON.stringify(r.body)).not.toContain(fake.appSecret);
    expect((await config(s.url)).body.status).toBe(0);
  });
});
