/** Reading records (time per user, book and chapter; the place to resume) and the user's e-books. */

import type * as ebook from '../../../contract/ebooks';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type { Services } from '../../http/context';
import { inTransaction } from '../../http/transaction';
import { checkAccessMany } from '../courses';
import { anchorAt, resolveAnchor } from './ebook-anchors';
import { chapterOf, ebookAccessItem, ebookRow, ensureCanRead } from './ebook-rows';

type RecordOut = NonNullable<OutputOf<typeof ebook.recordGet>>;

/** The user's record of a book, with the place as an anchor (null when never read). */
export async function recordOf(s: Services, userId: number, ebookId: number): Promise<RecordOut | null> {
  const r = await s.db.kysely
    .selectFrom('ebook_records')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ebook_id', '=', ebookId)
    .executeTakeFirst();
  if (!r) return null;
  const book = await ebookRow(s, ebookId);
  const chapter = await chapterOf(s, ebookId, r.chapter_id);
  return {
    ebook_id: ebookId,
    chapter_id: r.chapter_id,
    anchor_point: r.has_anchor === 1 ? anchorAt(book, chapter, r.span, r.char_offset) : null,
    seconds: Number(r.seconds),
    updated_at: r.updated_at,
  };
}

export async function getRecord(
  s: Services,
  userId: number,
  q: ParsedInputOf<typeof ebook.recordGet>,
): Promise<OutputOf<typeof ebook.recordGet>> {
  await ebookRow(s, q.ebook_id, 'ebook_id');
  return recordOf(s, userId, q.ebook_id);
}

/**
 * A reading report: adds `duration` seconds to the book and the chapter and, unless the report is older (client time)
 * than the one that set the place, moves the place to its anchor. A report with a client id already counted is
 * answered with the record and changes nothing (an offline queue may send it again).
 */
export async function reportRead(s: Services, userId: number, q: ParsedInputOf<typeof ebook.read>): Promise<OutputOf<typeof ebook.read>> {
  const book = await ebookRow(s, q.ebook_id, 'ebook_id');
  const chapter = await chapterOf(s, book.id, q.chapter_id, 'chapter_id');
  await ensureCanRead(s, userId, book, chapter);
  const anchor = q.anchor_point ? resolveAnchor(book, chapter, q.anchor_point) : null;
  await inTransaction(s, async (tx) => {
    const db = tx.db.kysely;
    const now = tx.clock();
    if (q.client_id) {
      const fresh = await db
        .insertInto('ebook_read_reports')
        .values({ user_id: userId, client_id: q.client_id, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing())
        .executeTakeFirst();
      if (Number(fresh.numInsertedOrUpdatedRows ?? 0n) === 0) return;
    }
    await db
      .insertInto('ebook_chapter_reads')
      .values({ user_id: userId, ebook_id: book.id, chapter_id: chapter.id, seconds: q.duration, updated_at: now })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'chapter_id'])
          .doUpdateSet((eb) => ({ seconds: eb('ebook_chapter_reads.seconds', '+', q.duration), updated_at: now })),
      )
      .execute();
    const at = q.at ?? 0;
    await db
      .insertInto('ebook_records')
      .values({
        user_id: userId,
        ebook_id: book.id,
        chapter_id: chapter.id,
        has_anchor: anchor ? 1 : 0,
        span: anchor?.span ?? 0,
        char_offset: anchor?.offset ?? 0,
        seconds: q.duration,
        client_at: at,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'ebook_id'])
          .doUpdateSet((eb) => ({ seconds: eb('ebook_records.seconds', '+', q.duration), updated_at: now })),
      )
      .execute();
    // The place moves only with an anchor, and only by a report at least as new as the one that set it.
    if (!anchor) return;
    let move = db
      .updateTable('ebook_records')
      .set({ chapter_id: chapter.id, client_at: at, has_anchor: 1, span: anchor.span, char_offset: anchor.offset })
      .where('user_id', '=', userId)
      .where('ebook_id', '=', book.id);
    if (q.at !== undefined) move = move.where('client_at', '<=', at);
    await move.execute();
  });
  const out = await recordOf(s, userId, book.id);
  if (!out) throw new Error('record missing after a report');
  return out;
}

/** The user's e-books: owned ones and those they read (free, VIP), most recently read first. */
export async function ownEbooks(
  s: Services,
  userId: number,
  q: ParsedInputOf<typeof ebook.ownList>,
): Promise<OutputOf<typeof ebook.ownList>> {
  const db = s.db.kysely;
  const now = s.clock();
  const [owned, read] = await Promise.all([
    db
      .selectFrom('entitlements')
      .select(['ref_id', 'granted_at'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'ebook')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .execute(),
    db.selectFrom('ebook_records').select(['ebook_id', 'updated_at']).where('user_id', '=', userId).execute(),
  ]);
  const granted = new Map(owned.map((o) => [o.ref_id, o.granted_at]));
  const lastRead = new Map(read.map((r) => [r.ebook_id, r.updated_at]));
  const ids = [...new Set([...granted.keys(), ...lastRead.keys()])];
  if (ids.length === 0) return [];
  let query = db
    .selectFrom('ebooks as e')
    .leftJoin('ebook_stats as st', 'st.ebook_id', 'e.id')
    .selectAll('e')
    .select((eb) => eb.fn.coalesce('st.view_count', eb.lit(0)).as('view_count'))
    .where('e.id', 'in', ids);
  if (q.genus_id !== undefined) query = query.where('e.genus_id', '=', q.genus_id);
  if (q.category_id !== undefined) query = query.where('e.category_id', '=', q.category_id);
  const rows = (await query.execute()).map((r) => ({ ...r, view_count: Number(r.view_count) }));
  const access = await checkAccessMany(
    s,
    userId,
    rows.map((r) => ebookAccessItem(r)),
  );
  const mine = rows
    .map((r, i) => ({ r, d: access[i] }))
    .filter(({ r, d }) => granted.has(r.id) || d?.allowed === true || lastRead.has(r.id))
    .sort(
      (a, b) =>
        (lastRead.get(b.r.id) ?? 0) - (lastRead.get(a.r.id) ?? 0) ||
        (granted.get(b.r.id) ?? 0) - (granted.get(a.r.id) ?? 0) ||
        b.r.id - a.r.id,
    )
    .slice(q.offset, q.offset + q.count);
  const out: OutputOf<typeof ebook.ownList> = [];
  for (const { r, d } of mine) out.push({ ...r, access_reason: d?.reason ?? 'not_owned', record: await recordOf(s, userId, r.id) });
  return out;
}
