import * as circle from '../../../contract/circles';
import { handle, type RouteHandler } from '../../http/define';
import { addComment, addReply, commentList, replyList } from './circle-comments';
import { circleDetail, shortVideoDetail, shortVideoList } from './circle-videos';

/** Handlers of the circle area (circle host): circles, short videos, comments and replies. */
export const circleRoutes: RouteHandler[] = [
  handle(circle.circleDetail, async (input, ctx) => circleDetail(ctx, input.id)),
  handle(circle.shortVideoList, async (input, ctx) => shortVideoList(ctx, input)),
  handle(circle.shortVideoDetail_, async (input, ctx) => shortVideoDetail(ctx, input.id)),
  handle(circle.commentList, async (input, ctx) => commentList(ctx, input)),
  handle(circle.replyList, async (input, ctx) => replyList(ctx, input)),
  handle(circle.commentAdd, async (input, ctx) => addComment(ctx, ctx.user, input)),
  handle(circle.replyAdd, async (input, ctx) => addReply(ctx, ctx.user, input)),
];
