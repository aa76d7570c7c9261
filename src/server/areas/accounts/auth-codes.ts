import type * as auth from '../../../contract/accounts';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import { hmacHex, safeEqualHex } from '../../../protocol/sign';
import type { RequestContext } from '../../http/context';
import { badInput, conflict } from '../../http/errors';
import { sendCode } from './sms-codes';
import { senderOf } from './sms-limits';

/** How long a page's signed send token stays valid (seconds, either side of now). */
const TOKEN_WINDOW = 300;

/** Sends a login code; with `is_register` 1 a mobile that already has an account is refused. */
export async function sendLoginCode(
  s: RequestContext,
  input: ParsedInputOf<typeof auth.sendMobileCode>,
): Promise<OutputOf<typeof auth.sendMobileCode>> {
  if (input.is_register === 1) {
    const exists = await s.db.kysely.selectFrom('users').select('id').where('mobile', '=', input.mobile).executeTakeFirst();
    if (exists) throw conflict('该手机号已注册，请直接登录');
  }
  return sendCode(s, input.mobile, input.is_register === 1 ? 'register' : 'login', senderOf(s, input.altcha));
}

/** The signed variant: `token = <seconds>.<hex HMAC-SHA256(SIGN_KEY, mobile:seconds)>`, valid ±5 minutes. */
export async function sendSignedLoginCode(
  s: RequestContext,
  input: ParsedInputOf<typeof auth.sendMobileCodeSigned>,
): Promise<OutputOf<typeof auth.sendMobileCodeSigned>> {
  const [secondsText = '', mac = ''] = input.token.split('.');
  const seconds = Number(secondsText);
  if (Math.abs(s.clock() - seconds) > TOKEN_WINDOW) throw badInput('参数 token 已过期，请刷新页面后重试');
  if (!safeEqualHex(mac, hmacHex(s.config.signKey, `${input.mobile}:${seconds}`))) throw badInput('参数 token 校验失败');
  return sendCode(s, input.mobile, 'login', senderOf(s, input.altcha));
}
