import { expect } from 'vitest';
import * as auth from '../../src/contract/accounts';
import * as binding from '../../src/contract/accounts-binding';
import { request } from './api-client';
import { lastCode, oauthRound } from './flows';
import type { TestServer } from './test-server';

export interface WechatOnlyUser {
  id: number;
  token: string;
  openid: string;
}

/**
 * An account that has only a WeChat identity and no mobile (base info need_bound 1), made the documented
 * way: the sandbox authorize page's "仅微信账号" choice (pick `wechat-only`) creates it, and
 * official-weixin-login then logs it in (`login` 1).
 */
export async function wechatOnlyUser(s: TestServer): Promise<WechatOnlyUser> {
  const round = await oauthRound(s, 'wechat-only');
  const res = await request(s.url, auth.officialWeixinLogin, { code: round.code, state: round.state });
  expect(res.body.data).toMatchObject({ login: 1, register: 0 });
  const token = res.body.data.data.token;
  const claims = await s.services.jwt.verify(token, s.services.clock());
  if (!claims) throw new Error('official-weixin-login gave an invalid token');
  return { id: claims.userId, token, openid: res.body.data.data.openid };
}

/** Asks for a bind code for `mobile` as the holder of `token` and returns it from the dev inbox. */
export async function bindCode(s: TestServer, token: string, mobile: string): Promise<string> {
  const sent = await request(s.url, binding.bindMobile, { mobile }, { token });
  expect(sent.body.msg).toBe('ok');
  const code = lastCode(s, mobile);
  if (!code) throw new Error(`no SMS code for ${mobile}`);
  return code;
}
