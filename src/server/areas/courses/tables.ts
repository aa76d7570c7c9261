import type { Generated } from 'kysely';
import type { OwnedKind } from '../../../protocol/owned-content';

/**
 * Tables of the course area (joined into Database in ../schema.ts), plus the two tables every paid module reads:
 * `entitlements` (what a user owns) and `vip_benefits` (what a VIP type opens). Times are unix seconds, flags 0/1.
 * The catalogue row itself is `courses` (study area, extended by migration 0008 with the live and bundle fields).
 */

/** A bundle (`courses.is_single` 0) holds single courses, in order. */
export interface CourseChildTable {
  bundle_id: number;
  course_id: number;
  sort: number;
}

export interface CourseChapterTable {
  id: Generated<number>;
  course_id: number;
  title: string;
  sort: number;
}

export interface CourseVideoTable {
  id: Generated<number>;
  course_id: number;
  chapter_id: number;
  title: string;
  /** Seconds (the stream's real length). */
  duration: number;
  /** Free preview: every logged-in user may play it. */
  is_free: number;
  /** The stream in the cloud video service (sandbox: a folder of media/hls). */
  media_key: string;
  sort: number;
}

/**
 * Views kept apart from `courses`, so a view does not invalidate the cached catalogue. (appointment_count and
 * collect_count are counted from live_clocks and collections.)
 */
export interface CourseStatTable {
  course_id: number;
  view_count: number;
}

/** A user's live reminder, one per user and course (idempotent by the primary key). */
export interface LiveClockTable {
  user_id: number;
  course_id: number;
  created_at: number;
}

/** Progress of one user in one video: the furthest position and the learning time (see areas/courses/course-progress.ts). */
export interface VideoProgressTable {
  user_id: number;
  video_id: number;
  course_id: number;
  /** Last reported position (where to resume). */
  position: number;
  /** Furthest position ever reported; never goes back. */
  furthest: number;
  learned_seconds: number;
  is_finish: number;
  /** Server time of the last report (caps the next report's learning time). */
  reported_at: number;
  /** Client time (ms) of the last report that moved `position`; an older report never moves it back. */
  client_at: number;
  updated_at: number;
}

/** What an entitlement opens: the kinds owned once (src/protocol/owned-content.ts). */
export type EntitlementKind = OwnedKind;

/**
 * What a user owns: written when an order is paid (orders/order-grants.ts, in the state machine's transaction) and by
 * the demo seed; withdrawn when a refund settles (refunds/refund-settle.ts). Unique per user, kind and item;
 * `expires_at` null = for good.
 */
export interface EntitlementTable {
  id: Generated<number>;
  user_id: number;
  kind: EntitlementKind;
  ref_id: number;
  /** `order`, `seed`, `gift`… */
  source: string;
  order_id: number | null;
  granted_at: number;
  expires_at: number | null;
}

export interface CourseTables {
  course_children: CourseChildTable;
  course_chapters: CourseChapterTable;
  course_videos: CourseVideoTable;
  course_stats: CourseStatTable;
  live_clocks: LiveClockTable;
  video_progress: VideoProgressTable;
  entitlements: EntitlementTable;
}
