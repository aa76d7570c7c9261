/**
 * Redeeming VIP codes: a code is claimed by one conditional UPDATE (`used_by IS NULL`), so two users racing for it
 * get one membership between them; the membership starts or extends like a bought one. Wrong tries are counted per
 * user and refused (4029) past the limit in the window.
 */
import type { OutputOf } from '../../../contract/endpoint';
import { type exchange, normalizeVipCode, VIP_CODE_RULES } from '../../../contract/vip';
import type { Services } from '../../http/context';
import { conflict, notFound, tooMany } from '../../http/errors';
import { inTransaction } from '../../http/transaction';
import { extendVip } from '../orders';

/**
 * Takes one try of the user's window before the code is looked at, or null past the limit. The try is written first
 * (as a failure) and the window counted after: every count includes all tries written before it, so however many
 * guesses run at once (on any number of servers) at most `maxFailures` of them see a count within the limit; a
 * count-then-write would let them all pass. A refused try is taken back, so only tries that were made are counted.
 */
async function takeTry(s: Services, userId: number, now: number): Promise<number | null> {
  const db = s.db.kysely;
  const mine = await db
    .insertInto('vip_code_attempts')
    .values({ user_id: userId, ok: 0, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .selectFrom('vip_code_attempts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('ok', '=', 0)
    .where('created_at', '>', now - VIP_CODE_RULES.windowSeconds)
    .executeTakeFirstOrThrow();
  if (Number(row.n) <= VIP_CODE_RULES.maxFailures) return mine.id;
  await db.deleteFrom('vip_code_attempts').where('id', '=', mine.id).execute();
  return null;
}

export async function redeemVipCode(s: Services, userId: number, raw: string): Promise<OutputOf<typeof exchange>> {
  const now = s.clock();
  const tryId = await takeTry(s, userId, now);
  if (tryId === null) throw tooMany(`兑换码输错次数过多，请 ${VIP_CODE_RULES.windowSeconds / 60} 分钟后再试`);
  const code = normalizeVipCode(raw);
  const row = await s.db.kysely.selectFrom('vip_codes').selectAll().where('code', '=', code).executeTakeFirst();
  // Each refusal below leaves the try counted as a failure.
  if (!row) throw notFound('兑换码');
  if (row.used_by !== null) throw conflict(row.used_by === userId ? '你已经兑换过这个兑换码' : '兑换码已被使用');
  if (row.expires_at <= now) throw conflict('兑换码已过期');
  const type = await s.db.kysely.selectFrom('vip_types').select(['key', 'name']).where('key', '=', row.vip_type).executeTakeFirstOrThrow();
  const until = await inTransaction(s, async (tx) => {
    const claimed = await tx.db.kysely
      .updateTable('vip_codes')
      .set({ used_by: userId, used_at: now })
      .where('code', '=', code)
      .where('used_by', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    // A right code is not a failure: the try stops counting with the membership it gave.
    await tx.db.kysely.updateTable('vip_code_attempts').set({ ok: 1 }).where('id', '=', tryId).execute();
    return extendVip(tx, userId, row.vip_type, row.days, 'code', now);
  });
  if (until === null) throw conflict('兑换码已被使用');
  return { vip_type: type.key, name: type.name, days: row.days, expires_at: until };
}
