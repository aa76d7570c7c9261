import type { Generated } from 'kysely';

/** The course catalogue: one row per course (single or bundle) (joined into Database in ../../db/schema.ts). */

/** The course catalogue (chapters, videos, bundles, counters: tables/course.ts). */
export interface CourseTable {
  id: Generated<number>;
  genus_id: number;
  category_id: number;
  name: string;
  intro: string;
  cover: string;
  teacher: string;
  lesson_count: number;
  member_count: number;
  /** Fen. */
  price: number;
  is_free: number;
  is_hot: number;
  is_recommend: number;
  created_at: number;
  /** Migration 0008: cover width / height. */
  cover_aspect_ratio: number;
  is_top: number;
  is_live: number;
  /** 1 single course, 0 bundle (children in course_children). */
  is_single: number;
  live_start_time: number;
  live_end_time: number;
  /** The live room: a stream of the video service (media key); '' for a recorded course. The recording, once the
   * session is over, is the course's video (live_playback 1). */
  live_media_key: string;
}

export interface CourseCatalogueTables {
  courses: CourseTable;
}
