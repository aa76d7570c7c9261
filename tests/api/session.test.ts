import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/contract/envelope';
import * as user from '../../src/contract/users';
import { request } from '../support/api-client';
import { expectRefused, freshMobile, loginAs } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  const me = (token?: string) => request(s.url, user.baseInfo, {}, { token });
  const logout = (token?: string) => request(s.url, user.logout, {}, { token });

  it('answers base_info for a logged-in user', async () => {
    const mobile = freshMobile();
    const { token, user: u } = await loginAs(s, mobile);
    const res = await me(token);
    expect(res.http).toBe(200);
    expect(res.body).toEqual({ status: 0, msg: 'ok', code: 0, data: { id: u.id, mobile, nickname: u.nickname, need_bound: 0 } });
  });

  it('answers 401 without a token, with garbage, or without the Bearer scheme', async () => {
    expectRefused(await me(), 401, CODE.unauthorized, '请先登录');
    expectRefused(await logout(), 401, CODE.unauthorized, '请先登录');
    for (const token of ['garbage', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9.e30.']) {
      expectRefused(await me(token), 401, CODE.unauthorized, '重新登录');
    }
    const { token } = await loginAs(s, freshMobile());
    const res = await fetch(`${s.url}/api/user/base_info`, { headers: { Authorization: token } });
    expect(res.status).toBe(401);
  });

  it('refuses a token signed with another secret, or with alg none, or edited', async () => {
    const { token, user: u } = await loginAs(s, freshMobile());
    const now = s.services.clock();
    const foreign = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(u.id))
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(crypto.randomBytes(32));
    expectRefused(await me(foreign), 401, CODE.unauthorized, '令牌无效');

    const claims = { sub: String(u.id), ver: 0, iat: now, exp: now + 3600 };
    const none = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
    expectRefused(await me(none), 401, CODE.unauthorized, '令牌无效');

    const [header, , signature] = token.split('.');
    const edited = `${header}.${b64url({ ...claims, sub: String(u.id + 1) })}.${signature}`;
    expectRefused(await me(edited), 401, CODE.unauthorized, '令牌无效');
    expect((await me(token)).body.status).toBe(0);
  });

  it('lets a token expire after 30 days', async () => {
    const { token } = await loginAs(s, freshMobile());
    s.advance(29 * 86400);
    expect((await me(token)).body.status).toBe(0);
    s.advance(2 * 86400);
    expectRefused(await me(token), 401, CODE.unauthorized, '登录已过期');
  });

  it('ends every session of the user on logout: old tokens get HTTP 200 with code 4440', async () => {
    const mobile = freshMobile();
    const first = await loginAs(s, mobile);
    s.advance(61);
    const second = await loginAs(s, mobile);
    const other = await loginAs(s, freshMobile());
    expect(first.token).not.toBe(second.token);

    const out = await logout(first.token);
    expect(out.http).toBe(200);
    expect(out.body).toEqual({ status: 0, msg: 'ok', code: 0, data: {} });

    for (const token of [first.token, second.token]) {
      const res = await me(token);
      expect(res.http).toBe(200);
      expect(res.body).toMatchObject({ code: CODE.sessionInvalid, data: null });
      expect(res.body.status).not.toBe(0);
      expect(res.body.msg).toContain('重新登录');
    }
    expect((await logout(second.token)).body.code).toBe(CODE.sessionInvalid);
    // Another user's session is untouched.
    expect((await me(other.token)).body.data.id).toBe(other.user.id);

    s.advance(61);
    const again = await loginAs(s, mobile);
    expect(again.user).toMatchObject({ id: first.user.id, is_first: 0 });
    expect((await me(again.token)).body.data.id).toBe(first.user.id);
    expect((await me(first.token)).body.code).toBe(CODE.sessionInvalid);
  });

  it('answers 4440 for the token of a user who no longer exists', async () => {
    const { token, user: u } = await loginAs(s, freshMobile());
    await s.services.db.kysely.deleteFrom('users').where('id', '=', u.id).execute();
    const res = await me(token);
    expect(res.http).toBe(200);
    expect(res.body.code).toBe(CODE.sessionInvalid);
  });
});
