import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../src/contract/accounts';
import { CODE } from '../../src/contract/envelope';
import * as user from '../../src/contract/users';
import { loadConfig } from '../../src/server/config';
import { ApiError } from '../../src/server/http/errors';
import { UPSTREAM_CODE, WechatOauthProvider } from '../../src/server/providers/oauth/wechat-oauth';
import { request } from '../support/api-client';
import { type FakeWechatServer, startFakeWechatServer } from '../support/fake-wechat-server';
import { countRows, expectRefused, freshMobile, loginAs } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';

const BACK = 'https://m.example.com/study/index?from=wx';
const ZHAO = { openid: 'o-real-zhao', nickname: '赵同学', headimgurl: 'https://thirdwx.qlogo.cn/mmopen/zhao/132' };

let fake: FakeWechatServer;
beforeAll(async () => {
  fake = await startFakeWechatServer();
});
afterAll(() => fake.close());

const adapter = (over: Partial<ConstructorParameters<typeof WechatOauthProvider>[0]> = {}) =>
  new WechatOauthProvider({
    appId: fake.appId,
    appSecret: fake.appSecret,
    apiBase: fake.url,
    openBase: fake.url,
    timeoutMs: 1500,
    ...over,
  });

/** The ApiError an exchange throws (fails the test when it resolves). */
async function refusal(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe('WechatOauthProvider against a local fake WeChat server', () => {
  it('builds the authorize URL WeChat expects (parameter order, snsapi_userinfo, #wechat_redirect)', () => {
    const url = new WechatOauthProvider({
      appId: 'wx123',
      appSecret: 's',
      apiBase: 'https://api.weixin.qq.com',
      openBase: 'https://open.weixin.qq.com',
    }).authorizeUrl('https://m.example.com/a?b=1&c=2', 'st4te');
    expect(url).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx123&redirect_uri=https%3A%2F%2Fm.example.com%2Fa%3Fb%3D1%26c%3D2&response_type=code&scope=snsapi_userinfo&state=st4te#wechat_redirect',
    );
  });

  it('exchanges a code for the identity: access_token then userinfo, with the right parameters', async () => {
    fake.requests.length = 0;
    const who = await adapter().exchange(fake.grant(ZHAO));
    expect(who).toEqual({ openid: ZHAO.openid, nickname: '赵同学', avatar: ZHAO.headimgurl });
    const [token, info] = fake.requests;
    expect(token).toMatchObject({
      path: '/sns/oauth2/access_token',
      query: { appid: fake.appId, secret: fake.appSecret, grant_type: 'authorization_code' },
    });
    expect(info).toMatchObject({ path: '/sns/userinfo', query: { openid: ZHAO.openid, lang: 'zh_CN' } });
    expect(info?.query.access_token?.length).toBeGreaterThan(10);
  });

  it('answers null for an unknown or already used code (the visitor authorizes again)', async () => {
    const a = adapter();
    expect(await a.exchange('no-such-code')).toBeNull();
    const code = fake.grant(ZHAO);
    expect(await a.exchange(code)).not.toBeNull();
    expect(await a.exchange(code)).toBeNull();
  });

  it('turns configuration errcodes into clear Chinese messages (502, code 5020)', async () => {
    const secret = await refusal(adapter({ appSecret: 'wrong' }).exchange(fake.grant(ZHAO)));
    expect({ http: secret.httpStatus, code: secret.code }).toEqual({ http: 502, code: UPSTREAM_CODE });
    expect(secret.message).toMatch(/^换取微信授权凭证失败：微信公众号 AppSecret 配置有误（errcode 40125：invalid appsecret/);
    const appid = await refusal(adapter({ appId: 'wx-other' }).exchange(fake.grant(ZHAO)));
    expect(appid.message).toContain('AppID 配置有误（errcode 40013');
  });

  it('says WeChat is busy (503) for errcode -1 and rate limits, and names unknown errcodes', async () => {
    fake.failNext('/sns/oauth2/access_token', { body: { errcode: -1, errmsg: 'system error' } });
    const busy = await refusal(adapter().exchange(fake.grant(ZHAO)));
    expect({ http: busy.httpStatus, msg: busy.message }).toEqual({
      http: 503,
      msg: expect.stringContaining('微信服务繁忙，请稍后再试（errcode -1'),
    });
    fake.failNext('/sns/oauth2/access_token', { body: { errcode: 45011, errmsg: 'api minute-quota reach limit' } });
    expect((await refusal(adapter().exchange(fake.grant(ZHAO)))).message).toContain('调用过于频繁');
    fake.failNext('/sns/oauth2/access_token', { body: { errcode: 99999, errmsg: 'strange' } });
    expect((await refusal(adapter().exchange(fake.grant(ZHAO)))).message).toContain('微信返回错误（errcode 99999：strange）');
  });

  it('refuses a user-info errcode (e.g. 48001 no permission) and an openid that does not match', async () => {
    fake.failNext('/sns/userinfo', { body: { errcode: 48001, errmsg: 'api unauthorized' } });
    const e = await refusal(adapter().exchange(fake.grant(ZHAO)));
    expect(e.message).toMatch(/^获取微信用户信息失败：公众号未获得网页授权接口权限（errcode 48001/);
    fake.failNext('/sns/userinfo', { body: { openid: 'o-someone-else', nickname: 'x', headimgurl: '' } });
    expect((await refusal(adapter().exchange(fake.grant(ZHAO)))).message).toContain('openid 与授权凭证不符');
  });

  it('handles HTTP errors, non-JSON and reply without openid', async () => {
    fake.failNext('/sns/oauth2/access_token', { status: 500, body: 'oops' });
    const e500 = await refusal(adapter().exchange(fake.grant(ZHAO)));
    expect({ http: e500.httpStatus, msg: e500.message }).toEqual({
      http: 503,
      msg: '换取微信授权凭证失败：微信服务器返回 HTTP 500，请稍后再试',
    });
    fake.failNext('/sns/oauth2/access_token', { body: '<html>gateway</html>' });
    expect((await refusal(adapter().exchange(fake.grant(ZHAO)))).message).toBe('换取微信授权凭证失败：微信服务器的回复无法识别');
    fake.failNext('/sns/oauth2/access_token', { body: { access_token: 'x' } });
    expect((await refusal(adapter().exchange(fake.grant(ZHAO)))).message).toContain('缺少 access_token 或 openid');
  });

  it('says it cannot reach WeChat when the connection fails or times out', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const refused = await refusal(adapter({ apiBase: `http://127.0.0.1:${port}` }).exchange('c'));
    expect({ http: refused.httpStatus, msg: refused.message }).toEqual({
      http: 503,
      msg: '换取微信授权凭证失败：无法连接微信服务器，请稍后再试',
    });
    fake.failNext('/sns/oauth2/access_token', { body: '', hang: true });
    expect((await refusal(adapter({ timeoutMs: 300 }).exchange('c'))).message).toContain('无法连接微信服务器');
  });

  it('keeps nickname and avatar within the column sizes', async () => {
    const who = await adapter().exchange(
      fake.grant({ openid: 'o-long', nickname: '长'.repeat(100), headimgurl: `https://x.cn/${'a'.repeat(300)}` }),
    );
    expect(who?.nickname).toHaveLength(64);
    expect(who?.avatar).toBe('');
  });
});

