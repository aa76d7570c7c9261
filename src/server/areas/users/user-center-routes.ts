import * as uc from '../../../contract/users-center';
import { handle, type RouteHandler } from '../../http/define';
import { documentByKey } from '../framework';
import { addCollection, listCollections, removeCollection } from './user-center-collections';
import { listMessages, markAllRead, markRead, unreadState } from './user-center-messages';
import { statistics, vipInfo } from './user-center-profile';

/** Handlers of the user-center area's contract endpoints; owner-scoped data is filtered by the logged-in user. */
export const userCenterRoutes: RouteHandler[] = [
  handle(uc.userStatistics, async (_input, ctx) => statistics(ctx, ctx.user.id)),
  handle(uc.vipInfoEndpoint, async (input, ctx) => vipInfo(ctx, ctx.user.id, input)),
  handle(uc.messages, async (input, ctx) => listMessages(ctx, ctx.user.id, input)),
  handle(uc.messageHasNoRead, async (_input, ctx) => unreadState(ctx, ctx.user.id)),
  handle(uc.messageRead, async (input, ctx) => markRead(ctx, ctx.user.id, input.id)),
  handle(uc.messageReadAll, async (_input, ctx) => markAllRead(ctx, ctx.user.id)),
  handle(uc.collections, async (input, ctx) => listCollections(ctx, ctx.user.id, input)),
  handle(uc.addCollection, async (input, ctx) => addCollection(ctx, ctx.user.id, input.type, input.ref_id)),
  handle(uc.removeCollection, async (input, ctx) => removeCollection(ctx, ctx.user.id, input.id)),
  handle(uc.documentEndpoint, async (input, ctx) => documentByKey(ctx, input.key)),
];
