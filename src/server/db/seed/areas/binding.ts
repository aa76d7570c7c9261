import type { Transaction } from 'kysely';
import type { Database } from '../../schema';

/**
 * Seed content of the binding area: none. Accounts are made by logging in; an account with only a
 * WeChat identity (need_bound 1) is made on demand by the sandbox authorize page ("仅微信账号").
 */
export async function seedBinding(_trx: Transaction<Database>, _now: number): Promise<void> {}
