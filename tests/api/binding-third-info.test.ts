import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../src/contract/accounts';
import * as binding from '../../src/contract/accounts-binding';
import { CODE } from '../../src/contract/envelope';
import { MAX_ID } from '../../src/contract/fields';
import { request } from '../support/api-client';
import { bindCode, wechatOnlyUser } from '../support/binding-flows';
import { expectRefused, freshMobile, loginAs, oauthRound } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  const info = (token: string | undefined, input: Record<string, unknown> = {}) => request(s.url, binding.thirdBindInfo, input, { token });

  it('shows a mobile-only account: mobile bound, WeChat not', async () => {
    const mobile = freshMobile();
    const u = await loginAs(s, mobile);
    const res = await info(u.token);
    expect(res.body).toMatchObject({ status: 0 });
    expect(res.body.data).toEqual({ user_id: u.user.id, mobile_bound: 1, mobile, wechat: { bound: 0, nickname: '', avatar: '' } });
  });

  it('shows the WeChat identity bound at sign-up through third_auth_key', async () => {
    const round = await oauthRound(s, '0');
    const key = (await request(s.url, auth.officialWeixinLogin, { code: round.code, state: round.state })).body.data.data.third_auth_key;
    const mobile = freshMobile();
    const u = await loginAs(s, mobile, { third_auth_key: key });
    expect((await info(u.token)).body.data).toEqual({
      user_id: u.user.id,
      mobile_bound: 1,
      mobile,
      wechat: { bound: 1, nickname: '张同学', avatar: '/media/avatar/zhang.svg' },
    });
  });

  it('shows a WeChat-only account, and its mobile once bound', async () => {
    const w = await wechatOnlyUser(s);
    expect((await info(w.token)).body.data).toEqual({
      user_id: w.id,
      mobile_bound: 0,
      mobile: '',
      wechat: { bound: 1, nickname: '仅微信用户', avatar: '' },
    });
    const mobile = freshMobile();
    const code = await bindCode(s, w.token, mobile);
    expect((await request(s.url, binding.confirmBindMobile, { mobile, code }, { token: w.token })).body.status).toBe(0);
    expect((await info(w.token, { userId: w.id })).body.data).toMatchObject({ mobile_bound: 1, mobile, wechat: { bound: 1 } });
  });

  it('answers only for oneself: another user’s id looks exactly like a missing one (404)', async () => {
    const a = await loginAs(s, freshMobile());
    const b = await wechatOnlyUser(s);
    expect((await info(a.token, { userId: a.user.id })).body.data.user_id).toBe(a.user.id);
    const cross = await info(a.token, { userId: b.id });
    const missing = await info(a.token, { userId: MAX_ID });
    expectRefused(cross, 404, CODE.notFound, '用户不存在');
    expect(cross.body).toEqual(missing.body);
    expect(JSON.stringify(cross.body)).not.toContain('仅微信用户');
    expectRefused(await info(b.token, { userId: a.user.id }), 404, CODE.notFound, '用户不存在');
    expect((await info(b.token, { userId: b.id })).body.data.user_id).toBe(b.id);
  });

  it('refuses a bad userId naming it, and a missing login with 401', async () => {
    const a = await loginAs(s, freshMobile());
    for (const userId of ['abc', 0, -3, 1.5, MAX_ID + 1]) {
      expectRefused(await info(a.token, { userId }), 400, CODE.badInput, '参数 userId');
    }
    expectRefused(await info(undefined), 401, CODE.unauthorized, '请先登录');
    expectRefused(await info(undefined, { userId: a.user.id }), 401, CODE.unauthorized, '请先登录');
  });
});
