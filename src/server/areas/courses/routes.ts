import * as course from '../../../contract/courses';
import { handle, type RouteHandler } from '../../http/define';
import { childCourses, courseCatalog, courseDetail, listCourses, subjectVideos, viewCourse } from './course-catalog';
import { collectCourse } from './course-collect';
import { cancelLiveClock, liveSessions, setLiveClock } from './course-live';
import { playInfo } from './course-play';
import { boughtCourses, getProgress, reportProgress } from './course-progress';

const uid = (ctx: { user: { id: number } | null }) => ctx.user?.id ?? null;

/** Handlers of the course area's contract endpoints. */
export const courseRoutes: RouteHandler[] = [
  handle(course.courseList, async (input, ctx) => listCourses(ctx, uid(ctx), input)),
  handle(course.boughtList, async (input, ctx) => boughtCourses(ctx, ctx.user.id, input)),
  handle(course.childList, async (input, ctx) => childCourses(ctx, uid(ctx), input)),
  handle(course.courseDetail_, async (input, ctx) => courseDetail(ctx, uid(ctx), input.id)),
  handle(course.courseCatalog, async (input, ctx) => courseCatalog(ctx, uid(ctx), input.id)),
  handle(course.subjectVideos, async (input, ctx) => subjectVideos(ctx, input)),
  handle(course.liveList, async (input, ctx) => liveSessions(ctx, uid(ctx), input)),
  handle(course.progressGet, async (input, ctx) => getProgress(ctx, ctx.user.id, input)),
  handle(course.progressReport, async (input, ctx) => {
    const done = await reportProgress(ctx, ctx.user.id, input);
    await ctx.hooks.emit('studied', { userId: ctx.user.id });
    return done;
  }),
  handle(course.collect, async (input, ctx) => collectCourse(ctx, ctx.user.id, input)),
  handle(course.hot, async (input, ctx) => viewCourse(ctx, input.id)),
  handle(course.liveClock, async (input, ctx) => setLiveClock(ctx, ctx.user.id, input.course_id)),
  handle(course.cancelLiveClock, async (input, ctx) => cancelLiveClock(ctx, ctx.user.id, input.course_id)),
  handle(course.playInfo, async (input, ctx) => playInfo(ctx, ctx.user.id, input.video_id)),
];
