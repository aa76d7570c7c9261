/**
 * The user home's course figures as parts of one statistics query (users area): whether the user has any course to
 * count at all, and the learning time. Counting the courses themselves needs the bought-course rules
 * (`courseCounts` in course-progress.ts) and runs only when there is something to count.
 */
import type { AliasedExpression, ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';

type Eb = ExpressionBuilder<Database, never>;

/** True (1 on SQLite) when the user holds a course entitlement in force or has reported progress on any video. */
export function hasCoursesToCount(eb: Eb, userId: number, now: number): AliasedExpression<unknown, 'has_courses'> {
  return eb
    .or([
      eb.exists(
        eb
          .selectFrom('entitlements')
          .select('ref_id')
          .where('user_id', '=', userId)
          .where('kind', '=', 'course')
          .where((w) => w.or([w('expires_at', 'is', null), w('expires_at', '>', now)])),
      ),
      eb.exists(eb.selectFrom('video_progress').select('course_id').where('user_id', '=', userId)),
    ])
    .as('has_courses');
}

/** The user's learning time over every video, in seconds. */
export function learnedSeconds(eb: Eb, userId: number): AliasedExpression<number, 'course_learned_seconds'> {
  return eb
    .selectFrom('video_progress')
    .select((e) => e.fn.coalesce(e.fn.sum<number>('learned_seconds'), e.lit(0)).as('n'))
    .where('user_id', '=', userId)
    .$asScalar()
    .as('course_learned_seconds');
}
