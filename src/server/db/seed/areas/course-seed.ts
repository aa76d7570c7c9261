/**
 * Courses of the demo catalogue with what hangs off them: chapters and lessons (one video each, reusing the sample
 * streams of media/hls, the first lesson of a paid course a free preview) and the children of bundles.
 */
import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../../schema';
import { chunks } from '../batch';
import { streamSeconds } from '../media-durations';
import { LESSON_MEDIA_KEYS, type PlannedCourse } from './study-catalog';

type Trx = Transaction<Database>;

export async function insertCourses(trx: Trx, planned: readonly PlannedCourse[]): Promise<void> {
  for (const batch of chunks(planned.map((p) => p.row))) await trx.insertInto('courses').values(batch).execute();
  const ids = new Map<string, number>();
  for (const r of await trx.selectFrom('courses').select(['id', 'category_id', 'name']).execute())
    ids.set(`${r.category_id}|${r.name}`, r.id);
  const idOf = (p: PlannedCourse) => {
    const id = ids.get(`${p.row.category_id}|${p.row.name}`);
    if (id === undefined) throw new Error(`course "${p.row.name}" was not inserted`);
    return id;
  };
  const seconds = LESSON_MEDIA_KEYS.map((k) => streamSeconds(k));

  // Chapters: one insert per course (they need their ids for the videos).
  const videos: Array<Insertable<Database['course_videos']>> = [];
  let lesson = 0;
  for (const p of planned) {
    const courseId = idOf(p);
    for (const [c, ch] of p.chapters.entries()) {
      const chapter = await trx
        .insertInto('course_chapters')
        .values({ course_id: courseId, title: ch.title, sort: c + 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [l, title] of ch.lessons.entries()) {
        const k = lesson++ % LESSON_MEDIA_KEYS.length;
        videos.push({
          course_id: courseId,
          chapter_id: chapter.id,
          title,
          duration: seconds[k] ?? 0,
          // The first lesson of a paid (non-live) course is a free preview.
          is_free: p.row.price !== 0 && p.row.is_live === 0 && c === 0 && l === 0 ? 1 : 0,
          media_key: LESSON_MEDIA_KEYS[k] ?? LESSON_MEDIA_KEYS[0],
          sort: l + 1,
        });
      }
    }
  }
  for (const batch of chunks(videos)) await trx.insertInto('course_videos').values(batch).execute();

  // Bundles: `bundle` holds indexes into the same subject's plan (the order of courses.json).
  const bySubject = new Map<number, PlannedCourse[]>();
  for (const p of planned) bySubject.set(p.row.category_id, [...(bySubject.get(p.row.category_id) ?? []), p]);
  const children: Array<Insertable<Database['course_children']>> = [];
  for (const list of bySubject.values()) {
    for (const p of list) {
      for (const [sort, index] of p.bundle.entries()) {
        const child = list[index];
        if (child?.row.is_single !== 1 || child.row.is_live === 1) {
          throw new Error(`content/demo/study/catalog/courses.json: bundle "${p.row.name}": index ${index} 不是单课（非直播）`);
        }
        children.push({ bundle_id: idOf(p), course_id: idOf(child), sort: sort + 1 });
      }
    }
  }
  for (const batch of chunks(children)) await trx.insertInto('course_children').values(batch).execute();
}
