import crypto from 'node:crypto';
import type { Db } from '../../db/connect';
import type { OauthIdentity, OauthProvider } from './types';

export const SANDBOX_AUTHORIZE_PATH = '/member/sandbox/weixin/authorize';
const CODE_TTL = 300;

/**
 * Offline stand-in for WeChat OAuth. Its authorize page lets a tester pick a fake WeChat identity;
 * the code it hands back is stored in the database and can be exchanged once within 5 minutes.
 */
export class SandboxOauthProvider implements OauthProvider {
  readonly name = 'sandbox';
  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
    private readonly appId: string,
  ) {}

  authorizeUrl(redirectUri: string, state: string): string {
    const q = new URLSearchParams({
      appid: this.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state,
    });
    return `${SANDBOX_AUTHORIZE_PATH}?${q.toString()}#wechat_redirect`;
  }

  /** Called by the sandbox authorize page when the tester picks an identity. */
  async grant(identity: OauthIdentity): Promise<string> {
    const code = crypto.randomBytes(16).toString('hex');
    await this.db.kysely
      .insertInto('sandbox_oauth_codes')
      .values({ code, ...identity, created_at: this.clock(), used_at: null })
      .execute();
    return code;
  }

  async exchange(code: string): Promise<OauthIdentity | null> {
    const now = this.clock();
    const row = await this.db.kysely.selectFrom('sandbox_oauth_codes').selectAll().where('code', '=', code).executeTakeFirst();
    if (!row || row.used_at !== null || row.created_at + CODE_TTL < now) return null;
    const taken = await this.db.kysely
      .updateTable('sandbox_oauth_codes')
      .set({ used_at: now })
      .where('code', '=', code)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return null;
    return { openid: row.openid, nickname: row.nickname, avatar: row.avatar };
  }
}
