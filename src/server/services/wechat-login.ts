import crypto from 'node:crypto';
import type { Services } from '../http/context';
import { badInput, conflict } from '../http/errors';
import type { OauthIdentity } from '../providers/oauth/types';

const THIRD_AUTH_KEY_TTL = 1800;
const STATE_TTL = 600;
export const WECHAT = 'wechat';

export async function createState(s: Services, redirectUrl: string): Promise<string> {
  const state = crypto.randomBytes(16).toString('hex');
  await s.db.kysely.insertInto('oauth_states').values({ state, redirect_url: redirectUrl, created_at: s.clock(), used_at: null }).execute();
  return state;
}

/** Marks the state used and returns the URL saved with it; refuses unknown, used or stale states. */
export async function takeState(s: Services, state: string): Promise<string> {
  const now = s.clock();
  const row = await s.db.kysely.selectFrom('oauth_states').selectAll().where('state', '=', state).executeTakeFirst();
  if (!row || row.used_at !== null || row.created_at + STATE_TTL < now) throw badInput('参数 state 无效或已过期，请重新授权');
  await s.db.kysely.updateTable('oauth_states').set({ used_at: now }).where('state', '=', state).execute();
  return row.redirect_url;
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

export async function createThirdAuthKey(s: Services, identityId: number): Promise<string> {
  const key = crypto.randomBytes(24).toString('hex');
  await s.db.kysely
    .insertInto('third_auth_keys')
    .values({ key, identity_id: identityId, expires_at: s.clock() + THIRD_AUTH_KEY_TTL, used_at: null })
    .execute();
  return key;
}

/** Checks a third_auth_key before a login consumes the SMS code, so a bad key changes nothing. */
export async function checkThirdAuthKey(s: Services, key: string): Promise<{ identityId: number; userId: number | null }> {
  const row = await s.db.kysely
    .selectFrom('third_auth_keys')
    .innerJoin('third_identities', 'third_identities.id', 'third_auth_keys.identity_id')
    .select(['third_auth_keys.identity_id', 'third_auth_keys.expires_at', 'third_auth_keys.used_at', 'third_identities.user_id'])
    .where('third_auth_keys.key', '=', key)
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= s.clock()) throw badInput('参数 third_auth_key 无效或已过期，请重新进行微信授权');
  return { identityId: row.identity_id, userId: row.user_id };
}

/** Binds the WeChat identity to the user and spends the key. */
export async function bindIdentity(s: Services, key: string, identityId: number, current: number | null, userId: number): Promise<void> {
  if (current !== null && current !== userId) throw conflict('该微信已绑定其他手机号');
  await s.db.kysely.updateTable('third_identities').set({ user_id: userId }).where('id', '=', identityId).execute();
  await s.db.kysely.updateTable('third_auth_keys').set({ used_at: s.clock() }).where('key', '=', key).execute();
}

export async function issueTokenAndUserOf(s: Services, userId: number): Promise<{ token: string }> {
  const user = await s.db.kysely.selectFrom('users').select(['id', 'token_version']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { token: await s.jwt.issue({ userId: user.id, version: user.token_version }, s.clock()) };
}
