/** Collecting a course: a row of the user's collections (type course); collect_count is counted from those rows. */
import type * as course from '../../../contract/courses';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import { contentPathOf } from '../../../protocol/owned-content';
import type { Services } from '../../http/context';
import { courseRow } from './course-items';

async function collectCount(s: Services, courseId: number): Promise<number> {
  const row = await s.db.kysely
    .selectFrom('collections')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type', '=', 'course')
    .where('ref_id', '=', courseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sets (is_collect 1), clears (0) or toggles (absent) the caller's collection of a course; setting twice counts once. */
export async function collectCourse(
  s: Services,
  userId: number,
  q: ParsedInputOf<typeof course.collect>,
): Promise<OutputOf<typeof course.collect>> {
  const row = await courseRow(s, q.id);
  const db = s.db.kysely;
  const mine = () =>
    db
      .selectFrom('collections')
      .select('id')
      .where('user_id', '=', userId)
      .where('type', '=', 'course')
      .where('ref_id', '=', row.id)
      .executeTakeFirst();
  const want = q.is_collect ?? ((await mine()) ? 0 : 1);
  if (want === 1) {
    await db
      .insertInto('collections')
      .values({
        user_id: userId,
        type: 'course',
        ref_id: row.id,
        genus_id: row.genus_id,
        category_id: row.category_id,
        title: row.name,
        summary: row.intro.slice(0, 200),
        cover: row.cover,
        link: courseLink(row),
        created_at: s.clock(),
      })
      .onConflict((oc) => oc.columns(['user_id', 'type', 'ref_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('collections').where('user_id', '=', userId).where('type', '=', 'course').where('ref_id', '=', row.id).execute();
  }
  const after = await mine();
  return { has_collect: after ? 1 : 0, collect_count: await collectCount(s, row.id), collection_id: after?.id ?? 0 };
}

/** The in-app route of a course: bundles have their own page. */
export function courseLink(c: { id: number; is_single: number }): string {
  return contentPathOf({ kind: 'course', ref_id: c.id, bundle: c.is_single !== 1 });
}
