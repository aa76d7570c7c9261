import type { Services } from '../http/context';

/**
 * Runs `fn` in one database transaction. `fn` gets the same services whose `db.kysely` is the
 * transaction, so any service (they all take `Services` first) can run inside it unchanged.
 * Kysely does not nest transactions: a service called inside must not open its own.
 */
export async function inTransaction<S extends Services, T>(s: S, fn: (tx: S) => Promise<T>): Promise<T> {
  return s.db.kysely.transaction().execute((trx) => fn({ ...s, db: { ...s.db, kysely: trx } }));
}
