import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it is at that version.
export async function up(_db: Kysely<any>, _dialect: DialectName): Promise<void> {}
