import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../src/contract/accounts';
import * as binding from '../../src/contract/accounts-binding';
import { CODE } from '../../src/contract/envelope';
import * as user from '../../src/contract/users';
import { request } from '../support/api-client';
import { bindCode, wechatOnlyUser } from '../support/binding-flows';
import { countRows, ensureChinaDayLeft, expectRefused, freshMobile, inboxSize, lastCode, loginAs, sendCode } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  const send = (token: string | undefined, input: Record<string, unknown>) => request(s.url, binding.bindMobile, input, { token });
  const confirm = (token: string | undefined, input: Record<string, unknown>) =>
    request(s.url, binding.confirmBindMobile, input, { token });
  const me = async (token: string) => (await request(s.url, user.baseInfo, {}, { token })).body.data;
  const mobileOf = async (id: number) =>
    (await s.services.db.kysely.selectFrom('users').select('mobile').where('id', '=', id).executeTakeFirstOrThrow()).mobile;

  it('a WeChat-only account (need_bound 1) binds a mobile by SMS code; then that mobile logs into the same account', async () => {
    const w = await wechatOnlyUser(s);
    expect(await me(w.token)).toMatchObject({ id: w.id, mobile: '', need_bound: 1 });
    const mobile = freshMobile();
    const sent = await send(w.token, { mobile });
    expect(sent.body).toMatchObject({ status: 0, data: { expires_in: 300, resend_in: 60 } });
    const code = lastCode(s, mobile) ?? '';
    const res = await confirm(w.token, { mobile, code });
    expect(res.body).toMatchObject({ status: 0, data: { id: w.id, mobile, need_bound: 0 } });
    expect(await me(w.token)).toMatchObject({ id: w.id, mobile, need_bound: 0 });
    s.advance(61);
    const again = await loginAs(s, mobile);
    expect(again.user).toMatchObject({ id: w.id, is_first: 0 });
  });

  it('needs a login for both calls (401), sending and changing nothing', async () => {
    const mobile = freshMobile();
    const codes = await countRows(s, 'sms_codes');
    expectRefused(await send(undefined, { mobile }), 401, CODE.unauthorized, '请先登录');
    expectRefused(await confirm(undefined, { mobile, code: '123456' }), 401, CODE.unauthorized, '请先登录');
    expectRefused(await send('not-a-token', { mobile }), 401, CODE.unauthorized, '登录');
    expect(await countRows(s, 'sms_codes')).toBe(codes);
    expect(inboxSize(s, mobile)).toBe(0);
  });

  it('refuses bad input naming the field, sending no code', async () => {
    const w = await wechatOnlyUser(s);
    const codes = await countRows(s, 'sms_codes');
    expectRefused(await send(w.token, {}), 400, CODE.badInput, '缺少参数 mobile');
    for (const mobile of ['abc', '2345678901', '1380000000', '138000000001', ' 13800000000']) {
      expectRefused(await send(w.token, { mobile }), 400, CODE.badInput, '参数 mobile 须为以 1 开头的 11 位手机号');
    }
    const mobile = freshMobile();
    expectRefused(await confirm(w.token, { mobile }), 400, CODE.badInput, '缺少参数 code');
    expectRefused(await confirm(w.token, { code: '123456' }), 400, CODE.badInput, '缺少参数 mobile');
    for (const code of ['12345', '1234567', 'abcdef', 123456]) {
      expectRefused(await confirm(w.token, { mobile, code }), 400, CODE.badInput, '参数 code');
    }
    expectRefused(await confirm(w.token, { mobile: '123', code: '123456' }), 400, CODE.badInput, '参数 mobile');
    expect(await countRows(s, 'sms_codes')).toBe(codes);
    expect(await mobileOf(w.id)).toBeNull();
  });

  it('refuses a mobile that belongs to another account (409) before sending or spending a code', async () => {
    const taken = freshMobile();
    await loginAs(s, taken);
    const w = await wechatOnlyUser(s);
    s.advance(61);
    const before = inboxSize(s, taken);
    expectRefused(await send(w.token, { mobile: taken }), 409, CODE.conflict, '该手机号已绑定其他账号');
    expect(inboxSize(s, taken)).toBe(before);
    expectRefused(await confirm(w.token, { mobile: taken, code: '000000' }), 409, CODE.conflict, '该手机号已绑定其他账号');
    expect(await mobileOf(w.id)).toBeNull();
  });

  it('refuses an account that already has a mobile (409): the same one, or another', async () => {
    const own = freshMobile();
    const u = await loginAs(s, own);
    const other = freshMobile();
    expectRefused(await send(u.token, { mobile: own }), 409, CODE.conflict, '无需重复绑定');
    expectRefused(await send(u.token, { mobile: other }), 409, CODE.conflict, `当前账号已绑定手机号 ${own.slice(0, 3)}****${own.slice(7)}`);
    expectRefused(await confirm(u.token, { mobile: other, code: '123456' }), 409, CODE.conflict, '当前账号已绑定手机号');
    expect(inboxSize(s, other)).toBe(0);
    expect(await mobileOf(u.user.id)).toBe(own);
  });

  it('applies the login code rules: wrong tries count down, 5 kill the code, expiry, one use, no code for another mobile', async () => {
    const w = await wechatOnlyUser(s);
    const mobile = freshMobile();
    const code = await bindCode(s, w.token, mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    expectRefused(await confirm(w.token, { mobile: freshMobile(), code }), 400, CODE.badInput, '请先获取短信验证码');
    expectRefused(await confirm(w.token, { mobile, code: wrong }), 400, CODE.badInput, '验证码错误，还可尝试 4 次');
    for (const left of [3, 2, 1]) expectRefused(await confirm(w.token, { mobile, code: wrong }), 400, CODE.badInput, `还可尝试 ${left} 次`);
    expectRefused(await confirm(w.token, { mobile, code: wrong }), 400, CODE.badInput, '验证码错误次数过多');
    expectRefused(await confirm(w.token, { mobile, code }), 400, CODE.badInput, '验证码错误次数过多，请重新获取');
    expect(await mobileOf(w.id)).toBeNull();

    s.advance(61);
    const second = await bindCode(s, w.token, mobile);
    s.advance(301);
    expectRefused(await confirm(w.token, { mobile, code: second }), 400, CODE.badInput, '验证码已过期');
    const third = await bindCode(s, w.token, mobile);
    expect((await confirm(w.token, { mobile, code: third })).body.status).toBe(0);
    expectRefused(await confirm(w.token, { mobile, code: third }), 409, CODE.conflict, '无需重复绑定');
  });

  it('applies the send limits: one per 60 s, ten per China day', async () => {
    const w = await wechatOnlyUser(s);
    const mobile = freshMobile();
    ensureChinaDayLeft(s, 61 * 11);
    await bindCode(s, w.token, mobile);
    expectRefused(await send(w.token, { mobile }), 429, CODE.tooMany, '验证码发送过于频繁');
    for (let i = 1; i < 10; i++) {
      s.advance(61);
      await bindCode(s, w.token, mobile);
    }
    s.advance(61);
    expectRefused(await send(w.token, { mobile }), 429, CODE.tooMany, '今日验证码发送次数已达上限');
    expect(inboxSize(s, mobile)).toBe(10);
  });

  it('a login code sent to the mobile meanwhile replaces the bind code (the newest code counts)', async () => {
    const w = await wechatOnlyUser(s);
    const mobile = freshMobile();
    const first = await bindCode(s, w.token, mobile);
    s.advance(61);
    const login = await sendCode(s, mobile);
    if (first !== login) expectRefused(await confirm(w.token, { mobile, code: first }), 400, CODE.badInput, '验证码错误');
    expect((await confirm(w.token, { mobile, code: login })).body.status).toBe(0);
  });

  it('two accounts confirming one mobile at once: exactly one gets it', async () => {
    const a = await wechatOnlyUser(s);
    const b = await wechatOnlyUser(s);
    const mobile = freshMobile();
    const code = await bindCode(s, a.token, mobile);
    const replies = await Promise.all([confirm(a.token, { mobile, code }), confirm(b.token, { mobile, code })]);
    expect(replies.filter((r) => r.body.status === 0)).toHaveLength(1);
    for (const r of replies.filter((x) => x.body.status !== 0)) expect([400, 409]).toContain(r.http);
    const holders = await s.services.db.kysely.selectFrom('users').select('id').where('mobile', '=', mobile).execute();
    expect(holders).toHaveLength(1);
  });

  it('a 4440 session (after logout) cannot bind', async () => {
    const w = await wechatOnlyUser(s);
    await request(s.url, user.logout, {}, { token: w.token });
    const res = await send(w.token, { mobile: freshMobile() });
    expect({ http: res.http, code: res.body.code }).toEqual({ http: 200, code: CODE.sessionInvalid });
    expect(res.body.status).not.toBe(0);
  });

  it('open-data gives the openid of the account’s WeChat identity, or empty without one', async () => {
    const w = await wechatOnlyUser(s);
    expect((await request(s.url, auth.openData, {}, { token: w.token })).body).toMatchObject({ status: 0, data: { openid: w.openid } });
    expect(w.openid).toMatch(/^sandbox-openid-wxonly-/);
    const plain = await loginAs(s, freshMobile());
    expect((await request(s.url, auth.openData, {}, { token: plain.token })).body.data).toEqual({ openid: '' });
    expectRefused(await request(s.url, auth.openData, {}), 401, CODE.unauthorized, '请先登录');
  });
});
