import type { Services } from './context';

/**
 * The one way a service opens a transaction: `fn` gets the same services with `db` bound to that transaction, so
 * service functions run unchanged inside it; a throw rolls everything back. Any services object with `db` will do
 * (a request context, the whole `Services`, or a narrower pick such as the refund jobs').
 */
export function inTransaction<S extends Pick<Services, 'db'>, T>(s: S, fn: (tx: S) => Promise<T>): Promise<T> {
  return s.db.kysely.transaction().execute((trx) => fn({ ...s, db: { ...s.db, kysely: trx } }));
}
