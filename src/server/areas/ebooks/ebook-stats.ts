/**
 * The user home's e-book figures as parts of one statistics query (users area). They count what the e-book shelf
 * (`ownEbooks` in ebook-records.ts) lists: every e-book the user holds an entitlement in force for or has a reading
 * record of, and the seconds of those records.
 */
import type { AliasedExpression, ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';

type Eb = ExpressionBuilder<Database, never>;

/** How many e-books the shelf lists for the user. */
export function shelfCount(eb: Eb, userId: number, now: number): AliasedExpression<number, 'ebook_count'> {
  return eb
    .selectFrom('ebooks as e')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where((w) =>
      w.or([
        w(
          'e.id',
          'in',
          w
            .selectFrom('entitlements')
            .select('ref_id')
            .where('user_id', '=', userId)
            .where('kind', '=', 'ebook')
            .where((x) => x.or([x('expires_at', 'is', null), x('expires_at', '>', now)])),
        ),
        w('e.id', 'in', w.selectFrom('ebook_records').select('ebook_id').where('user_id', '=', userId)),
      ]),
    )
    .$asScalar()
    .as('ebook_count');
}

/** The seconds of the user's reading records of e-books on the shelf (every record is on it). */
export function readSeconds(eb: Eb, userId: number): AliasedExpression<number, 'ebook_read_seconds'> {
  return eb
    .selectFrom('ebook_records as r')
    .innerJoin('ebooks as e', 'e.id', 'r.ebook_id')
    .select((e) => e.fn.coalesce(e.fn.sum<number>('r.seconds'), e.lit(0)).as('n'))
    .where('r.user_id', '=', userId)
    .$asScalar()
    .as('ebook_read_seconds');
}
