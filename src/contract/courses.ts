// Endpoints of the course area (spec §7 "Course", §3 course list item and bought course, §4 live reminder): the
// catalogue, bundles, chapters and videos, live sessions and reminders, collections, progress, and the signed play
// URL of a video from the cloud video service (a path the spec does not show: `/api/course/play_info`).
import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { flag, id, offset, optionalId, paged } from './fields';

const subject = { genus_id: id(), category_id: id() };
/** Subjects are reference data every user may name. */
const SUBJECT_IS_PUBLIC = { public: '科目是公开的参考数据，只用来筛选调用者本人的记录' } as const;
const optionalSubject = { genus_id: optionalId(), category_id: optionalId() };
/** Unix seconds, 0 … 2^31-1. */
const seconds = () => z.coerce.number().check(z.int('须为整数'), z.nonnegative('不能为负数'), z.maximum(2147483647, '超出范围'));

/** Why a user may (or may not) open a paid item, in the order the access check tries them. */
export const ACCESS_REASONS = ['free', 'free_preview', 'vip', 'owned', 'bundle', 'login_required', 'not_owned'] as const;
export type AccessReason = (typeof ACCESS_REASONS)[number];

/** A course list item (spec §3) with the catalogue fields the pages show; per-user fields are 0 without a token. */
export const courseItem = z.object({
  id: z.number(),
  genus_id: z.number(),
  category_id: z.number(),
  name: z.string(),
  intro: z.string(),
  cover: z.string(),
  /** Width / height of the cover. */
  cover_aspect_ratio: z.number(),
  teacher: z.string(),
  lesson_count: z.number(),
  member_count: z.number(),
  /** Fen. */
  price: z.number(),
  is_free: z.number(),
  is_hot: z.number(),
  is_recommend: z.number(),
  is_top: z.number(),
  is_live: z.number(),
  /** 1: a single course; 0: a bundle of courses (its children via course.child). */
  is_single: z.number(),
  /** Live courses: start and end, unix seconds (0 otherwise). */
  live_start_time: z.number(),
  live_end_time: z.number(),
  /** The live room's URL, only for a user who may open the course and only while it is not over ('' otherwise). */
  live_url: z.string(),
  /** 1 when the live course's recording can be watched (after it ended). */
  live_playback: z.number(),
  appointment_count: z.number(),
  collect_count: z.number(),
  /** The caller set a live reminder (0 without a token). */
  has_clock: z.number(),
  /** The caller collected the course (0 without a token). */
  has_collect: z.number(),
  created_at: z.number(),
});
export type CourseItem = z.infer<typeof courseItem>;

/** How far a user is through a course (or a video). */
export const courseProgress = z.object({
  /** 0–100: share of the course's videos finished. */
  percent: z.number(),
  is_finish: z.number(),
  finished_videos: z.number(),
  video_count: z.number(),
  /** Seconds of learning counted from progress reports (capped by the time that passed between them). */
  learned_seconds: z.number(),
  /** Where to resume: the last video reported and the position in it (0 when never played). */
  last_video_id: z.number(),
  last_position: z.number(),
});
export type CourseProgress = z.infer<typeof courseProgress>;

const access = {
  /** 1 when the caller may open the course's paid videos. */
  can_access: z.number(),
  access_reason: z.enum(ACCESS_REASONS),
};

const courseDetail = z.extend(courseItem, {
  ...access,
  /** Seconds of all the course's videos. */
  total_duration: z.number(),
  video_count: z.number(),
  /** A bundle's children count (0 for a single course). */
  child_count: z.number(),
  /** Bundles this course is part of (buying one of them opens it). */
  bundle_ids: z.array(z.number()),
  /** The caller's progress (zeros without a token). */
  progress: courseProgress,
});

const catalogVideo = z.object({
  id: z.number(),
  title: z.string(),
  duration: z.number(),
  /** Free preview: playable by every logged-in user. */
  is_free: z.number(),
  /** 1 when the caller may not play it (the page shows a lock and the buy prompt). */
  locked: z.number(),
  /** The caller's furthest position and whether they finished it (0 without a token). */
  position: z.number(),
  furthest: z.number(),
  is_finish: z.number(),
});
export type CatalogVideo = z.infer<typeof catalogVideo>;
const catalog = z.object({
  course_id: z.number(),
  ...access,
  chapters: z.array(z.object({ id: z.number(), title: z.string(), videos: z.array(catalogVideo) })),
  last_video_id: z.number(),
});

