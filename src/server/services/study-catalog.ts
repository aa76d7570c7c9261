import type { OutputOf, ParsedInputOf } from '../../contract/endpoint';
import type * as study from '../../contract/study';
import type { Services } from '../http/context';
import { ensureSubject } from './genus-subjects';

/** One page of the subject's e-books: free first, then newest. */
export async function listEbooks(s: Services, q: ParsedInputOf<typeof study.ebookList>): Promise<OutputOf<typeof study.ebookList>> {
  await ensureSubject(s, q.genus_id, q.category_id);
  return s.db.kysely
    .selectFrom('ebooks')
    .selectAll()
    .where('genus_id', '=', q.genus_id)
    .where('category_id', '=', q.category_id)
    .orderBy('is_free', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.count)
    .offset(q.offset)
    .execute();
}
