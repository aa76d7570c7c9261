import type * as auth from '../../../contract/accounts';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import { CODE } from '../../../contract/envelope';
import type { RequestContext, Services } from '../../http/context';
import { ApiError, badInput } from '../../http/errors';
import { FOREIGN_RETURN_MSG, isOwnReturnUrl } from '../../http/return-origin';
import { createState, createThirdAuthKey, issueTokenAndUserOf, takeState, upsertIdentity } from './wechat-login';

/** Step 1 of WeChat OAuth: a one-time state and the authorize URL to send the visitor to. */
export async function startWechatLogin(
  s: Services & Pick<RequestContext, 'origin'>,
  input: ParsedInputOf<typeof auth.officialWeixinData>,
): Promise<OutputOf<typeof auth.officialWeixinData>> {
  // The sandbox's authorize page is a development tool: without it (production) there is nowhere to send the visitor.
  if (s.config.oauthProvider === 'sandbox' && !s.config.devTools) {
    throw new ApiError(503, CODE.upstream, '微信登录暂不可用：服务器未配置微信公众号授权（OAUTH_PROVIDER=wechat）');
  }
  // WeChat sends the visitor to this URL with a login code: only to the app's own sites.
  if (!isOwnReturnUrl(s.config, s.origin, input.redirect_url)) throw badInput(FOREIGN_RETURN_MSG);
  const state = await createState(s, input.redirect_url, input.from_activity ?? '');
  return { authorize_url: s.providers.oauth.authorizeUrl(input.redirect_url, state), state };
}

/** Step 2: spends the state, exchanges the code; a bound identity logs in, a new one gets a third_auth_key to bind a mobile. */
export async function finishWechatLogin(
  s: Services,
  input: ParsedInputOf<typeof auth.officialWeixinLogin>,
): Promise<OutputOf<typeof auth.officialWeixinLogin>> {
  const { redirectUrl, fromActivity } = await takeState(s, input.state);
  const who = await s.providers.oauth.exchange(input.code);
  if (!who) throw badInput('参数 code 无效或已使用，请重新授权');
  const identity = await upsertIdentity(s, who);
  if (identity.user_id !== null) {
    const { token } = await issueTokenAndUserOf(s, identity.user_id);
    return { login: 1, register: 0, redirect_url: redirectUrl, data: { token, third_auth_key: '', openid: who.openid } };
  }
  const key = await createThirdAuthKey(s, identity.id, fromActivity);
  return { login: 0, register: 1, redirect_url: redirectUrl, data: { token: '', third_auth_key: key, openid: who.openid } };
}
