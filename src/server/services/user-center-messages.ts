import type { Kysely } from 'kysely';
import type { UserMessage } from '../../contract/user-center';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';

/**
 * Gives a user the active welcome / system message templates, once. Called lazily by every
 * message-reading endpoint (list, has_no_read, statistics), so users created before this feature
 * get them too and login stays untouched. The `message_inits` row (primary key user_id) is inserted
 * first in the same transaction: a concurrent first call conflicts on it and inserts nothing.
 * The messages are dated at the user's registration, in template order.
 */
export async function ensureWelcomeMessages(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  const done = await db.selectFrom('message_inits').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  if (done) return;
  await db.transaction().execute(async (trx) => {
    const res = await trx
      .insertInto('message_inits')
      .values({ user_id: userId, created_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) return;
    const user = await trx.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirst();
    const base = Math.min(user?.created_at ?? now, now);
    const templates = await trx.selectFrom('message_templates').selectAll().where('active', '=', 1).orderBy('sort').orderBy('key').execute();
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

export async function listMessages(db: Kysely<Database>, userId: number, offset: number, count: number): Promise<UserMessage[]> {
  return db
    .selectFrom('messages')
    .select(['id', 'kind', 'title', 'content', 'link', 'is_read', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(count)
    .execute();
}

export async function unreadCount(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one of the user's own messages read (again is harmless); another user's id is "not found". */
export async function markRead(db: Kysely<Database>, userId: number, id: number, now: number): Promise<void> {
  const own = await db.selectFrom('messages').select(['id', 'is_read']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!own) throw notFound(`消息 id ${id} `);
  if (own.is_read === 1) return;
  await db.updateTable('messages').set({ is_read: 1, read_at: now }).where('id', '=', id).where('user_id', '=', userId).execute();
}

export async function markAllRead(db: Kysely<Database>, userId: number, now: number): Promise<number> {
  const res = await db
    .updateTable('messages')
    .set({ is_read: 1, read_at: now })
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
