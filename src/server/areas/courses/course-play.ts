/** The signed play URL of a course video, only for a user who may play it (the one access check). */
import type * as course from '../../../contract/courses';
import type { OutputOf } from '../../../contract/endpoint';
import type { Services } from '../../http/context';
import { forbidden } from '../../http/errors';
import { isPaidDelivery, recordDelivery } from './content-deliveries';
import { NOT_OWNED_MSG, videoAccess, videoOf } from './course-progress';

export async function playInfo(s: Services, userId: number, videoId: number): Promise<OutputOf<typeof course.playInfo>> {
  const v = await videoOf(s, videoId);
  const { row, decision } = await videoAccess(s, userId, v);
  if (!decision.allowed) throw forbidden(NOT_OWNED_MSG);
  if (row.is_live === 1 && s.clock() < row.live_end_time) throw forbidden('直播尚未结束，回放将在直播结束后上线');
  const db = s.db.kysely;
  const [mine, siblings] = await Promise.all([
    db.selectFrom('video_progress').select('position').where('user_id', '=', userId).where('video_id', '=', v.id).executeTakeFirst(),
    db
      .selectFrom('course_videos as v')
      .innerJoin('course_chapters as ch', 'ch.id', 'v.chapter_id')
      .select('v.id')
      .where('v.course_id', '=', v.course_id)
      .orderBy('ch.sort')
      .orderBy('ch.id')
      .orderBy('v.sort')
      .orderBy('v.id')
      .execute(),
    // A signed URL of a paid video is the course delivered (what the instant refund calls used).
    isPaidDelivery(decision) ? recordDelivery(s, userId, 'course', v.course_id) : undefined,
  ]);
  const at = siblings.findIndex((x) => x.id === v.id);
  const info = s.providers.video.playInfo({ mediaKey: v.media_key, viewerId: userId });
  const position = Math.max(0, mine?.position ?? 0);
  return {
    video_id: v.id,
    course_id: v.course_id,
    title: v.title,
    duration: v.duration,
    url: info.url,
    expires_at: info.expires_at,
    access_reason: decision.reason,
    // A finished video starts again from the beginning.
    position: position >= v.duration - 3 ? 0 : position,
    next_video_id: siblings[at + 1]?.id ?? 0,
  };
}
