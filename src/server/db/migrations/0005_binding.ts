import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

/**
 * Binding keeps its data in tables that already exist (users.mobile, third_identities); it only adds
 * the index that looks a user's third-party identities up (third-bind-info, open-data).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it is at that version.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.createIndex('third_identities_user').on('third_identities').column('user_id').execute();
}