describe('OAUTH_PROVIDER configuration', () => {
  const load = (env: Record<string, string>) => loadConfig(env, { jwtSecret: 'k'.repeat(32), dataDir: '/tmp/beikao-config-test' });

  it('defaults to the sandbox, and takes wechat with app id and secret (WeChat hosts by default)', () => {
    expect(load({}).oauthProvider).toBe('sandbox');
    const c = load({ OAUTH_PROVIDER: 'wechat', WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's1' });
    expect(c).toMatchObject({
      oauthProvider: 'wechat',
      wechatAppId: 'wx1',
      wechatAppSecret: 's1',
      wechatApiBase: 'https://api.weixin.qq.com',
      wechatOpenBase: 'https://open.weixin.qq.com',
    });
    const local = load({
      OAUTH_PROVIDER: 'wechat',
      WECHAT_APP_ID: 'wx1',
      WECHAT_APP_SECRET: 's1',
      WECHAT_API_BASE: 'http://127.0.0.1:9/',
      WECHAT_OPEN_BASE: 'http://127.0.0.1:9',
    });
    expect([local.wechatApiBase, local.wechatOpenBase]).toEqual(['http://127.0.0.1:9', 'http://127.0.0.1:9']);
  });

  it('refuses to start with wechat but no app id or secret, a bad host URL or an unknown provider', () => {
    expect(() => load({ OAUTH_PROVIDER: 'wechat', WECHAT_APP_ID: 'wx1' })).toThrow(
      'OAUTH_PROVIDER=wechat needs WECHAT_APP_ID and WECHAT_APP_SECRET',
    );
    expect(() => load({ OAUTH_PROVIDER: 'wechat', WECHAT_APP_SECRET: 's' })).toThrow('WECHAT_APP_ID');
    expect(() => load({ WECHAT_API_BASE: 'api.weixin.qq.com' })).toThrow('WECHAT_API_BASE must be an http(s) URL');
    expect(() => load({ OAUTH_PROVIDER: 'qq' })).toThrow('OAUTH_PROVIDER "qq" is not available (supported: sandbox, wechat)');
  });
});

