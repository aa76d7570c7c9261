/** The live calendar and live reminders (spec §4: set raises appointment_count by 1 and marks has_clock; cancel undoes it). */
import type * as course from '../../../contract/courses';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type { Services } from '../../http/context';
import { badInput, notFound } from '../../http/errors';
import { ensureSubject } from '../subjects';
import { courseRow, selectCourses, toCourseItems } from './course-items';

/** The longest span the calendar asks for at once (a month view with the days of its neighbours). */
const MAX_SPAN = 62 * 86400;

export async function liveSessions(
  s: Services,
  userId: number | null,
  q: ParsedInputOf<typeof course.liveList>,
): Promise<OutputOf<typeof course.liveList>> {
  if (q.end <= q.start) throw badInput('参数 end 须大于 start');
  if (q.end - q.start > MAX_SPAN) throw badInput('参数 start 与 end 的间隔不能超过 62 天');
  await ensureSubject(s, q.genus_id, q.category_id);
  const rows = await selectCourses(s)
    .where('c.genus_id', '=', q.genus_id)
    .where('c.category_id', '=', q.category_id)
    .where('c.is_live', '=', 1)
    .where('c.live_start_time', '>=', q.start)
    .where('c.live_start_time', '<', q.end)
    .orderBy('c.live_start_time')
    .orderBy('c.id')
    .execute();
  const now = s.clock();
  const { items } = await toCourseItems(s, userId, rows);
  return items.map((i) => ({
    ...i,
    live_status: now < i.live_start_time ? 'upcoming' : now < i.live_end_time ? 'live' : 'ended',
  }));
}

async function liveCourse(s: Services, courseId: number) {
  const row = await courseRow(s, courseId, 'course_id');
  if (row.is_live !== 1) throw notFound(`直播课 course_id ${courseId} `);
  return row;
}

/** Reminders set for a course (counted from the rows, so it cannot drift from has_clock). */
async function appointmentCount(s: Services, courseId: number): Promise<number> {
  const row = await s.db.kysely
    .selectFrom('live_clocks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('course_id', '=', courseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sets the caller's reminder; a second set changes nothing (the primary key makes it idempotent under races too). */
export async function setLiveClock(s: Services, userId: number, courseId: number): Promise<OutputOf<typeof course.liveClock>> {
  await liveCourse(s, courseId);
  await s.db.kysely
    .insertInto('live_clocks')
    .values({ user_id: userId, course_id: courseId, created_at: s.clock() })
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doNothing())
    .execute();
  return { has_clock: 1, appointment_count: await appointmentCount(s, courseId) };
}

/** Cancels the caller's reminder; cancelling what was not set changes nothing. */
export async function cancelLiveClock(s: Services, userId: number, courseId: number): Promise<OutputOf<typeof course.cancelLiveClock>> {
  await liveCourse(s, courseId);
  await s.db.kysely.deleteFrom('live_clocks').where('user_id', '=', userId).where('course_id', '=', courseId).execute();
  return { has_clock: 0, appointment_count: await appointmentCount(s, courseId) };
}
