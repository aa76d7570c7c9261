import type { Transaction } from 'kysely';
import type { Database } from '../../schema';

/** Seed content of the user-center area; runs inside the one seed transaction. */
export async function seedUserCenter(_trx: Transaction<Database>, _now: number): Promise<void> {}
