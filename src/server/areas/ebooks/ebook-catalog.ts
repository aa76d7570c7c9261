/** The e-book catalogue: the subject's list, a book's detail and table of contents, chapter content, views. */
import type * as ebook from '../../../contract/ebooks';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import { previewAt } from '../../../protocol/anchor';
import type { Services } from '../../http/context';
import { offerPrices } from '../catalog';
import { type AccessDecision, checkAccessMany, isPaidDelivery, recordDelivery } from '../courses';
import { ensureSubject } from '../subjects';
import { recordOf } from './ebook-records';
import { chapterOf, chaptersOf, ebookAccessItem, ebookRow, ensureCanRead, normalize, selectEbooks, spansOf } from './ebook-rows';

export async function listEbooks(s: Services, q: ParsedInputOf<typeof ebook.ebookList>): Promise<OutputOf<typeof ebook.ebookList>> {
  await ensureSubject(s, q.genus_id, q.category_id);
  let query = selectEbooks(s).where('e.genus_id', '=', q.genus_id).where('e.category_id', '=', q.category_id);
  if (q.type === 'free') query = query.where('e.is_free', '=', 1);
  if (q.type === 'paid') query = query.where('e.is_free', '=', 0);
  const rows = await query
    .orderBy('e.is_free', 'desc')
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(q.count)
    .offset(q.offset)
    .execute();
  return withOfferPrices(s, rows.map(normalize));
}

/**
 * A book's `price` is what it sells for now: its good's price (a promotion's 0 yuan while it runs), else its list
 * price. Its detail, its list card, its lock screen and the mall then tell one price story.
 */
async function withOfferPrices<T extends { id: number; price: number; is_free: number }>(s: Services, books: T[]): Promise<T[]> {
  const offers = await offerPrices(
    s,
    'ebook',
    books.filter((b) => b.is_free === 0).map((b) => b.id),
  );
  return books.map((b) => (b.is_free === 0 && offers.has(b.id) ? { ...b, price: offers.get(b.id) ?? b.price } : b));
}

export async function ebookDetail(s: Services, userId: number | null, id: number): Promise<OutputOf<typeof ebook.ebookDetailEndpoint>> {
  const book = await ebookRow(s, id);
  const [chapters, [priced]] = await Promise.all([chaptersOf(s, id), withOfferPrices(s, [book])]);
  const decisions = await checkAccessMany(s, userId, [ebookAccessItem(book), ...chapters.map((c) => ebookAccessItem(book, c.sort))]);
  const bookAccess = decisions[0] as AccessDecision;
  const collected =
    userId === null
      ? undefined
      : await s.db.kysely
          .selectFrom('collections')
          .select('id')
          .where('user_id', '=', userId)
          .where('type', '=', 'ebook')
          .where('ref_id', '=', id)
          .executeTakeFirst();
  return {
    ...book,
    price: priced?.price ?? book.price,
    can_access: bookAccess.allowed ? 1 : 0,
    access_reason: bookAccess.reason,
    chapters: chapters.map((c, i) => ({
      id: c.id,
      index: c.sort,
      title: c.title,
      char_count: c.char_count,
      is_free: book.is_free === 0 && c.sort <= book.free_chapters ? 1 : 0,
      locked: decisions[i + 1]?.allowed ? 0 : 1,
      start_fraction: book.char_count > 0 ? c.start_chars / book.char_count : 0,
    })),
    record: userId === null ? null : await recordOf(s, userId, id),
    has_collect: collected ? 1 : 0,
  };
}

export async function chapterContent(
  s: Services,
  userId: number,
  q: ParsedInputOf<typeof ebook.content>,
): Promise<OutputOf<typeof ebook.content>> {
  const book = await ebookRow(s, q.id);
  const c = await chapterOf(s, book.id, q.chapter);
  const decision = await ensureCanRead(s, userId, book, c);
  const [siblings] = await Promise.all([
    s.db.kysely
      .selectFrom('ebook_chapters')
      .select(['id', 'sort'])
      .where('ebook_id', '=', book.id)
      .where('sort', 'in', [c.sort - 1, c.sort + 1])
      .execute(),
    // A chapter past the free ones is the book delivered (what the instant refund calls used), read or not.
    isPaidDelivery(decision) ? recordDelivery(s, userId, 'ebook', book.id) : undefined,
  ]);
  const total = Math.max(1, book.char_count);
  return {
    ebook_id: book.id,
    chapter: {
      id: c.id,
      index: c.sort,
      title: c.title,
      char_count: c.char_count,
      start_fraction: c.start_chars / total,
      end_fraction: Math.min(1, (c.start_chars + c.char_count) / total),
    },
    spans: spansOf(c).map((sp, index) => ({ chapter: c.id, index, kind: sp.kind, text: sp.text, preview: previewAt(sp.text) })),
    prev_chapter_id: siblings.find((x) => x.sort === c.sort - 1)?.id ?? 0,
    next_chapter_id: siblings.find((x) => x.sort === c.sort + 1)?.id ?? 0,
    access_reason: decision.reason,
  };
}

/** Views +1 (kept in ebook_stats, so a view does not invalidate the cached catalogue). */
export async function viewEbook(s: Services, id: number): Promise<OutputOf<typeof ebook.hot>> {
  await ebookRow(s, id);
  const db = s.db.kysely;
  await db
    .insertInto('ebook_stats')
    .values({ ebook_id: id, view_count: 0 })
    .onConflict((oc) => oc.column('ebook_id').doNothing())
    .execute();
  const row = await db
    .updateTable('ebook_stats')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('ebook_id', '=', id)
    .returning('view_count')
    .executeTakeFirstOrThrow();
  return { view_count: Number(row.view_count) };
}
