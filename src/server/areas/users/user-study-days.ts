/**
 * The days a user studied: one `study_days` row per user and China day, recorded when courses, questions or e-books
 * announce a study action (the `studied` moment: a video progress report, an answered question, a reading report).
 * Counting also reads the days those areas' own rows show (a report's time, an answer's time), so the days studied
 * before the table existed, and data seeded without requests, count too.
 */
import { type AliasedRawBuilder, sql } from 'kysely';
import type { Services } from '../../http/context';
import { chinaDayStart } from '../accounts';

/** Records today (China time) as a day the user studied; once a day, harmless when repeated. */
export async function recordStudyDay(s: Pick<Services, 'db' | 'clock'>, userId: number): Promise<void> {
  await s.db.kysely
    .insertInto('study_days')
    .values({ user_id: userId, day: chinaDayStart(s.clock()) })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .execute();
}

/** `t` (unix seconds) as its China day's start, in SQL (integer division on both SQLite and PostgreSQL). */
const dayOf = (column: string) => sql<number>`((${sql.ref(column)} + 28800) / 86400) * 86400 - 28800`;

/** The number of distinct China days on which the user studied, as a column of a larger query. */
export function studyDays(userId: number): AliasedRawBuilder<number, 'study_days'> {
  const days = sql`
    select day as d from study_days where user_id = ${userId}
    union select ${dayOf('reported_at')} from video_progress where user_id = ${userId} and reported_at > 0
    union select ${dayOf('created_at')} from question_records where user_id = ${userId}
    union select ${dayOf('created_at')} from ebook_read_reports where user_id = ${userId}`;
  return sql<number>`(select count(*) from (${days}) as studied)`.as('study_days');
}
