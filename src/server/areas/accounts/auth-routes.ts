import * as auth from '../../../contract/accounts';
import { handle, type RouteHandler } from '../../http/define';
import { sendLoginCode, sendSignedLoginCode } from './auth-codes';
import { openidOf } from './binding-mobile';
import { issueChallenge } from './sms-challenge';
import { loginByCode } from './wechat-login';
import { finishWechatLogin, startWechatLogin } from './wechat-oauth-login';

export const authRoutes: RouteHandler[] = [
  handle(auth.sendMobileCode, (input, ctx) => sendLoginCode(ctx, input)),
  handle(auth.sendMobileCodeSigned, (input, ctx) => sendSignedLoginCode(ctx, input)),
  handle(auth.smsChallenge, (_input, ctx) => issueChallenge(ctx)),
  handle(auth.mobileCodeLogin, (input, ctx) => loginByCode(ctx, input)),
  handle(auth.officialWeixinData, (input, ctx) => startWechatLogin(ctx, input)),
  handle(auth.officialWeixinLogin, (input, ctx) => finishWechatLogin(ctx, input)),
  handle(auth.openData, async (_input, ctx) => ({ openid: await openidOf(ctx, ctx.user.id) })),
];
