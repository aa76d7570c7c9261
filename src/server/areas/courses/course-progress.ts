/** Video progress per user (furthest position, learning time), course progress, and the user's bought courses. */

import type * as course from '../../../contract/courses';
import type { CourseProgress } from '../../../contract/courses';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type { Services } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { inTransaction } from '../../http/transaction';
import { checkAccess, checkAccessMany } from './access-check';
import { accessItemOf, bundlesOf, courseRow, normalize, selectCourses } from './course-items';
import { coursePercent, nextProgress } from './course-rules';

type VideoProgress = OutputOf<typeof course.progressGet>['videos'][number];

const NO_PROGRESS: CourseProgress = {
  percent: 0,
  is_finish: 0,
  finished_videos: 0,
  video_count: 0,
  learned_seconds: 0,
  last_video_id: 0,
  last_position: 0,
};

/** The courses whose videos make up `courseId`: its children for a bundle, itself otherwise. */
async function memberCourses(s: Services, courseId: number): Promise<number[]> {
  const children = await s.db.kysely.selectFrom('course_children').select('course_id').where('bundle_id', '=', courseId).execute();
  return children.length > 0 ? children.map((c) => c.course_id) : [courseId];
}

/** The caller's progress in each video of the course (a bundle: of its children); empty without a user. */
export async function videoProgressOf(s: Services, userId: number | null, courseId: number): Promise<VideoProgress[]> {
  if (userId === null) return [];
  const ids = await memberCourses(s, courseId);
  const rows = await s.db.kysely
    .selectFrom('video_progress')
    .select(['video_id', 'position', 'furthest', 'learned_seconds', 'is_finish', 'updated_at'])
    .where('user_id', '=', userId)
    .where('course_id', 'in', ids)
    .execute();
  return rows.map((r) => ({ ...r, learned_seconds: Number(r.learned_seconds) }));
}

/** Whole-course progress for each course id (bundles count their children's videos). */
export async function courseProgressMany(
  s: Services,
  userId: number | null,
  courseIds: readonly number[],
): Promise<Map<number, CourseProgress>> {
  const out = new Map<number, CourseProgress>();
  if (courseIds.length === 0) return out;
  const db = s.db.kysely;
  const children = await db
    .selectFrom('course_children')
    .select(['bundle_id', 'course_id'])
    .where('bundle_id', 'in', [...courseIds])
    .execute();
  const members = new Map<number, number[]>();
  for (const id of courseIds) members.set(id, []);
  for (const c of children) members.get(c.bundle_id)?.push(c.course_id);
  for (const [id, list] of members) if (list.length === 0) list.push(id);
  const all = [...new Set([...members.values()].flat())];
  const [counts, rows] = await Promise.all([
    db
      .selectFrom('course_videos')
      .select((eb) => ['course_id', eb.fn.countAll<number>().as('n')])
      .where('course_id', 'in', all)
      .groupBy('course_id')
      .execute(),
    userId === null
      ? Promise.resolve([])
      : db
          .selectFrom('video_progress')
          .select(['course_id', 'video_id', 'position', 'learned_seconds', 'is_finish', 'updated_at'])
          .where('user_id', '=', userId)
          .where('course_id', 'in', all)
          .execute(),
  ]);
  const videoCount = new Map(counts.map((c) => [c.course_id, Number(c.n)]));
  for (const [id, list] of members) {
    const mine = rows.filter((r) => list.includes(r.course_id));
    const total = list.reduce((n, c) => n + (videoCount.get(c) ?? 0), 0);
    const finished = mine.filter((r) => r.is_finish === 1).length;
    const last = [...mine].sort((a, b) => b.updated_at - a.updated_at || b.video_id - a.video_id)[0];
    out.set(id, {
      percent: coursePercent(finished, total),
      is_finish: total > 0 && finished >= total ? 1 : 0,
      finished_videos: finished,
      video_count: total,
      learned_seconds: mine.reduce((n, r) => n + Number(r.learned_seconds), 0),
      last_video_id: last?.video_id ?? 0,
      last_position: last?.position ?? 0,
    });
  }
  return out;
}

export async function courseProgressOf(s: Services, userId: number | null, courseId: number): Promise<CourseProgress> {
  return (await courseProgressMany(s, userId, [courseId])).get(courseId) ?? NO_PROGRESS;
}

export async function getProgress(
  s: Services,
  userId: number,
  q: ParsedInputOf<typeof course.progressGet>,
): Promise<OutputOf<typeof course.progressGet>> {
  await courseRow(s, q.course_id, 'course_id');
  return {
    course_id: q.course_id,
    progress: await courseProgressOf(s, userId, q.course_id),
    videos: await videoProgressOf(s, userId, q.course_id),
  };
}

/** A video of a course, or 4004 naming both ids. */
export async function videoOf(s: Services, videoId: number, courseId?: number) {
  const v = await s.db.kysely.selectFrom('course_videos').selectAll().where('id', '=', videoId).executeTakeFirst();
  if (!v) throw notFound(`视频 video_id ${videoId} `);
  if (courseId !== undefined && v.course_id !== courseId) throw notFound(`课程 course_id ${courseId} 中的视频 video_id ${videoId} `);
  return v;
}

/** Whether the user may play the video: the course's access check, with the video's free-preview flag. */
export async function videoAccess(s: Services, userId: number, v: { course_id: number; is_free: number }) {
  const row = await courseRow(s, v.course_id, 'course_id');
  const bundles = await bundlesOf(s, [row.id]);
  const decision = await checkAccess(s, userId, { ...accessItemOf(row, bundles), isFreePreview: v.is_free === 1 });
  return { row, decision };
}

export const NOT_OWNED_MSG = '该视频需购买课程后观看';

