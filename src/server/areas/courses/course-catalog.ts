/** The course catalogue: the subject's list, a bundle's children, detail, chapters and videos, preview videos, views. */

import type * as course from '../../../contract/courses';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import { ensureSubject } from '../subjects';
import { courseRow, selectCourses, toCourseItems } from './course-items';
import { courseProgressOf, videoProgressOf } from './course-progress';

/** One page of the subject's courses (of one type): top, recommended, hot first, then newest. */
export async function listCourses(
  s: Services,
  userId: number | null,
  q: ParsedInputOf<typeof course.courseList>,
): Promise<OutputOf<typeof course.courseList>> {
  await ensureSubject(s, q.genus_id, q.category_id);
  let query = selectCourses(s).where('c.genus_id', '=', q.genus_id).where('c.category_id', '=', q.category_id);
  if (q.type === 'live') query = query.where('c.is_live', '=', 1);
  if (q.type === 'free') query = query.where('c.is_free', '=', 1);
  if (q.type === 'bundle') query = query.where('c.is_single', '=', 0);
  const rows = await query
    .orderBy('c.is_top', 'desc')
    .orderBy('c.is_recommend', 'desc')
    .orderBy('c.is_hot', 'desc')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(q.count)
    .offset(q.offset)
    .execute();
  return (await toCourseItems(s, userId, rows)).items;
}

/** A bundle's courses in the bundle's order (a single course has none). */
export async function childCourses(
  s: Services,
  userId: number | null,
  q: ParsedInputOf<typeof course.childList>,
): Promise<OutputOf<typeof course.childList>> {
  await courseRow(s, q.course_id, 'course_id');
  let query = selectCourses(s)
    .innerJoin('course_children as cc', 'cc.course_id', 'c.id')
    .where('cc.bundle_id', '=', q.course_id)
    .orderBy('cc.sort')
    .orderBy('c.id');
  if (q.genus_id !== undefined) query = query.where('c.genus_id', '=', q.genus_id);
  if (q.category_id !== undefined) query = query.where('c.category_id', '=', q.category_id);
  return (await toCourseItems(s, userId, await query.execute())).items;
}

export async function courseDetail(s: Services, userId: number | null, id: number): Promise<OutputOf<typeof course.courseDetail_>> {
  const row = await courseRow(s, id);
  const { items, access, bundles } = await toCourseItems(s, userId, [row]);
  const item = items[0];
  const decision = access[0];
  if (!item || !decision) throw notFound(`课程 id ${id} `);
  const db = s.db.kysely;
  const [totals, children] = await Promise.all([
    db
      .selectFrom('course_videos')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('duration'), eb.lit(0)).as('total')])
      .where('course_id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('course_children')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bundle_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ...item,
    can_access: decision.allowed ? 1 : 0,
    access_reason: decision.reason,
    total_duration: Number(totals.total),
    video_count: Number(totals.n),
    child_count: Number(children.n),
    bundle_ids: bundles.get(id) ?? [],
    progress: await courseProgressOf(s, userId, id),
  };
}

/** Chapters and videos, each video locked unless the caller may play it (free course, preview, VIP, owned, bundle). */
export async function courseCatalog(s: Services, userId: number | null, id: number): Promise<OutputOf<typeof course.courseCatalog>> {
  const row = await courseRow(s, id);
  const { access } = await toCourseItems(s, userId, [row]);
  const decision = access[0] ?? { allowed: false, reason: 'not_owned' as const };
  const db = s.db.kysely;
  const [chapters, videos, progress] = await Promise.all([
    db.selectFrom('course_chapters').selectAll().where('course_id', '=', id).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('course_videos').selectAll().where('course_id', '=', id).orderBy('sort').orderBy('id').execute(),
    videoProgressOf(s, userId, id),
  ]);
  const mine = new Map(progress.map((p) => [p.video_id, p]));
  const last = [...progress].sort((a, b) => b.updated_at - a.updated_at)[0];
  return {
    course_id: id,
    can_access: decision.allowed ? 1 : 0,
    access_reason: decision.reason,
    last_video_id: last?.video_id ?? 0,
    chapters: chapters.map((ch) => ({
      id: ch.id,
      title: ch.title,
      videos: videos
        .filter((v) => v.chapter_id === ch.id)
        .map((v) => {
          const p = mine.get(v.id);
          return {
            id: v.id,
            title: v.title,
            duration: v.duration,
            is_free: v.is_free,
            locked: decision.allowed || v.is_free === 1 ? 0 : 1,
            position: p?.position ?? 0,
            furthest: p?.furthest ?? 0,
            is_finish: p?.is_finish ?? 0,
          };
        }),
    })),
  };
}

/** Videos of the subject anyone logged in may watch: every video of a free course and the previews of paid ones. */
export async function subjectVideos(
  s: Services,
  q: ParsedInputOf<typeof course.subjectVideos>,
): Promise<OutputOf<typeof course.subjectVideos>> {
  await ensureSubject(s, q.genus_id, q.category_id);
  return s.db.kysely
    .selectFrom('course_videos as v')
    .innerJoin('courses as c', 'c.id', 'v.course_id')
    .select(['v.id', 'v.course_id', 'c.name as course_name', 'v.title', 'c.cover', 'v.duration', 'v.is_free'])
    .where('c.genus_id', '=', q.genus_id)
    .where('c.category_id', '=', q.category_id)
    .where((eb) => eb.or([eb('c.is_free', '=', 1), eb('v.is_free', '=', 1)]))
    .orderBy('c.created_at', 'desc')
    .orderBy('v.sort')
    .orderBy('v.id')
    .limit(q.count)
    .offset(q.offset)
    .execute();
}

/** Views (hotness) +1; the counter lives in course_stats so the cached catalogue stays valid. */
export async function viewCourse(s: Services, id: number): Promise<OutputOf<typeof course.hot>> {
  await courseRow(s, id);
  return bumpViews(s, id);
}

/** Adds one view to a course (creating its stats row); returns the new count. */
async function bumpViews(s: Services, courseId: number): Promise<{ view_count: number }> {
  const db = s.db.kysely;
  await db
    .insertInto('course_stats')
    .values({ course_id: courseId, view_count: 0 })
    .onConflict((oc) => oc.column('course_id').doNothing())
    .execute();
  const row = await db
    .updateTable('course_stats')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('course_id', '=', courseId)
    .returning('view_count')
    .executeTakeFirstOrThrow();
  return { view_count: Number(row.view_count) };
}