const boughtCourse = z.object({
  id: z.number(),
  genus_id: z.number(),
  category_id: z.number(),
  cover: z.string(),
  cover_aspect_ratio: z.number(),
  name: z.string(),
  teacher: z.string(),
  is_live: z.number(),
  is_free: z.number(),
  is_single: z.number(),
  /** How the user got it: owned (bought or granted), through a bundle, VIP, or a free course they started. */
  access_reason: z.enum(ACCESS_REASONS),
  progress: courseProgress,
});
export type BoughtCourse = z.infer<typeof boughtCourse>;

const subjectVideo = z.object({
  id: z.number(),
  course_id: z.number(),
  course_name: z.string(),
  title: z.string(),
  cover: z.string(),
  duration: z.number(),
  is_free: z.number(),
});

const liveSession = z.extend(courseItem, {
  /** upcoming, live (now between start and end) or ended. */
  live_status: z.enum(['upcoming', 'live', 'ended']),
});
export type LiveSession = z.infer<typeof liveSession>;

const videoProgress = z.object({
  video_id: z.number(),
  position: z.number(),
  furthest: z.number(),
  learned_seconds: z.number(),
  is_finish: z.number(),
  updated_at: z.number(),
});

/** What `/course/list/{type}` lists: every course, live ones, free ones, or bundles. */
export const COURSE_LIST_TYPES = ['all', 'live', 'free', 'bundle'] as const;

