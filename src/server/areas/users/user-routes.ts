import * as user from '../../../contract/users';
import { handle, type RouteHandler } from '../../http/define';
import { endAllSessions } from '../accounts';
import { saveFeedback } from './user-feedback';

/** Handlers of the user area's contract endpoints. */
export const userRoutes: RouteHandler[] = [
  handle(user.baseInfo, async (_input, ctx) => ({
    id: ctx.user.id,
    mobile: ctx.user.mobile ?? '',
    nickname: ctx.user.nickname,
    need_bound: ctx.user.mobile ? 0 : 1,
  })),
  handle(user.feedback, async (input, ctx) => saveFeedback(ctx, ctx.user?.id ?? null, input)),
  handle(user.logout, async (_input, ctx) => {
    await endAllSessions(ctx, ctx.user.id, ctx.user.tokenVersion);
    return {};
  }),
];
