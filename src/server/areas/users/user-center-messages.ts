import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type * as uc from '../../../contract/users-center';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import { inTransaction } from '../../http/transaction';

/**
 * Gives a user the active welcome / system message templates, once. Called lazily by every
 * message-reading endpoint (list, has_no_read, statistics), so users created before this feature
 * get them too and login stays untouched. The `message_inits` row (primary key user_id) is inserted
 * first in the same transaction: a concurrent first call conflicts on it and inserts nothing.
 * The messages are dated at the user's registration, in template order.
 */
export async function ensureWelcomeMessages(s: Services, userId: number): Promise<void> {
  const now = s.clock();
  const db = s.db.kysely;
  const done = await db.selectFrom('message_inits').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  if (done) return;
  await inTransaction(s, async (tx) => {
    const trx = tx.db.kysely;
    const res = await trx
      .insertInto('message_inits')
      .values({ user_id: userId, created_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) return;
    const user = await trx.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirst();
    const base = Math.min(user?.created_at ?? now, now);
    const templates = await trx
      .selectFrom('message_templates')
      .selectAll()
      .where('active', '=', 1)
      .orderBy('sort')
      .orderBy('key')
      .execute();
    if (templates.length === 0) return;
    await trx
      .insertInto('messages')
      .values(
        templates.map((t, i) => ({
          user_id: userId,
          kind: t.kind,
          title: t.title,
          content: t.content,
          link: t.link,
          is_read: 0,
          created_at: Math.min(base + i, now),
          read_at: null,
        })),
      )
      .execute();
  });
}

/** One page of the user's inbox, newest first (welcome messages created first). */
export async function listMessages(
  s: Services,
  userId: number,
  page: ParsedInputOf<typeof uc.messages>,
): Promise<OutputOf<typeof uc.messages>> {
  await ensureWelcomeMessages(s, userId);
  return s.db.kysely
    .selectFrom('messages')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.count)
    .execute();
}

export async function unreadCount(s: Services, userId: number): Promise<number> {
  const row = await s.db.kysely
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the user has unread messages, and how many (welcome messages created first). */
export async function unreadState(s: Services, userId: number): Promise<OutputOf<typeof uc.messageHasNoRead>> {
  await ensureWelcomeMessages(s, userId);
  const count = await unreadCount(s, userId);
  return { has_no_read: count > 0 ? 1 : 0, count };
}

/** Marks one of the user's own messages read (again is harmless); another user's id is "not found". */
export async function markRead(s: Services, userId: number, id: number): Promise<OutputOf<typeof uc.messageRead>> {
  const db = s.db.kysely;
  const own = await db
    .selectFrom('messages')
    .select(['id', 'is_read'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!own) throw notFound(`消息 id ${id} `);
  if (own.is_read !== 1) {
    await db.updateTable('messages').set({ is_read: 1, read_at: s.clock() }).where('id', '=', id).where('user_id', '=', userId).execute();
  }
  return { id, is_read: 1, unread_count: await unreadCount(s, userId) };
}

/** Marks every unread message of the user read (welcome messages created first); returns how many. */
export async function markAllRead(s: Services, userId: number): Promise<OutputOf<typeof uc.messageReadAll>> {
  await ensureWelcomeMessages(s, userId);
  const res = await s.db.kysely
    .updateTable('messages')
    .set({ is_read: 1, read_at: s.clock() })
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirst();
  return { marked: Number(res.numUpdatedRows) };
}
