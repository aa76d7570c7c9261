import { type Selectable, sql } from 'kysely';
import { ADDRESS_RULES, type Address, type AddressInput } from '../../../contract/addresses';
import type { Services } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { inTransaction } from '../../http/transaction';
import { checkDistricts, fullAddress } from './address-districts';
import type { AddressTable } from './tables';

/** A stored address with the joined full address the reply carries. */
const withFullAddress = (r: Selectable<AddressTable>): Address => ({ ...r, full_address: fullAddress(r) });

const notFoundAddress = (id: number) => notFound(`收货地址 id ${id} `);

/** Default first, then the most recently changed. */
export async function listAddresses(s: Services, userId: number): Promise<Address[]> {
  const rows = await s.db.kysely
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(withFullAddress);
}

export async function defaultAddress(s: Services, userId: number): Promise<Address | null> {
  const row = await s.db.kysely
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  return row ? withFullAddress(row) : null;
}

/** One of the user's own addresses; another user's id is "not found". */
export async function addressOf(s: Services, userId: number, id: number): Promise<Address> {
  const row = await s.db.kysely.selectFrom('addresses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFoundAddress(id);
  return withFullAddress(row);
}

/** Serializes one user's address writes inside a transaction (PostgreSQL; SQLite runs one transaction at a time anyway). */
async function lockUser(tx: Services, userId: number): Promise<void> {
  if (tx.db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`address:${userId}`}))`.execute(tx.db.kysely);
}

/**
 * Creates (no id) or updates (own id) an address. Districts are checked first; the write runs in one
 * transaction: with is_default 1 every other default of the user is cleared. A user's first address
 * becomes the default. Nothing is written when any check fails.
 */
export async function saveAddress(s: Services, userId: number, input: AddressInput): Promise<Address> {
  await checkDistricts(s, input);
  const now = s.clock();
  const fields = {
    name: input.name,
    mobile: input.mobile,
    tag: input.tag,
    district_1_id: input.district_1_id,
    district_1_name: input.district_1_name,
    district_2_id: input.district_2_id,
    district_2_name: input.district_2_name,
    district_3_id: input.district_3_id,
    district_3_name: input.district_3_name,
    detail: input.detail,
    updated_at: now,
  };
  const id = await inTransaction(s, async (tx) => {
    await lockUser(tx, userId);
    const trx = tx.db.kysely;
    const counted = await trx
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const total = Number(counted.n);
    if (input.id !== undefined) {
      const own = await trx
        .selectFrom('addresses')
        .select('id')
        .where('id', '=', input.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!own) throw notFoundAddress(input.id);
    } else if (total >= ADDRESS_RULES.maxPerUser) {
      throw conflict(`收货地址最多 ${ADDRESS_RULES.maxPerUser} 个，请先删除不用的地址`);
    }
    const isDefault = input.is_default === 1 || (input.id === undefined && total === 0) ? 1 : 0;
    if (isDefault) {
      let clear = trx.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).where('is_default', '=', 1);
      if (input.id !== undefined) clear = clear.where('id', '!=', input.id);
      await clear.execute();
    }
    if (input.id !== undefined) {
      await trx
        .updateTable('addresses')
        .set({ ...fields, is_default: isDefault })
        .where('id', '=', input.id)
        .where('user_id', '=', userId)
        .execute();
      return input.id;
    }
    const row = await trx
      .insertInto('addresses')
      .values({ ...fields, user_id: userId, is_default: isDefault, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return addressOf(s, userId, id);
}

/** Deletes one of the user's own addresses; another user's id is "not found" and nothing changes. */
export async function removeAddress(s: Services, userId: number, id: number): Promise<{ id: number }> {
  const res = await s.db.kysely.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFoundAddress(id);
  return { id };
}