describe('the sandbox without the development tools (production)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite', { config: { devTools: false } });
  });
  afterAll(() => s.close());

  it('says WeChat login is not configured instead of sending visitors to a missing page', async () => {
    const before = await countRows(s, 'oauth_states');
    const res = await request(s.url, auth.officialWeixinData, { redirect_url: BACK });
    expect(res.http).toBe(503);
    expect(res.body).toMatchObject({ status: 1, code: UPSTREAM_CODE, msg: expect.stringContaining('微信登录暂不可用') });
    expect(await countRows(s, 'oauth_states')).toBe(before);
    expect((await fetch(`${s.url}/member/sandbox/weixin/authorize?redirect_uri=${encodeURIComponent(BACK)}&state=x`)).status).toBe(404);
  });
});

describe.each(databases())('%s: the server with OAUTH_PROVIDER=wechat', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, {
      config: {
        oauthProvider: 'wechat',
        wechatAppId: fake.appId,
        wechatAppSecret: fake.appSecret,
        wechatApiBase: fake.url,
        wechatOpenBase: fake.url,
      },
    });
  });
  afterAll(() => s.close());

  /** official-weixin-data, then the fake's authorize page consents as `who` and redirects back. */
  async function round(who: typeof ZHAO) {
    const data = await request(s.url, auth.officialWeixinData, { redirect_url: BACK });
    expect(data.body.status).toBe(0);
    const authorize = new URL(data.body.data.authorize_url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.url}/connect/oauth2/authorize`);
    expect(authorize.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      appid: fake.appId,
      redirect_uri: BACK,
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state: data.body.data.state,
    });
    fake.nextUser = who;
    const res = await fetch(`${authorize.origin}${authorize.pathname}${authorize.search}`, { redirect: 'manual' });
    const back = new URL(res.headers.get('location') ?? '');
    expect(back.searchParams.get('state')).toBe(data.body.data.state);
    return { code: back.searchParams.get('code') ?? '', state: data.body.data.state };
  }

  it('a new WeChat user registers by mobile, then logs straight in; open-data gives the openid', async () => {
    const who = { openid: `o-${kind}-new`, nickname: '钱同学', headimgurl: 'https://thirdwx.qlogo.cn/mmopen/qian/132' };
    const first = await round(who);
    const res = await request(s.url, auth.officialWeixinLogin, first);
    expect(res.body.data).toMatchObject({ login: 0, register: 1, redirect_url: BACK, data: { openid: who.openid, token: '' } });
    const mobile = freshMobile();
    const bound = await loginAs(s, mobile, { third_auth_key: res.body.data.data.third_auth_key });
    const again = await request(s.url, auth.officialWeixinLogin, await round(who));
    expect(again.body.data).toMatchObject({ login: 1, register: 0 });
    const token = again.body.data.data.token;
    expect((await request(s.url, user.baseInfo, {}, { token })).body.data).toMatchObject({ id: bound.user.id, mobile, need_bound: 0 });
    expect((await request(s.url, auth.openData, {}, { token })).body.data).toEqual({ openid: who.openid });
    const row = await s.services.db.kysely
      .selectFrom('third_identities')
      .select(['nickname', 'avatar'])
      .where('openid', '=', who.openid)
      .executeTakeFirst();
    expect(row).toEqual({ nickname: '钱同学', avatar: who.headimgurl });
  });

  it('refuses a used code with 400 and a WeChat failure with a Chinese message, never 500, creating nothing', async () => {
    const who = { openid: `o-${kind}-err`, nickname: '孙同学', headimgurl: '' };
    const used = await round(who);
    const code = used.code;
    fake.failNext('/sns/oauth2/access_token', { body: { errcode: 40163, errmsg: 'code been used' } });
    expectRefused(
      await request(s.url, auth.officialWeixinLogin, { code, state: used.state }),
      400,
      CODE.badInput,
      '参数 code 无效或已使用',
    );
    const identities = await countRows(s, 'third_identities');
    const next = await round(who);
    fake.failNext('/sns/oauth2/access_token', { body: { errcode: 40125, errmsg: 'invalid appsecret' } });
    const res = await request(s.url, auth.officialWeixinLogin, next);
    expect(res.http).toBe(502);
    expect(res.body).toMatchObject({ status: 1, code: UPSTREAM_CODE, msg: expect.stringContaining('AppSecret 配置有误') });
    expect(await countRows(s, 'third_identities')).toBe(identities);
  });

  it('has no sandbox authorize page', async () => {
    const res = await fetch(`${s.url}/member/sandbox/weixin/authorize?redirect_uri=${encodeURIComponent(BACK)}&state=x`);
    expect(res.status).toBe(404);
  });
});
