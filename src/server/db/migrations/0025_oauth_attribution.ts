import type { DialectName } from '../connect';
import { type AnyDb, blank } from './columns';

/**
 * The attribution ticket of an activity link (areas/activities/attribution-ticket.ts) travels with the WeChat OAuth
 * round trip on the server: kept with the one-time state, then with the third_auth_key a new WeChat identity gets, so
 * the mobile login that finishes the registration redeems it even when the browser's storage was lost on the way.
 */
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('oauth_states').addColumn('from_activity', 'varchar(512)', blank).execute();
  await db.schema.alterTable('third_auth_keys').addColumn('from_activity', 'varchar(512)', blank).execute();
}
