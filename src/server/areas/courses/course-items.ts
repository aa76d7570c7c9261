/**
 * Course rows as the course list item of spec §3: catalogue columns, counts (reminders, collections, views), the caller's reminder
 * and collection, the live URL for those who may enter, and the access decision of each course.
 */
import type { Selectable } from 'kysely';
import type { CourseItem } from '../../../contract/courses';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import { type AccessDecision, type AccessItem, checkAccessMany } from './access-check';

export type CourseRow = Selectable<Database['courses']> & { appointment_count: number; collect_count: number; view_count: number };

/** `courses` with their counters; add where / order / limit. */
export function selectCourses(s: Services) {
  return s.db.kysely
    .selectFrom('courses as c')
    .leftJoin('course_stats as st', 'st.course_id', 'c.id')
    .selectAll('c')
    .select((eb) => [
      eb
        .selectFrom('live_clocks as lc')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('lc.course_id', '=', 'c.id')
        .as('appointment_count'),
      eb
        .selectFrom('collections as co')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('co.type', '=', 'course')
        .whereRef('co.ref_id', '=', 'c.id')
        .as('collect_count'),
      eb.fn.coalesce('st.view_count', eb.lit(0)).as('view_count'),
    ]);
}

export async function courseRow(s: Services, id: number, field = 'id'): Promise<CourseRow> {
  const row = await selectCourses(s).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`课程 ${field} ${id} `);
  return normalize(row as CourseRow);
}

/** PostgreSQL returns the real column as a string in some drivers and counts as strings: make them numbers. */
/** A row as selectCourses reads it (counts may arrive as strings or null). */
export type RawCourseRow = Selectable<Database['courses']> & { appointment_count: unknown; collect_count: unknown; view_count: unknown };

export function normalize(r: RawCourseRow): CourseRow {
  return {
    ...r,
    cover_aspect_ratio: Number(r.cover_aspect_ratio),
    appointment_count: Number(r.appointment_count),
    collect_count: Number(r.collect_count),
    view_count: Number(r.view_count),
  };
}

/** Bundles holding each of the courses. */
export async function bundlesOf(s: Services, courseIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (courseIds.length === 0) return out;
  const rows = await s.db.kysely
    .selectFrom('course_children')
    .select(['bundle_id', 'course_id'])
    .where('course_id', 'in', [...new Set(courseIds)])
    .orderBy('bundle_id')
    .execute();
  for (const r of rows) out.set(r.course_id, [...(out.get(r.course_id) ?? []), r.bundle_id]);
  return out;
}

export function accessItemOf(r: CourseRow, bundles: Map<number, number[]>): AccessItem {
  return {
    kind: 'course',
    id: r.id,
    genusId: r.genus_id,
    categoryId: r.category_id,
    isFree: r.is_free === 1,
    bundleIds: bundles.get(r.id) ?? [],
  };
}

export interface ItemsWithAccess {
  items: CourseItem[];
  access: AccessDecision[];
  bundles: Map<number, number[]>;
}

/** The list items of `rows` for the caller (userId null: anonymous), with each course's access decision. */
export async function toCourseItems(s: Services, userId: number | null, raw: readonly RawCourseRow[]): Promise<ItemsWithAccess> {
  const rows = raw.map(normalize);
  const ids = rows.map((r) => r.id);
  const bundles = await bundlesOf(s, ids);
  const access = await checkAccessMany(
    s,
    userId,
    rows.map((r) => accessItemOf(r, bundles)),
  );
  const clocks = new Set<number>();
  const collected = new Set<number>();
  if (userId !== null && ids.length > 0) {
    const db = s.db.kysely;
    const [c1, c2] = await Promise.all([
      db.selectFrom('live_clocks').select('course_id').where('user_id', '=', userId).where('course_id', 'in', ids).execute(),
      db
        .selectFrom('collections')
        .select('ref_id')
        .where('user_id', '=', userId)
        .where('type', '=', 'course')
        .where('ref_id', 'in', ids)
        .execute(),
    ]);
    for (const r of c1) clocks.add(r.course_id);
    for (const r of c2) collected.add(r.ref_id);
  }
  const now = s.clock();
  const items = rows.map((r, i): CourseItem => {
    const open = access[i]?.allowed === true;
    const live = r.is_live === 1 && r.live_media_key !== '' && now < r.live_end_time;
    return {
      ...r,
      live_url: live && open && userId !== null ? s.providers.video.playInfo({ mediaKey: r.live_media_key, viewerId: userId }).url : '',
      live_playback: r.is_live === 1 && now >= r.live_end_time && r.lesson_count > 0 ? 1 : 0,
      has_clock: clocks.has(r.id) ? 1 : 0,
      has_collect: collected.has(r.id) ? 1 : 0,
    };
  });
  return { items, access, bundles };
}
