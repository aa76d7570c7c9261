import * as user from '../../contract/user';
import { handle, type RouteHandler } from '../http/define';
import { endAllSessions } from '../services/sessions';

export const userRoutes: RouteHandler[] = [
  handle(user.baseInfo, async (_input, ctx) => ({
    id: ctx.user.id,
    mobile: ctx.user.mobile ?? '',
    nickname: ctx.user.nickname,
    need_bound: ctx.user.mobile ? 0 : 1,
  })),
  handle(user.feedback, async (input, ctx) => {
    const row = await ctx.db.kysely
      .insertInto('feedback')
      .values({ user_id: ctx.user?.id ?? null, content: input.content, page_url: input.page_url, created_at: ctx.clock() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  }),
  handle(user.logout, async (_input, ctx) => {
    await endAllSessions(ctx, ctx.user.id, ctx.user.tokenVersion);
    return {};
  }),
];
