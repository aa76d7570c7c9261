import * as auth from '../../contract/auth';
import { hmacHex, safeEqualHex } from '../../protocol/sign';
import { handle, type RouteHandler } from '../http/define';
import { ApiError, badInput, conflict } from '../http/errors';
import { UPSTREAM_CODE } from '../providers/oauth/wechat-oauth';
import { openidOf } from '../services/binding-mobile';
import { sendCode } from '../services/sms-codes';
import { createState, createThirdAuthKey, issueTokenAndUserOf, loginByCode, takeState, upsertIdentity } from '../services/wechat-login';

const TOKEN_WINDOW = 300;

export const authRoutes: RouteHandler[] = [
  handle(auth.sendMobileCode, async (input, ctx) => {
    if (input.is_register === 1) {
      const exists = await ctx.db.kysely.selectFrom('users').select('id').where('mobile', '=', input.mobile).executeTakeFirst();
      if (exists) throw conflict('该手机号已注册，请直接登录');
    }
    return sendCode(ctx, input.mobile, input.is_register === 1 ? 'register' : 'login');
  }),

  handle(auth.sendMobileCodeSigned, async (input, ctx) => {
    const [secondsText = '', mac = ''] = input.token.split('.');
    const seconds = Number(secondsText);
    if (Math.abs(ctx.clock() - seconds) > TOKEN_WINDOW) throw badInput('参数 token 已过期，请刷新页面后重试');
    if (!safeEqualHex(mac, hmacHex(ctx.config.signKey, `${input.mobile}:${seconds}`))) throw badInput('参数 token 校验失败');
    return sendCode(ctx, input.mobile, 'login');
  }),

  handle(auth.mobileCodeLogin, (input, ctx) => loginByCode(ctx, input)),

  handle(auth.officialWeixinData, async (input, ctx) => {
    // The sandbox's authorize page is a development tool: without it (production) there is nowhere to send the visitor.
    if (ctx.config.oauthProvider === 'sandbox' && !ctx.config.devTools) {
      throw new ApiError(503, UPSTREAM_CODE, '微信登录暂不可用：服务器未配置微信公众号授权（OAUTH_PROVIDER=wechat）');
    }
    const state = await createState(ctx, input.redirect_url);
    return { authorize_url: ctx.providers.oauth.authorizeUrl(input.redirect_url, state), state };
  }),

  handle(auth.officialWeixinLogin, async (input, ctx) => {
    const redirectUrl = await takeState(ctx, input.state);
    const who = await ctx.providers.oauth.exchange(input.code);
    if (!who) throw badInput('参数 code 无效或已使用，请重新授权');
    const identity = await upsertIdentity(ctx, who);
    if (identity.user_id !== null) {
      const { token } = await issueTokenAndUserOf(ctx, identity.user_id);
      return { login: 1, register: 0, redirect_url: redirectUrl, data: { token, third_auth_key: '', openid: who.openid } };
    }
    const key = await createThirdAuthKey(ctx, identity.id);
    return { login: 0, register: 1, redirect_url: redirectUrl, data: { token: '', third_auth_key: key, openid: who.openid } };
  }),

  handle(auth.openData, async (_input, ctx) => ({ openid: await openidOf(ctx, ctx.user.id) })),
];
