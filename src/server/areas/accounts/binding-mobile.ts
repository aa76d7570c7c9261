import type * as binding from '../../../contract/accounts-binding';
import type { OutputOf } from '../../../contract/endpoint';
import type { Services } from '../../http/context';
import { conflict } from '../../http/errors';
import { consumeCode } from './sms-codes';
import { WECHAT } from './wechat-login';

/** 138****1234 */
export function maskMobile(mobile: string): string {
  return `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
}

async function ownerOf(s: Services, mobile: string): Promise<number | null> {
  const row = await s.db.kysely.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst();
  return row ? row.id : null;
}

const takenMessage = '该手机号已绑定其他账号，请换一个手机号，或退出后用该手机号登录';

/**
 * Refuses a binding that cannot happen, before any code is sent or spent: the account already has a
 * mobile (changing it is not offered), or the mobile belongs to another account.
 */
export async function checkBindable(s: Services, user: { id: number; mobile: string | null }, mobile: string): Promise<void> {
  if (user.mobile === mobile) throw conflict(`当前账号已绑定手机号 ${maskMobile(mobile)}，无需重复绑定`);
  if (user.mobile) throw conflict(`当前账号已绑定手机号 ${maskMobile(user.mobile)}，不能再绑定其他手机号`);
  const owner = await ownerOf(s, mobile);
  if (owner !== null && owner !== user.id) throw conflict(takenMessage);
}

/** Sets users.mobile of an account without one; a mobile taken meanwhile (unique index) is refused the same way. */
export async function setMobile(s: Services, userId: number, mobile: string): Promise<void> {
  let updated: bigint;
  try {
    const res = await s.db.kysely
      .updateTable('users')
      .set({ mobile })
      .where('id', '=', userId)
      .where('mobile', 'is', null)
      .executeTakeFirst();
    updated = res.numUpdatedRows;
  } catch (e) {
    // Another account took the mobile between the check and this update.
    if ((await ownerOf(s, mobile)) !== null) throw conflict(takenMessage);
    throw e;
  }
  if (Number(updated) !== 1) throw conflict('当前账号已绑定手机号，不能再绑定其他手机号');
}

/**
 * Binds `mobile` to the caller's account with the SMS code sent by `binding.bind_mobile` (the same rules as the
 * login code), then announces it (`hooks.mobileBound`: an invitee waiting for a mobile may count now).
 */
export async function bindMobileByCode(
  s: Services,
  user: { id: number; mobile: string | null },
  mobile: string,
  code: string,
): Promise<void> {
  await checkBindable(s, user, mobile);
  await consumeCode(s, mobile, code);
  await setMobile(s, user.id, mobile);
  await s.hooks.emit('mobileBound', { userId: user.id });
}

/** The account's mobile and its bound WeChat identity (nickname and avatar as WeChat gave them). */
export async function thirdBindInfoOf(
  s: Services,
  user: { id: number; mobile: string | null },
): Promise<OutputOf<typeof binding.thirdBindInfo>> {
  const wechat = await s.db.kysely
    .selectFrom('third_identities')
    .select(['nickname', 'avatar'])
    .where('user_id', '=', user.id)
    .where('provider', '=', WECHAT)
    .orderBy('id')
    .executeTakeFirst();
  return {
    user_id: user.id,
    mobile_bound: user.mobile ? 1 : 0,
    mobile: user.mobile ?? '',
    wechat: wechat ? { bound: 1, nickname: wechat.nickname, avatar: wechat.avatar } : { bound: 0, nickname: '', avatar: '' },
  };
}

/** The openid of the account's WeChat identity, '' when it has none. */
export async function openidOf(s: Services, userId: number): Promise<string> {
  const row = await s.db.kysely
    .selectFrom('third_identities')
    .select('openid')
    .where('user_id', '=', userId)
    .where('provider', '=', WECHAT)
    .orderBy('id')
    .executeTakeFirst();
  return row?.openid ?? '';
}
