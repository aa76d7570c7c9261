import crypto from 'node:crypto';
import type { Services } from '../../http/context';
import { badInput, conflict } from '../../http/errors';
import { inTransaction } from '../../http/transaction';
import type { OauthIdentity } from '../../providers/oauth/types';
import { loginByMobile } from './sessions';
import { lockMobile, spendCode } from './sms-codes';

const THIRD_AUTH_KEY_TTL = 1800;
export const STATE_TTL = 600;
export const WECHAT = 'wechat';

const badThirdAuthKey = () => badInput('参数 third_auth_key 无效或已过期，请重新进行微信授权');
export const boundElsewhere = () => conflict('该微信已绑定其他手机号');

export async function createState(s: Services, redirectUrl: string, fromActivity = ''): Promise<string> {
  const state = crypto.randomBytes(16).toString('hex');
  await s.db.kysely
    .insertInto('oauth_states')
    .values({ state, redirect_url: redirectUrl, created_at: s.clock(), used_at: null, from_activity: fromActivity })
    .execute();
  return state;
}

/** Marks the state used and returns the URL saved with it; refuses unknown, used or stale states. Of two uses at once, one wins. */
export async function takeState(s: Services, state: string): Promise<{ redirectUrl: string; fromActivity: string }> {
  const now = s.clock();
  const taken = await s.db.kysely
    .updateTable('oauth_states')
    .set({ used_at: now })
    .where('state', '=', state)
    .where('used_at', 'is', null)
    .where('created_at', '>=', now - STATE_TTL)
    .returning(['redirect_url', 'from_activity'])
    .executeTakeFirst();
  if (!taken) throw badInput('参数 state 无效或已过期，请重新授权');
  return { redirectUrl: taken.redirect_url, fromActivity: taken.from_activity };
}

export async function upsertIdentity(s: Services, who: OauthIdentity): Promise<{ id: number; user_id: number | null }> {
  const db = s.db.kysely;
  const found = await db
    .selectFrom('third_identities')
    .select(['id', 'user_id'])
    .where('provider', '=', WECHAT)
    .where('openid', '=', who.openid)
    .executeTakeFirst();
  if (found) {
    await db.updateTable('third_identities').set({ nickname: who.nickname, avatar: who.avatar }).where('id', '=', found.id).execute();
    return found;
  }
  // Two first logins of one identity may race; the loser reads the winner's row.
  await db
    .insertInto('third_identities')
    .values({ provider: WECHAT, openid: who.openid, nickname: who.nickname, avatar: who.avatar, user_id: null, created_at: s.clock() })
    .onConflict((oc) => oc.columns(['provider', 'openid']).doNothing())
    .execute();
  return db
    .selectFrom('third_identities')
    .select(['id', 'user_id'])
    .where('provider', '=', WECHAT)
    .where('openid', '=', who.openid)
    .executeTakeFirstOrThrow();
}

export async function createThirdAuthKey(s: Services, identityId: number, fromActivity = ''): Promise<string> {
  const key = crypto.randomBytes(24).toString('hex');
  await s.db.kysely
    .insertInto('third_auth_keys')
    .values({ key, identity_id: identityId, expires_at: s.clock() + THIRD_AUTH_KEY_TTL, used_at: null, from_activity: fromActivity })
    .execute();
  return key;
}

/** The activity attribution ticket a third_auth_key carries from its OAuth round trip ('' none). */
export async function attributionOfKey(s: Services, key: string): Promise<string> {
  const row = await s.db.kysely.selectFrom('third_auth_keys').select('from_activity').where('key', '=', key).executeTakeFirst();
  return row?.from_activity ?? '';
}

/** Checks a third_auth_key before a login consumes the SMS code, so a bad key changes nothing. */
export async function checkThirdAuthKey(s: Services, key: string): Promise<{ identityId: number; userId: number | null }> {
  const row = await s.db.kysely
    .selectFrom('third_auth_keys')
    .innerJoin('third_identities', 'third_identities.id', 'third_auth_keys.identity_id')
    .select(['third_auth_keys.identity_id', 'third_auth_keys.expires_at', 'third_auth_keys.used_at', 'third_identities.user_id'])
    .where('third_auth_keys.key', '=', key)
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= s.clock()) throw badThirdAuthKey();
  return { identityId: row.identity_id, userId: row.user_id };
}

/**
 * Spends the key and binds its WeChat identity to the user. Both are conditional updates: of two
 * logins racing with one key, or with two keys of one identity, the second changes no row and is refused.
 */
export async function bindIdentity(s: Services, key: string, identityId: number, userId: number): Promise<void> {
  const now = s.clock();
  const spent = await s.db.kysely
    .updateTable('third_auth_keys')
    .set({ used_at: now })
    .where('key', '=', key)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw badThirdAuthKey();
  const bound = await s.db.kysely
    .updateTable('third_identities')
    .set({ user_id: userId })
    .where('id', '=', identityId)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
    .executeTakeFirst();
  if (Number(bound.numUpdatedRows) !== 1) throw boundElsewhere();
}

export async function issueTokenAndUserOf(s: Services, userId: number): Promise<{ token: string }> {
  const user = await s.db.kysely.selectFrom('users').select(['id', 'token_version']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { token: await s.jwt.issue({ userId: user.id, version: user.token_version }, s.clock()) };
}

export interface CodeLogin {
  mobile: string;
  code: string;
  nickname?: string;
  third_auth_key?: string;
}

/**
 * SMS login; with a third_auth_key it also binds that WeChat identity. Checking the key, spending the
 * code, finding or creating the user and binding run in one transaction (one mobile at a time): a
 * refused binding spends no code and creates nobody. A wrong code is refused after the transaction
 * commits, so its counted try stays counted.
 */
export async function loginByCode(s: Services, input: CodeLogin) {
  const outcome = await inTransaction(s, async (tx) => {
    await lockMobile(tx, input.mobile);
    const third = input.third_auth_key ? await checkThirdAuthKey(tx, input.third_auth_key) : null;
    if (third && third.userId !== null) {
      const owner = await tx.db.kysely.selectFrom('users').select('mobile').where('id', '=', third.userId).executeTakeFirst();
      if (owner && owner.mobile !== input.mobile) throw boundElsewhere();
    }
    const refused = await spendCode(tx, input.mobile, input.code);
    if (refused) return { refused };
    const loggedIn = await loginByMobile(tx, input.mobile, input.nickname);
    if (third && input.third_auth_key) await bindIdentity(tx, input.third_auth_key, third.identityId, loggedIn.user.id);
    return { loggedIn };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome.loggedIn;
}
