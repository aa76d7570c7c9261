import * as ebook from '../../../contract/ebooks';
import { handle, type RouteHandler } from '../../http/define';
import { addBookmark, listBookmarks, removeBookmark } from './ebook-bookmarks';
import { chapterContent, ebookDetail, listEbooks, viewEbook } from './ebook-catalog';
import { getRecord, ownEbooks, reportRead } from './ebook-records';

/** Handlers of the e-book area's contract endpoints. */
export const ebookRoutes: RouteHandler[] = [
  handle(ebook.ebookList, async (input, ctx) => listEbooks(ctx, input)),
  handle(ebook.ownList, async (input, ctx) => ownEbooks(ctx, ctx.user.id, input)),
  handle(ebook.ebookDetailEndpoint, async (input, ctx) => ebookDetail(ctx, ctx.user?.id ?? null, input.id)),
  handle(ebook.content, async (input, ctx) => chapterContent(ctx, ctx.user.id, input)),
  handle(ebook.bookmarkList, async (input, ctx) => listBookmarks(ctx, ctx.user.id, input.id)),
  handle(ebook.bookmarkAdd, async (input, ctx) => addBookmark(ctx, ctx.user.id, input)),
  handle(ebook.bookmarkRemove, async (input, ctx) => removeBookmark(ctx, ctx.user.id, input.id)),
  handle(ebook.recordGet, async (input, ctx) => getRecord(ctx, ctx.user.id, input)),
  handle(ebook.hot, async (input, ctx) => viewEbook(ctx, input.id)),
  handle(ebook.read, async (input, ctx) => {
    const done = await reportRead(ctx, ctx.user.id, input);
    await ctx.hooks.emit('studied', { userId: ctx.user.id });
    return done;
  }),
];
