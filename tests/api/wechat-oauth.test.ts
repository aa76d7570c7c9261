import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../src/contract/accounts';
import { CODE } from '../../src/contract/envelope';
import * as user from '../../src/contract/users';
import { request } from '../support/api-client';
import { authTableCounts, countRows, expectRefused, freshMobile, loginAs, oauthRound, sendCode } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';

const BACK = 'https://m.example.com/oauth/back?from=test';

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  const wxLogin = (code: string, state: string) => request(s.url, auth.officialWeixinLogin, { code, state });
  const identityOf = (openid: string) =>
    s.services.db.kysely.selectFrom('third_identities').select(['user_id', 'nickname']).where('openid', '=', openid).executeTakeFirst();

  it('official-weixin-data gives a sandbox authorize URL carrying redirect_uri and a fresh state', async () => {
    const a = await request(s.url, auth.officialWeixinData, { redirect_url: BACK });
    const b = await request(s.url, auth.officialWeixinData, { redirect_url: BACK });
    expect(a.body.status).toBe(0);
    const url = new URL(a.body.data.authorize_url, s.url);
    expect(url.pathname).toBe('/member/sandbox/weixin/authorize');
    expect(url.searchParams.get('redirect_uri')).toBe(BACK);
    expect(url.searchParams.get('state')).toBe(a.body.data.state);
    expect(url.searchParams.get('appid')).toBe('wx-sandbox-app');
    expect(a.body.data.state).toMatch(/^[0-9a-f]{16,}$/);
    expect(b.body.data.state).not.toBe(a.body.data.state);
    const page = await fetch(`${s.url}${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('微信授权（沙箱）');
  });

  it('refuses a missing or non-http(s) redirect_url naming it, storing no state', async () => {
    const states = await countRows(s, 'oauth_states');
    for (const input of [{}, { redirect_url: 'not a url' }, { redirect_url: 'javascript:alert(1)' }, { redirect_url: 'ftp://x.cn/' }]) {
      expectRefused(await request(s.url, auth.officialWeixinData, input), 400, CODE.badInput, 'redirect_url');
    }
    expect(await countRows(s, 'oauth_states')).toBe(states);
  });

  it('the sandbox page sends the browser back to redirect_url with code and state', async () => {
    const round = await oauthRound(s, '1', BACK);
    expect(`${round.location.origin}${round.location.pathname}`).toBe('https://m.example.com/oauth/back');
    expect(round.location.searchParams.get('from')).toBe('test');
    expect(round.location.searchParams.get('state')).toBe(round.state);
    expect(round.code).toMatch(/^[0-9a-f]{16,}$/);
    const bad = await fetch(`${s.url}/member/sandbox/weixin/authorize?redirect_uri=${encodeURIComponent(BACK)}&state=x`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'pick=99',
      redirect: 'manual',
    });
    expect(bad.status).toBe(400);
  });

  it('a new identity registers via third_auth_key, then logs straight in on the next round', async () => {
    const first = await oauthRound(s, '0', BACK);
    const res = await wxLogin(first.code, first.state);
    expect(res.body).toMatchObject({ status: 0, data: { login: 0, register: 1, redirect_url: BACK } });
    const key = res.body.data.data.third_auth_key;
    expect(key.length).toBeGreaterThan(0);
    expect(res.body.data.data).toMatchObject({ token: '', openid: 'sandbox-openid-zhang' });
    expect((await identityOf('sandbox-openid-zhang'))?.user_id).toBeNull();

    const mobile = freshMobile();
    const bound = await loginAs(s, mobile, { third_auth_key: key });
    expect(bound.user.is_first).toBe(1);
    expect((await identityOf('sandbox-openid-zhang'))?.user_id).toBe(bound.user.id);

    const next = await oauthRound(s, '0', BACK);
    const again = await wxLogin(next.code, next.state);
    expect(again.body.data).toMatchObject({ login: 1, register: 0, redirect_url: BACK, data: { third_auth_key: '' } });
    const me = await request(s.url, user.baseInfo, {}, { token: again.body.data.data.token });
    expect(me.body.data).toMatchObject({ id: bound.user.id, mobile, need_bound: 0 });
  });

  it('refuses a reused code or a reused state with 400', async () => {
    const round = await oauthRound(s, 'new');
    expect((await wxLogin(round.code, round.state)).body.status).toBe(0);
    expectRefused(await wxLogin(round.code, round.state), 400, CODE.badInput, 'state');
    const fresh = await oauthRound(s, 'new');
    expectRefused(await wxLogin(fresh.code, round.state), 400, CODE.badInput, 'state');
    const other = await oauthRound(s, 'new');
    expectRefused(await wxLogin(round.code, other.state), 400, CODE.badInput, 'code');
    // The refused reuse of a state did not spend the fresh code.
    expect((await wxLogin(fresh.code, fresh.state)).body.data.register).toBe(1);
  });

  it('refuses an unknown code or state, a stale state and bad input, creating no identity', async () => {
    const before = await countRows(s, 'third_identities');
    const round = await oauthRound(s, 'new');
    expectRefused(await wxLogin('no-such-code', round.state), 400, CODE.badInput, 'code');
    const r2 = await oauthRound(s, 'new');
    expectRefused(await wxLogin(r2.code, 'no-such-state'), 400, CODE.badInput, 'state');
    expectRefused(await request(s.url, auth.officialWeixinLogin, { state: r2.state }), 400, CODE.badInput, '缺少参数 code');
    expectRefused(await wxLogin(r2.code, ''), 400, CODE.badInput, 'state');
    expectRefused(await wxLogin('x'.repeat(129), r2.state), 400, CODE.badInput, 'code');
    s.advance(601);
    expectRefused(await wxLogin(r2.code, r2.state), 400, CODE.badInput, 'state');
    expect(await countRows(s, 'third_identities')).toBe(before);
  });

  it('a bad third_auth_key refuses the login, spends no SMS code and creates nobody', async () => {
    const mobile = freshMobile();
    const code = await sendCode(s, mobile);
    const before = await authTableCounts(s);
    for (const key of ['no-such-key', 'x'.repeat(129)]) {
      const res = await request(s.url, auth.mobileCodeLogin, { mobile, code, third_auth_key: key });
      expectRefused(res, 400, CODE.badInput, 'third_auth_key');
    }
    expect(await authTableCounts(s)).toEqual(before);
    const ok = await request(s.url, auth.mobileCodeLogin, { mobile, code });
    expect(ok.body.data.user).toMatchObject({ mobile, is_first: 1 });
  });

  it('a third_auth_key works once and expires after 30 minutes', async () => {
    const used = await oauthRound(s, 'new');
    const usedKey = (await wxLogin(used.code, used.state)).body.data.data.third_auth_key;
    await loginAs(s, freshMobile(), { third_auth_key: usedKey });
    const mobile = freshMobile();
    const code = await sendCode(s, mobile);
    const reuse = await request(s.url, auth.mobileCodeLogin, { mobile, code, third_auth_key: usedKey });
    expectRefused(reuse, 400, CODE.badInput, 'third_auth_key');

    const late = await oauthRound(s, 'new');
    const lateKey = (await wxLogin(late.code, late.state)).body.data.data.third_auth_key;
    s.advance(1801);
    const other = freshMobile();
    const otherCode = await sendCode(s, other);
    const stale = await request(s.url, auth.mobileCodeLogin, { mobile: other, code: otherCode, third_auth_key: lateKey });
    expectRefused(stale, 400, CODE.badInput, 'third_auth_key');
    expect((await request(s.url, auth.mobileCodeLogin, { mobile: other, code: otherCode })).body.status).toBe(0);
  });

  it('refuses a second key of a WeChat identity already bound to another mobile (409), spending no code', async () => {
    // Two rounds as 李同学 before either is bound: two keys for one identity.
    const one = await oauthRound(s, '1');
    const two = await oauthRound(s, '1');
    const firstKey = (await wxLogin(one.code, one.state)).body.data.data.third_auth_key;
    const secondKey = (await wxLogin(two.code, two.state)).body.data.data.third_auth_key;
    expect(secondKey).not.toBe(firstKey);
    const owner = await loginAs(s, freshMobile(), { third_auth_key: firstKey });
    expect((await identityOf('sandbox-openid-li'))?.user_id).toBe(owner.user.id);

    const mobile = freshMobile();
    const code = await sendCode(s, mobile);
    const users = await countRows(s, 'users');
    const res = await request(s.url, auth.mobileCodeLogin, { mobile, code, third_auth_key: secondKey });
    expectRefused(res, 409, CODE.conflict, '已绑定其他手机号');
    expect(await countRows(s, 'users')).toBe(users);
    expect((await identityOf('sandbox-openid-li'))?.user_id).toBe(owner.user.id);
    expect((await request(s.url, auth.mobileCodeLogin, { mobile, code })).body.status).toBe(0);
  });

  it('parallel first logins of one WeChat identity all succeed and make one identity', async () => {
    const rounds = await Promise.all([oauthRound(s, 'new'), oauthRound(s, 'new'), oauthRound(s, 'new')]);
    // Make the three sandbox grants the same new person.
    const codes = rounds.map((r) => r.code);
    await s.services.db.kysely
      .updateTable('sandbox_oauth_codes')
      .set({ openid: 'sandbox-openid-race' })
      .where('code', 'in', codes)
      .execute();
    const replies = await Promise.all(rounds.map((r) => wxLogin(r.code, r.state)));
    expect(replies.map((r) => [r.http, r.body.data?.register])).toEqual([
      [200, 1],
      [200, 1],
      [200, 1],
    ]);
    const rows = await s.services.db.kysely
      .selectFrom('third_identities')
      .select('id')
      .where('openid', '=', 'sandbox-openid-race')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('binding WeChat to an existing mobile account logs that account in', async () => {
    const mobile = freshMobile();
    const existing = await loginAs(s, mobile);
    const round = await oauthRound(s, '2');
    const key = (await wxLogin(round.code, round.state)).body.data.data.third_auth_key;
    s.advance(61);
    const bound = await loginAs(s, mobile, { third_auth_key: key });
    expect(bound.user).toMatchObject({ id: existing.user.id, is_first: 0 });
    expect((await identityOf('sandbox-openid-wang'))?.user_id).toBe(existing.user.id);
  });
});
