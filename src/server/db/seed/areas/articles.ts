import type { Transaction } from 'kysely';
import type { Database } from '../../schema';

/** Seed content of the articles area; runs inside the one seed transaction. */
export async function seedArticles(_trx: Transaction<Database>, _now: number): Promise<void> {}
