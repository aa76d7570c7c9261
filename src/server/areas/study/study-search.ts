import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type * as study from '../../../contract/study';
import type { Services } from '../../http/context';
import { ensureSubject } from '../subjects';
import { searchContent } from './search-service';

/** Searches the subject's news, strategies, courses and e-books (the engine is ./search-service.ts). */
export async function searchStudy(s: Services, q: ParsedInputOf<typeof study.search>): Promise<OutputOf<typeof study.search>> {
  await ensureSubject(s, q.genus_id, q.category_id);
  return searchContent(s.db, q);
}
