import { type AnyDb, blank, zero } from './columns';

/** WeChat API credentials cached server-wide (access token, jsapi_ticket), with a refresh lease: providers/jssdk. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('wechat_credentials')
    .addColumn('key', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(512)', blank)
    .addColumn('expires_at', 'integer', zero)
    .addColumn('lease_until', 'integer', zero)
    .addColumn('lease_owner', 'varchar(32)', blank)
    .execute();
}
