import type { DialectName } from '../connect';
import { type AnyDb, blank } from './columns';

/**
 * A deleted account keeps its mobile's keyed fingerprint (areas/accounts/mobile-fingerprint.ts), never the number, so
 * that the number registering again is not taken for a new person where only new users may take part (an activity's
 * invites). Decision 026 says why this is not personal data kept against the deletion.
 */
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('account_deletions').addColumn('mobile_fingerprint', 'varchar(32)', blank).execute();
  await db.schema.createIndex('account_deletions_mobile_fingerprint').on('account_deletions').column('mobile_fingerprint').execute();
}
