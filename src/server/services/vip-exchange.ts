/**
 * Redeeming VIP codes: a code is claimed by one conditional UPDATE (`used_by IS NULL`), so two users racing for it
 * get one membership between them; the membership starts or extends like a bought one. Wrong tries are counted per
 * user and refused (4029) past the limit in the window.
 */
import type { OutputOf } from '../../contract/endpoint';
import { type exchange, normalizeVipCode, VIP_CODE_RULES } from '../../contract/vip';
import type { Services } from '../http/context';
import { conflict, notFound, tooMany } from '../http/errors';
import { inTransaction } from '../http/transaction';
import { extendVip } from './order-grants';

async function failures(s: Services, userId: number, now: number): Promise<number> {
  const row = await s.db.kysely
    .selectFrom('vip_code_attempts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('ok', '=', 0)
    .where('created_at', '>', now - VIP_CODE_RULES.windowSeconds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function attempt(s: Services, userId: number, ok: boolean, now: number): Promise<void> {
  await s.db.kysely
    .insertInto('vip_code_attempts')
    .values({ user_id: userId, ok: ok ? 1 : 0, created_at: now })
    .execute();
}

export async function redeemVipCode(s: Services, userId: number, raw: string): Promise<OutputOf<typeof exchange>> {
  const now = s.clock();
  if ((await failures(s, userId, now)) >= VIP_CODE_RULES.maxFailures) {
    throw tooMany(`兑换码输错次数过多，请 ${VIP_CODE_RULES.windowSeconds / 60} 分钟后再试`);
  }
  const code = normalizeVipCode(raw);
  const row = await s.db.kysely.selectFrom('vip_codes').selectAll().where('code', '=', code).executeTakeFirst();
  const refuse = async (e: Error) => {
    await attempt(s, userId, false, now);
    throw e;
  };
  if (!row) return refuse(notFound('兑换码'));
  if (row.used_by !== null) return refuse(conflict(row.used_by === userId ? '你已经兑换过这个兑换码' : '兑换码已被使用'));
  if (row.expires_at <= now) return refuse(conflict('兑换码已过期'));
  const type = await s.db.kysely.selectFrom('vip_types').select(['key', 'name']).where('key', '=', row.vip_type).executeTakeFirstOrThrow();
  const until = await inTransaction(s, async (tx) => {
    const claimed = await tx.db.kysely
      .updateTable('vip_codes')
      .set({ used_by: userId, used_at: now })
      .where('code', '=', code)
      .where('used_by', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    return extendVip(tx, userId, row.vip_type, row.days, 'code', now);
  });
  if (until === null) return refuse(conflict('兑换码已被使用'));
  await attempt(s, userId, true, now);
  return { vip_type: type.key, name: type.name, days: row.days, expires_at: until };
}