/** Records a playback position (see nextProgress for the rules); refuses a video the user may not play. */
export async function reportProgress(
  s: Services,
  userId: number,
  q: ParsedInputOf<typeof course.progressReport>,
): Promise<OutputOf<typeof course.progressReport>> {
  await courseRow(s, q.course_id, 'course_id');
  const v = await videoOf(s, q.video_id, q.course_id);
  const { decision } = await videoAccess(s, userId, v);
  if (!decision.allowed) throw forbidden(NOT_OWNED_MSG);
  const video = await inTransaction(s, async (tx) => {
    const db = tx.db.kysely;
    const now = tx.clock();
    // Create the row first so that on PostgreSQL the FOR UPDATE below always has a row to lock: parallel reports of
    // one user and video are applied one after the other (learning time is a read-modify-write).
    await db
      .insertInto('video_progress')
      .values({
        user_id: userId,
        video_id: v.id,
        course_id: v.course_id,
        position: -1,
        furthest: 0,
        learned_seconds: 0,
        is_finish: 0,
        reported_at: now,
        client_at: 0,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'video_id']).doNothing())
      .execute();
    let select = db.selectFrom('video_progress').selectAll().where('user_id', '=', userId).where('video_id', '=', v.id);
    if (tx.db.dialect === 'postgres') select = select.forUpdate();
    const prev = await select.executeTakeFirstOrThrow();
    const fresh = prev.position < 0;
    const next = nextProgress(
      fresh ? undefined : { ...prev, client_at: Number(prev.client_at), learned_seconds: Number(prev.learned_seconds) },
      {
        position: q.duration,
        at: q.at,
        now,
        duration: v.duration,
      },
    );
    await db
      .updateTable('video_progress')
      .set({ ...next, updated_at: now })
      .where('user_id', '=', userId)
      .where('video_id', '=', v.id)
      .execute();
    return {
      video_id: v.id,
      position: next.position,
      furthest: next.furthest,
      learned_seconds: next.learned_seconds,
      is_finish: next.is_finish,
      updated_at: now,
    };
  });
  return { video, progress: await courseProgressOf(s, userId, q.course_id) };
}

/**
 * The user's courses: owned (bought or granted), the children of owned bundles, and free or VIP courses they have
 * started; most recently studied first (then most recently granted).
 */
export async function boughtCourses(
  s: Services,
  userId: number,
  q: ParsedInputOf<typeof course.boughtList>,
): Promise<OutputOf<typeof course.boughtList>> {
  const db = s.db.kysely;
  const now = s.clock();
  const owned = await db
    .selectFrom('entitlements')
    .select(['ref_id', 'granted_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'course')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
  const ownedIds = owned.map((o) => o.ref_id);
  const viaBundle =
    ownedIds.length === 0
      ? []
      : await db.selectFrom('course_children').select(['course_id', 'bundle_id']).where('bundle_id', 'in', ownedIds).execute();
  const studied = await db
    .selectFrom('video_progress')
    .select((eb) => ['course_id', eb.fn.max('updated_at').as('at')])
    .where('user_id', '=', userId)
    .groupBy('course_id')
    .execute();
  const lastStudy = new Map(studied.map((r) => [r.course_id, Number(r.at)]));
  const granted = new Map(owned.map((o) => [o.ref_id, o.granted_at]));
  for (const c of viaBundle) if (!granted.has(c.course_id)) granted.set(c.course_id, granted.get(c.bundle_id) ?? 0);
  const candidates = [...new Set([...granted.keys(), ...lastStudy.keys()])];
  if (candidates.length === 0) return [];
  let query = selectCourses(s).where('c.id', 'in', candidates);
  if (q.genus_id !== undefined) query = query.where('c.genus_id', '=', q.genus_id);
  if (q.category_id !== undefined) query = query.where('c.category_id', '=', q.category_id);
  const rows = (await query.execute()).map(normalize);
  const bundles = await bundlesOf(
    s,
    rows.map((r) => r.id),
  );
  const access = await checkAccessMany(
    s,
    userId,
    rows.map((r) => accessItemOf(r, bundles)),
  );
  const mine = rows
    .map((r, i) => ({ r, d: access[i] }))
    // Started but no longer open (e.g. a VIP membership ended) drops out; owned ones always stay.
    .filter(({ r, d }) => granted.has(r.id) || d?.allowed === true)
    .sort(
      (a, b) =>
        (lastStudy.get(b.r.id) ?? 0) - (lastStudy.get(a.r.id) ?? 0) ||
        (granted.get(b.r.id) ?? 0) - (granted.get(a.r.id) ?? 0) ||
        b.r.id - a.r.id,
    )
    .slice(q.offset, q.offset + q.count);
  const progress = await courseProgressMany(
    s,
    userId,
    mine.map(({ r }) => r.id),
  );
  return mine.map(({ r, d }) => ({
    id: r.id,
    genus_id: r.genus_id,
    category_id: r.category_id,
    cover: r.cover,
    cover_aspect_ratio: r.cover_aspect_ratio,
    name: r.name,
    teacher: r.teacher,
    is_live: r.is_live,
    is_free: r.is_free,
    is_single: r.is_single,
    access_reason: d?.reason ?? 'not_owned',
    progress: progress.get(r.id) ?? NO_PROGRESS,
  }));
}

/** The user home's course figures: courses in the bought list and how many of them are finished (course-stats.ts has the rest). */
export async function courseCounts(s: Services, userId: number): Promise<{ count: number; finished: number }> {
  const all = await boughtCourses(s, userId, { offset: 0, count: 100000 } as ParsedInputOf<typeof course.boughtList>);
  return { count: all.length, finished: all.filter((c) => c.progress.is_finish === 1).length };
}