export const courseList = endpoint({
  id: 'course.list',
  method: 'GET',
  host: 'platform',
  path: '/api/course/list',
  input: z.object({
    ...subject,
    ...paged(10),
    type: z.optional(z.pipe(z.string('须为字符串'), z.enum(COURSE_LIST_TYPES, `须为 ${COURSE_LIST_TYPES.join('、')} 之一`))),
  }),
  output: z.array(courseItem),
  auth: 'optional',
  summary:
    '科目下的课程（置顶、推荐、热门在前，再按上架时间倒序）；type 筛选 all（默认）、live 直播课、free 免费课、bundle 套餐；带 token 时 has_clock、has_collect 为本人状态',
});
export const boughtList = endpoint({
  id: 'course.bought',
  method: 'GET',
  host: 'platform',
  path: '/api/course',
  input: z.object({ ...optionalSubject, offset: offset(), count: paged(20).count }),
  output: z.array(boughtCourse),
  auth: 'required',
  summary: '我的课程：已拥有（购买、赠送、套餐内）和已开始学习的免费课程，最近学习的在前，带学习进度',
  owns: { genus_id: SUBJECT_IS_PUBLIC, category_id: SUBJECT_IS_PUBLIC },
});
export const childList = endpoint({
  id: 'course.child',
  method: 'GET',
  host: 'platform',
  path: '/api/course/child',
  input: z.object({ course_id: id(), ...optionalSubject }),
  output: z.array(courseItem),
  auth: 'optional',
  summary: '套餐课程包含的课程（按套餐内顺序）；单课返回空列表',
  errors: [CODE.notFound],
});
export const courseDetail_ = endpoint({
  id: 'course.detail',
  method: 'GET',
  host: 'platform',
  path: '/api/course/detail',
  input: z.object({ id: id() }),
  output: courseDetail,
  auth: 'optional',
  summary: '课程详情：列表字段、能否观看及原因（免费、试看、VIP、已购、套餐内）、总时长、所属套餐、本人进度',
  errors: [CODE.notFound],
});
export const courseCatalog = endpoint({
  id: 'course.catalog',
  method: 'GET',
  host: 'platform',
  path: '/api/course/catalog',
  input: z.object({ id: id() }),
  output: catalog,
  auth: 'optional',
  summary: '课程目录：章节与视频（时长、试看、是否锁定、本人进度）；套餐课程的目录为空，见 course.child',
  errors: [CODE.notFound],
});
export const subjectVideos = endpoint({
  id: 'course.video',
  method: 'GET',
  host: 'platform',
  path: '/api/course/video',
  input: z.object({ ...subject, ...paged(10) }),
  output: z.array(subjectVideo),
  auth: 'none',
  summary: '科目下可试看的视频（免费课程和试看课时），最新课程在前',
});
export const liveList = endpoint({
  id: 'course.live',
  method: 'GET',
  host: 'platform',
  path: '/api/course/live',
  input: z.object({ ...subject, start: seconds(), end: seconds() }),
  output: z.array(liveSession),
  auth: 'optional',
  summary: '直播日历：开始时间在 [start, end) 内的直播课，按开始时间排序；区间最长 62 天',
});
export const progressGet = endpoint({
  id: 'course.progress',
  method: 'GET',
  host: 'platform',
  path: '/api/course/progress',
  input: z.object({ course_id: id(), ...optionalSubject }),
  output: z.object({ course_id: z.number(), progress: courseProgress, videos: z.array(videoProgress) }),
  auth: 'required',
  summary: '本人在课程中的进度：整体进度和每个视频的位置、最远位置、学习时长',
  errors: [CODE.notFound],
  owns: {
    course_id: { public: '课程是公开内容，进度只读取调用者本人的记录' },
    genus_id: SUBJECT_IS_PUBLIC,
    category_id: SUBJECT_IS_PUBLIC,
  },
});
export const progressReport = endpoint({
  id: 'course.progress_report',
  method: 'POST',
  host: 'platform',
  path: '/api/course/progress',
  input: z.object({
    course_id: id(),
    video_id: id(),
    /** Playback position in seconds. */
    duration: z.coerce.number().check(z.nonnegative('不能为负数'), z.maximum(86400, '不能大于 86400')),
    /** The client's time of the report in ms (orders reports from one device; a late, older one never moves the position back). */
    at: z.optional(z.coerce.number().check(z.int('须为整数'), z.nonnegative('不能为负数'), z.maximum(8.64e15, '超出范围'))),
  }),
  output: z.object({ video: videoProgress, progress: courseProgress }),
  auth: 'required',
  summary: '上报播放位置：记录最远位置（只增不减）和学习时长（两次上报间的增量不超过实际经过的时间）；看完全部视频即完成课程',
  errors: [CODE.notFound, CODE.forbidden],
  owns: {
    course_id: { public: '课程是公开内容；能否观看由访问检查决定' },
    video_id: { public: '视频属于公开课程目录；能否观看由访问检查决定' },
  },
});
export const collect = endpoint({
  id: 'course.collect',
  method: 'POST',
  host: 'platform',
  path: '/api/course/collect',
  input: z.object({ id: id(), is_collect: z.optional(flag()) }),
  output: z.object({ has_collect: z.number(), collect_count: z.number(), collection_id: z.number() }),
  auth: 'required',
  summary: '收藏课程（is_collect 1）或取消（0）；不传 is_collect 则切换；重复设置同一状态不重复计数',
  errors: [CODE.notFound],
  owns: { id: { public: '课程是公开内容' } },
});
export const hot = endpoint({
  id: 'course.hot',
  method: 'POST',
  host: 'platform',
  path: '/api/course/hot',
  input: z.object({ id: id() }),
  output: z.object({ view_count: z.number() }),
  auth: 'none',
  summary: '课程热度（浏览量）+1，返回新值',
  errors: [CODE.notFound],
});
export const liveClock = endpoint({
  id: 'course.live_clock',
  method: 'POST',
  host: 'platform',
  path: '/api/course/live_clock',
  input: z.object({ course_id: id() }),
  output: z.object({ has_clock: z.number(), appointment_count: z.number() }),
  auth: 'required',
  summary: '预约直播提醒：appointment_count +1 并标记 has_clock；已预约时不重复计数',
  errors: [CODE.notFound],
  owns: { course_id: { public: '直播课是公开内容' } },
});
export const cancelLiveClock = endpoint({
  id: 'course.cancel_live_clock',
  method: 'POST',
  host: 'platform',
  path: '/api/course/cancel_live_clock',
  input: z.object({ course_id: id() }),
  output: z.object({ has_clock: z.number(), appointment_count: z.number() }),
  auth: 'required',
  summary: '取消直播提醒：appointment_count -1 并清除 has_clock；未预约时不变',
  errors: [CODE.notFound],
  owns: { course_id: { public: '直播课是公开内容' } },
});
export const playInfo = endpoint({
  id: 'course.play_info',
  method: 'GET',
  host: 'platform',
  path: '/api/course/play_info',
  input: z.object({ video_id: id() }),
  output: z.object({
    video_id: z.number(),
    course_id: z.number(),
    title: z.string(),
    duration: z.number(),
    /** Signed HLS playlist URL from the cloud video service; refused after expires_at. */
    url: z.string(),
    expires_at: z.number(),
    access_reason: z.enum(ACCESS_REASONS),
    /** Where the caller left off in this video (seconds). */
    position: z.number(),
    /** The next video of the catalogue (0 at the end). */
    next_video_id: z.number(),
  }),
  auth: 'required',
  summary: '视频播放信息（云点播签名地址，限时有效）：只发给可以观看的用户（免费、试看、VIP、已购、套餐内），否则 4030',
  errors: [CODE.notFound, CODE.forbidden],
  owns: { video_id: { public: '视频属于公开课程目录；能否观看由访问检查决定' } },
});
