import * as z from 'zod/mini';
import { altchaPayload } from './accounts';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { mobile, optionalId, smsCode } from './fields';

/** Binding a mobile number to the account, and the third-party identities bound to it. */

export const bindMobile = endpoint({
  id: 'binding.bind_mobile',
  method: 'GET',
  host: 'platform',
  path: '/api/user/bind_mobile',
  input: z.object({ mobile: mobile(), altcha: altchaPayload() }),
  output: z.object({ expires_in: z.number(), resend_in: z.number() }),
  auth: 'required',
  summary: '发送绑定手机号的短信验证码（规则与人机验证同登录）；已绑定其他账号的手机号被拒绝',
  errors: [CODE.challengeRequired, CODE.tooMany, CODE.conflict],
});

export const confirmBindMobile = endpoint({
  id: 'binding.confirm_bind_mobile',
  method: 'POST',
  host: 'platform',
  path: '/api/user/confirm_bind_mobile',
  input: z.object({ code: smsCode(), mobile: mobile() }),
  output: z.object({ id: z.number(), mobile: z.string(), need_bound: z.number() }),
  auth: 'required',
  summary: '用短信验证码确认绑定手机号（规则同登录）；之后基本信息 need_bound 为 0',
  errors: [CODE.conflict],
});

const thirdIdentity = z.object({ bound: z.number(), nickname: z.string(), avatar: z.string() });

export const thirdBindInfo = endpoint({
  id: 'binding.third_bind_info',
  method: 'GET',
  host: 'platform',
  path: '/api/user-info/third-bind-info',
  input: z.object({ userId: optionalId() }),
  output: z.object({ user_id: z.number(), mobile_bound: z.number(), mobile: z.string(), wechat: thirdIdentity }),
  auth: 'required',
  summary: '当前用户绑定的手机号与第三方身份（微信）；userId 只能是自己',
  owns: { userId: { table: 'users', owner: 'id' } },
  errors: [CODE.notFound],
});
