/** Bookmarks: per user, at an anchor point checked against the text; another user's bookmark is refused like a missing one. */

import type * as ebook from '../../../contract/ebooks';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import { anchorAt, resolveAnchor } from './ebook-anchors';
import { chapterOf, chaptersOf, ebookRow, ensureCanRead } from './ebook-rows';

type Bookmark = OutputOf<typeof ebook.bookmarkList>[number];

export async function listBookmarks(s: Services, userId: number, ebookId: number): Promise<OutputOf<typeof ebook.bookmarkList>> {
  const book = await ebookRow(s, ebookId);
  const chapters = new Map((await chaptersOf(s, ebookId)).map((c) => [c.id, c]));
  const rows = await s.db.kysely
    .selectFrom('ebook_bookmarks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ebook_id', '=', ebookId)
    .execute();
  const out: Bookmark[] = [];
  for (const r of rows) {
    const c = chapters.get(r.chapter_id);
    if (!c) continue;
    out.push({
      id: r.id,
      ebook_id: r.ebook_id,
      ebook_chapter_id: r.chapter_id,
      chapter_title: c.title,
      anchor_point: anchorAt(book, c, r.span, r.char_offset),
      created_at: r.created_at,
    });
  }
  return out.sort((a, b) => a.anchor_point.fraction - b.anchor_point.fraction || a.id - b.id);
}

/** Adds a bookmark; the same place or the same client id again returns the existing one (created 0). */
export async function addBookmark(
  s: Services,
  userId: number,
  q: ParsedInputOf<typeof ebook.bookmarkAdd>,
): Promise<OutputOf<typeof ebook.bookmarkAdd>> {
  const book = await ebookRow(s, q.ebook_id, 'ebook_id');
  const chapter = await chapterOf(s, book.id, q.ebook_chapter_id, 'ebook_chapter_id');
  await ensureCanRead(s, userId, book, chapter);
  const anchor = resolveAnchor(book, chapter, q.anchor_point);
  const db = s.db.kysely;
  const inserted = await db
    .insertInto('ebook_bookmarks')
    .values({
      user_id: userId,
      ebook_id: book.id,
      chapter_id: chapter.id,
      span: anchor.span,
      char_offset: anchor.offset,
      preview: anchor.preview,
      fraction: anchor.fraction,
      client_id: q.client_id ?? null,
      created_at: s.clock(),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  let q2 = db.selectFrom('ebook_bookmarks').selectAll().where('user_id', '=', userId);
  q2 = q.client_id
    ? q2.where((eb) =>
        eb.or([
          eb('client_id', '=', q.client_id ?? ''),
          eb.and([eb('chapter_id', '=', chapter.id), eb('span', '=', anchor.span), eb('char_offset', '=', anchor.offset)]),
        ]),
      )
    : q2.where('chapter_id', '=', chapter.id).where('span', '=', anchor.span).where('char_offset', '=', anchor.offset);
  const row = await q2.orderBy('id').executeTakeFirstOrThrow();
  const c = row.chapter_id === chapter.id ? chapter : await chapterOf(s, book.id, row.chapter_id);
  return {
    id: row.id,
    ebook_id: row.ebook_id,
    ebook_chapter_id: row.chapter_id,
    chapter_title: c.title,
    anchor_point: anchorAt(book, c, row.span, row.char_offset),
    created_at: row.created_at,
    created: Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0 ? 1 : 0,
  };
}

export async function removeBookmark(s: Services, userId: number, id: number): Promise<OutputOf<typeof ebook.bookmarkRemove>> {
  const res = await s.db.kysely.deleteFrom('ebook_bookmarks').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(res.numDeletedRows ?? 0n) === 0) throw notFound(`书签 id ${id} `);
  return { id };
}
