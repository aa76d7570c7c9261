import type { DialectName } from '../connect';
import { type AnyDb, notNull } from './columns';

/**
 * Account deletion (注销, areas/accounts/account-deletion.ts): one row per deleted account marks its `users` row as a
 * tombstone (no mobile, no nickname, no avatar) that the kept orders and refunds still point at. It holds no personal
 * data: the user id and when the account was deleted.
 */
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('account_deletions')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('deleted_at', 'integer', notNull)
    .execute();
}
