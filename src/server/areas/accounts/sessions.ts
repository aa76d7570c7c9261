import type * as auth from '../../../contract/accounts';
import type { OutputOf } from '../../../contract/endpoint';
import type { Services } from '../../http/context';

function defaultNickname(mobile: string): string {
  return `备考用户${mobile.slice(-4)}`;
}

/**
 * Finds or creates the user for a mobile and issues a session token; a new user has is_first 1.
 * Opens no transaction of its own, so it can run inside one (see ../http/transaction.ts).
 */
export async function loginByMobile(s: Services, mobile: string, nickname?: string): Promise<OutputOf<typeof auth.mobileCodeLogin>> {
  const now = s.clock();
  const db = s.db.kysely;
  let user = await db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
  let isFirst = 0;
  if (!user) {
    await db
      .insertInto('users')
      .values({
        mobile,
        nickname: nickname?.trim() || defaultNickname(mobile),
        avatar: '',
        token_version: 0,
        created_at: now,
        last_login_at: now,
      })
      .execute();
    user = await db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
    isFirst = 1;
  } else {
    await db.updateTable('users').set({ last_login_at: now }).where('id', '=', user.id).execute();
  }
  const token = await s.jwt.issue({ userId: user.id, version: user.token_version }, now);
  return { token, user: { id: user.id, mobile, nickname: user.nickname, is_first: isFirst } };
}

/** Ends every session of the user: tokens issued before now get code 4440. */
export async function endAllSessions(s: Services, userId: number, currentVersion: number): Promise<void> {
  await s.db.kysely
    .updateTable('users')
    .set({ token_version: currentVersion + 1 })
    .where('id', '=', userId)
    .execute();
}
