/** Course and e-book catalogue of each category (content/demo/study/catalog/), so search and the study tabs have content. */
import type { Insertable } from 'kysely';
import { chinaDayStart } from '../../../areas/accounts';
import type { StudyContent } from '../../../content/kinds/study';
import { fill } from '../../../content/template';
import type { Database } from '../../schema';
import { intBetween, pick, type Rng } from '../prng';
import type { StudyCtx } from './study-strategies';

export interface SubjectIds {
  genusId: number;
  categoryId: number;
}

/** A course row with what is inserted after it: its chapters and lessons, or a bundle's children (indexes). */
export interface PlannedCourse {
  row: Insertable<Database['courses']>;
  chapters: Array<{ title: string; lessons: string[] }>;
  bundle: number[];
}

/** Unix seconds of `time` (HH:MM, China time) `day` days from the China day of `now`; `now` for time 'now' minus 15 min. */
function liveStart(now: number, day: number, time: string): number {
  if (time === 'now') return now - 15 * 60;
  const [h, m] = time.split(':').map(Number);
  return chinaDayStart(now) + day * 86400 + (h ?? 0) * 3600 + (m ?? 0) * 60;
}

/** The subject's courses, created within the 200 days before `now` (live ones are scheduled around `now`). */
export function buildCourses(rng: Rng, study: StudyContent, c: StudyCtx, s: SubjectIds, now: number, firstCover: number): PlannedCourse[] {
  return study.courses.map((seed, i) => {
    // One teacher per course: the one its row names is the one its intro and lessons name.
    const teacher = pick(rng, c.genus.authors);
    const values = { ...c.values, teacher };
    const chapters = (seed.chapters ?? []).map((ch) => ({
      title: fill(ch.title, values),
      lessons: ch.lessons.map((l) => fill(l, values)),
    }));
    const start = seed.live ? liveStart(now, seed.live.day, seed.live.time) : 0;
    return {
      row: {
        genus_id: s.genusId,
        category_id: s.categoryId,
        name: fill(seed.name, values),
        intro: fill(seed.intro, values),
        cover: `/media/course/${firstCover + i}.svg`,
        cover_aspect_ratio: 1.6,
        teacher,
        lesson_count: chapters.reduce((n, ch) => n + ch.lessons.length, 0),
        member_count: intBetween(rng, 200, 20000),
        price: seed.price,
        is_free: seed.price === 0 ? 1 : 0,
        is_hot: seed.hot ? 1 : 0,
        is_recommend: seed.recommend ? 1 : 0,
        is_top: seed.top ? 1 : 0,
        is_live: seed.live ? 1 : 0,
        is_single: seed.bundle ? 0 : 1,
        live_start_time: start,
        live_end_time: seed.live ? start + seed.live.minutes * 60 : 0,
        live_media_key: seed.live ? LIVE_MEDIA_KEY : '',
        created_at: now - 3600 - i * 86400 * 20 - intBetween(rng, 0, 86400 * 10),
      },
      chapters,
      bundle: seed.bundle ?? [],
    };
  });
}

/** The sample streams of media/hls that the demo lessons reuse, in turn; the live room plays the first. */
export const LESSON_MEDIA_KEYS = ['sample/lesson-a', 'sample/lesson-b'] as const;
const LIVE_MEDIA_KEY = LESSON_MEDIA_KEYS[0];
