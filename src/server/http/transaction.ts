import type { Services } from './context';

/**
 * Runs `fn` in one database transaction. `fn` gets the same services with `db` bound to that
 * transaction, so service functions run unchanged inside it; a throw rolls everything back.
 */
export function inTransaction<S extends Services, T>(s: S, fn: (tx: S) => Promise<T>): Promise<T> {
  return s.db.kysely.transaction().execute((trx) => fn({ ...s, db: { ...s.db, kysely: trx } }));
}
