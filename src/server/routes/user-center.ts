import * as uc from '../../contract/user-center';
import { handle, type RouteHandler } from '../http/define';
import { addCollection, listCollections, removeCollection } from '../services/user-center-collections';
import { ensureWelcomeMessages, listMessages, markAllRead, markRead, unreadCount } from '../services/user-center-messages';
import { documentByKey, statistics, vipInfo } from '../services/user-center-profile';

/** Handlers of the user-center area's contract endpoints; owner-scoped data is filtered by the logged-in user. */
export const userCenterRoutes: RouteHandler[] = [
  handle(uc.userStatistics, async (_input, ctx) => {
    const db = ctx.db.kysely;
    const now = ctx.clock();
    await ensureWelcomeMessages(db, ctx.user.id, now);
    const user = await db.selectFrom('users').select('created_at').where('id', '=', ctx.user.id).executeTakeFirstOrThrow();
    return statistics(db, ctx.user.id, user.created_at, now);
  }),

  handle(uc.vipInfoEndpoint, async (input, ctx) => vipInfo(ctx.db.kysely, ctx.user.id, input, ctx.clock())),

  handle(uc.messages, async (input, ctx) => {
    await ensureWelcomeMessages(ctx.db.kysely, ctx.user.id, ctx.clock());
    return listMessages(ctx.db.kysely, ctx.user.id, input.offset, input.count);
  }),

  handle(uc.messageHasNoRead, async (_input, ctx) => {
    await ensureWelcomeMessages(ctx.db.kysely, ctx.user.id, ctx.clock());
    const count = await unreadCount(ctx.db.kysely, ctx.user.id);
    return { has_no_read: count > 0 ? 1 : 0, count };
  }),

  handle(uc.messageRead, async (input, ctx) => {
    await markRead(ctx.db.kysely, ctx.user.id, input.id, ctx.clock());
    return { id: input.id, is_read: 1, unread_count: await unreadCount(ctx.db.kysely, ctx.user.id) };
  }),

  handle(uc.messageReadAll, async (_input, ctx) => {
    await ensureWelcomeMessages(ctx.db.kysely, ctx.user.id, ctx.clock());
    return { marked: await markAllRead(ctx.db.kysely, ctx.user.id, ctx.clock()) };
  }),

  handle(uc.collections, async (input, ctx) => listCollections(ctx.db.kysely, ctx.user.id, input)),

  handle(uc.addCollection, async (input, ctx) => addCollection(ctx.db.kysely, ctx.user.id, input.type, input.ref_id, ctx.clock())),

  handle(uc.removeCollection, async (input, ctx) => {
    await removeCollection(ctx.db.kysely, ctx.user.id, input.id);
    return { id: input.id };
  }),

  handle(uc.documentEndpoint, async (input, ctx) => documentByKey(ctx.db.kysely, input.key)),
];
