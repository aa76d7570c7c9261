import type { Transaction } from 'kysely';
import type { Database } from '../../schema';

/** Seed content of the study area; runs inside the one seed transaction. */
export async function seedStudy(_trx: Transaction<Database>, _now: number): Promise<void> {}
