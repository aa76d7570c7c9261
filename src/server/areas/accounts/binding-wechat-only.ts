import type { Services } from '../../http/context';
import { inTransaction } from '../../http/transaction';
import type { OauthIdentity } from '../../providers/oauth/types';
import { WECHAT } from './wechat-login';

/**
 * Creates an account that knows only its WeChat identity (no mobile, so base info says need_bound 1)
 * and returns the user id. Registration always takes a mobile (official-weixin-login answers
 * `register` 1 and the user signs up by SMS code), so such accounts exist only as older WeChat-only
 * sign-ups; the sandbox authorize page makes one on demand ("仅微信账号") to exercise mobile binding.
 */
export async function createWechatOnlyUser(s: Services, who: OauthIdentity): Promise<number> {
  const now = s.clock();
  return inTransaction(s, async (tx) => {
    const db = tx.db.kysely;
    const user = await db
      .insertInto('users')
      .values({ mobile: null, nickname: who.nickname, avatar: who.avatar, token_version: 0, created_at: now, last_login_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('third_identities')
      .values({ provider: WECHAT, openid: who.openid, nickname: who.nickname, avatar: who.avatar, user_id: user.id, created_at: now })
      .execute();
    return user.id;
  });
}
