import * as z from 'zod/mini';
import { altchaPayload } from './accounts';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { smsCode } from './fields';

/**
 * Deleting one's own account (注销账号): a code sent to the account's bound mobile, then the deletion itself.
 * What is deleted, what is anonymised and what is kept: docs/decisions/account-deletion.md.
 */

export const cancelCode = endpoint({
  id: 'account.cancel_code',
  method: 'POST',
  host: 'platform',
  path: '/api/user/cancel_code',
  input: z.object({ altcha: altchaPayload() }),
  output: z.object({ expires_in: z.number(), resend_in: z.number(), mobile: z.string() }),
  auth: 'required',
  summary:
    '发送注销账号的短信验证码到账号绑定的手机号（规则与人机验证同登录；mobile 为打码后的号码）；未绑定手机号、有退款处理中、有待支付或未签收的实物订单时拒绝（409）',
  errors: [CODE.challengeRequired, CODE.tooMany, CODE.conflict],
});

export const cancel = endpoint({
  id: 'account.cancel',
  method: 'POST',
  host: 'platform',
  path: '/api/user/cancel',
  input: z.object({ code: smsCode() }),
  output: z.object({ cancelled: z.number() }),
  auth: 'required',
  summary: '用注销验证码注销账号：个人信息删除或匿名化，订单保留金额与商品但不再关联到人，所有登录立即失效（4440）；拒绝条件同 cancel_code',
  errors: [CODE.conflict],
});
