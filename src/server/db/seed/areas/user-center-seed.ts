import type { Transaction } from 'kysely';
import type { DemoContent } from '../../../content/load';
import type { Database } from '../../schema';
import { chunks } from '../batch';

/**
 * Seed content of the user-center area; runs inside the one seed transaction. Message templates are the welcome
 * and system messages every new user receives (copied into their inbox on first use, see
 * areas/users/user-center-messages.ts; `sort` ascending is the order they arrive in); VIP benefits are one per line.
 */
export async function seedUserCenter(trx: Transaction<Database>, content: DemoContent, _now: number): Promise<void> {
  for (const batch of chunks(content.messageTemplates)) await trx.insertInto('message_templates').values(batch).execute();
  const vipTypes = content.vipTypes.map(({ opens: _opens, ...v }) => ({ ...v, benefits: v.benefits.join('\n') }));
  for (const batch of chunks(vipTypes)) await trx.insertInto('vip_types').values(batch).execute();
}
