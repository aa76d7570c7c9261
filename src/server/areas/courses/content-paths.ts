/**
 * Where each bought item opens (the rule is src/protocol/owned-content.ts): a course needs its row to know whether
 * it is a bundle, so the courses are read in one query for all the items.
 */
import { contentPathOf } from '../../../protocol/owned-content';
import type { Services } from '../../http/context';

export async function contentPathsOf(s: Pick<Services, 'db'>, items: readonly { kind: string; ref_id: number }[]): Promise<string[]> {
  const courseIds = [...new Set(items.filter((i) => i.kind === 'course').map((i) => i.ref_id))];
  const courses = courseIds.length
    ? await s.db.kysely.selectFrom('courses').select(['id', 'is_single']).where('id', 'in', courseIds).execute()
    : [];
  const bundles = new Set(courses.filter((c) => c.is_single !== 1).map((c) => c.id));
  return items.map((i) => {
    // A course that no longer exists opens nothing (the page would only say it is gone).
    if (i.kind === 'course' && !courses.some((c) => c.id === i.ref_id)) return '';
    return contentPathOf({ kind: i.kind, ref_id: i.ref_id, bundle: bundles.has(i.ref_id) });
  });
}
