import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { empty, flag, httpUrl, mobile, smsCode } from './fields';

const sent = z.object({ expires_in: z.number(), resend_in: z.number() });

/** A solved proof-of-work challenge (the ALTCHA widget's payload: base64 of `{challenge, solution}`), sent when asked for (4028). */
export const altchaPayload = () => z.optional(z.string('须为字符串').check(z.maxLength(2048, '过长')));

/** An ALTCHA challenge (PBKDF2/SHA-256 proof of work), echoed back unchanged inside the solved payload. */
const challenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.optional(z.string()),
    expiresAt: z.number(),
  }),
  signature: z.string(),
});

export const smsChallenge = endpoint({
  id: 'auth.sms_challenge',
  method: 'GET',
  host: 'member',
  path: '/api/auth/sms-challenge',
  input: empty(),
  output: challenge,
  auth: 'none',
  summary: '获取发送短信验证码前的人机验证题（工作量证明，5 分钟内有效，每题只能用一次）',
  errors: [CODE.upstream],
});
export const loginUser = z.object({ id: z.number(), mobile: z.string(), nickname: z.string(), is_first: z.number() });

export const sendMobileCode = endpoint({
  id: 'auth.send_mobile_code',
  method: 'GET',
  host: 'member',
  path: '/api/auth/send-mobile-code',
  input: z.object({ mobile: mobile(), is_register: z._default(flag(), 0), altcha: altchaPayload() }),
  output: sent,
  auth: 'none',
  summary: '发送短信验证码；is_register 1 表示注册，已注册的手机号被拒绝；同一网络发送较多时须先完成人机验证（4028）',
  errors: [CODE.challengeRequired, CODE.tooMany, CODE.conflict],
});

export const sendMobileCodeSigned = endpoint({
  id: 'auth.send_mobile_code_signed',
  method: 'POST',
  host: 'member',
  path: '/api/auth/send-mobile-code',
  input: z.object({
    mobile: mobile(),
    /** `<seconds>.<hex HMAC-SHA256(signKey, mobile + ":" + seconds)>`, valid for 5 minutes. */
    token: z.string('须为字符串').check(z.regex(/^\d{10}\.[0-9a-f]{64}$/, '格式不正确')),
    altcha: altchaPayload(),
  }),
  output: sent,
  auth: 'none',
  summary: '发送短信验证码（带手机号与时间签名的令牌）；同一网络发送较多时须先完成人机验证（4028）',
  errors: [CODE.challengeRequired, CODE.tooMany],
});

export const mobileCodeLogin = endpoint({
  id: 'auth.mobile_code_login',
  method: 'POST',
  host: 'member',
  path: '/api/auth/mobile-code-login',
  input: z.object({
    mobile: mobile(),
    code: smsCode(),
    nickname: z.optional(z.string().check(z.maxLength(32, '不能超过 32 个字符'))),
    third_auth_key: z.optional(z.string().check(z.maxLength(128, '不能超过 128 个字符'))),
    /** The attribution ticket of the activity link that brought the user (`activity.attribution`), redeemed at a first login. */
    from_activity: z.optional(z.coerce.string().check(z.maxLength(512, '不能超过 512 个字符'))),
  }),
  output: z.object({ token: z.string(), user: loginUser }),
  auth: 'none',
  summary: '短信验证码登录；新手机号自动注册（is_first 1）',
  errors: [CODE.conflict],
});

export const officialWeixinData = endpoint({
  id: 'auth.official_weixin_data',
  method: 'POST',
  host: 'member',
  path: '/api/auth/official-weixin-data',
  input: z.object({
    redirect_url: httpUrl(),
    /** An activity attribution ticket to carry through the round trip (redeemed if the login registers a new user). */
    from_activity: z.optional(z.string().check(z.maxLength(512, '不能超过 512 个字符'))),
  }),
  output: z.object({ authorize_url: z.string(), state: z.string() }),
  auth: 'none',
  summary: '公众号网页授权：返回授权地址与 state',
  errors: [CODE.upstream],
});

export const officialWeixinLogin = endpoint({
  id: 'auth.official_weixin_login',
  method: 'POST',
  host: 'member',
  path: '/api/auth/official-weixin-login',
  input: z.object({
    code: z.string('须为字符串').check(z.minLength(1, '不能为空'), z.maxLength(128, '过长')),
    state: z.string('须为字符串').check(z.minLength(1, '不能为空'), z.maxLength(128, '过长')),
    hash: z.optional(z.string().check(z.maxLength(512, '过长'))),
  }),
  output: z.object({
    login: z.number(),
    register: z.number(),
    redirect_url: z.string(),
    data: z.object({ token: z.string(), third_auth_key: z.string(), openid: z.string() }),
  }),
  auth: 'none',
  summary: '用授权 code 登录；未绑定手机号时 register 为 1 并返回 third_auth_key',
  errors: [CODE.upstream],
});

/** Spec: "Open-data get returns data.openid" (e.g. for WeChat Pay in the official account). */
export const openData = endpoint({
  id: 'auth.open_data',
  method: 'GET',
  host: 'member',
  path: '/api/auth/open-data',
  input: empty(),
  output: z.object({ openid: z.string() }),
  auth: 'required',
  summary: '当前用户绑定的微信 openid（未绑定微信时为空字符串）',
});
