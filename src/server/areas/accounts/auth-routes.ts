import * as auth from '../../../contract/accounts';
import { handle, type RouteHandler } from '../../http/define';
import { sendLoginCode, sendSignedLoginCode } from './auth-codes';
import { openidOf } from './binding-mobile';
import { issueChallenge } from './sms-challenge';
import { attributionOfKey, loginByCode } from './wechat-login';
import { finishWechatLogin, startWechatLogin } from './wechat-oauth-login';

export const authRoutes: RouteHandler[] = [
  handle(auth.sendMobileCode, (input, ctx) => sendLoginCode(ctx, input)),
  handle(auth.sendMobileCodeSigned, (input, ctx) => sendSignedLoginCode(ctx, input)),
  handle(auth.smsChallenge, (_input, ctx) => issueChallenge(ctx)),
  handle(auth.mobileCodeLogin, async (input, ctx) => {
    // The ticket comes with the login, or with the WeChat round trip that gave the third_auth_key.
    const fromActivity = input.from_activity || (input.third_auth_key ? await attributionOfKey(ctx, input.third_auth_key) : '');
    const done = await loginByCode(ctx, input);
    // A new user who came through an activity link: the activities area redeems the ticket (never failing the login).
    if (done.user.is_first === 1 && fromActivity) {
      await ctx.hooks.emit('firstLogin', {
        userId: done.user.id,
        fromActivity,
        ip: ctx.ip,
        userAgent: String(ctx.headers['user-agent'] ?? ''),
        deviceId: String(ctx.headers.deviceid ?? ''),
      });
    }
    return done;
  }),
  handle(auth.officialWeixinData, (input, ctx) => startWechatLogin(ctx, input)),
  handle(auth.officialWeixinLogin, (input, ctx) => finishWechatLogin(ctx, input)),
  handle(auth.openData, async (_input, ctx) => ({ openid: await openidOf(ctx, ctx.user.id) })),
];
