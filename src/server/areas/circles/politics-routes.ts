import * as politics from '../../../contract/circles-politics';
import { handle, type RouteHandler } from '../../http/define';
import { chapterList, pointDetail } from './politics-points';

/** Handlers of the politics area: the 考研政治 outline and its points. */
export const politicsRoutes: RouteHandler[] = [
  handle(politics.chapterList, async (_input, ctx) => chapterList(ctx)),
  handle(politics.pointDetail_, async (input, ctx) => pointDetail(ctx, input.id)),
];
