// Endpoints of the circle area (spec §7 "Other hosts": circle detail, circle short-video list, word-short-video detail,
// comment and reply lists; the spec shows no paths or payloads, so these are ours). Served by the circle host
// (`/circle` prefix on the reference server). Reads are public; posting a comment or a reply needs login.
import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { id, optionalId, paged, text } from './fields';

/** Rules the server enforces on comments and replies; the comment box shows the same limits. */
export const CIRCLE_RULES = {
  /** Characters of a comment or reply after trimming (at least 1). */
  maxContent: 200,
  /** Comments and replies together, per user, in any 60 seconds. */
  maxPostsPerMinute: 10,
  /** Replies shown under each comment of the comment list. */
  repliesPreview: 2,
} as const;

export const SHORT_VIDEO_KINDS = ['word', 'general'] as const;
export type ShortVideoKind = (typeof SHORT_VIDEO_KINDS)[number];
/** A string first, so a missing kind reads “缺少参数 kind”. */
const kind = () => z.pipe(z.string('须为字符串'), z.enum(SHORT_VIDEO_KINDS, `须为 ${SHORT_VIDEO_KINDS.join('、')} 之一`));

const circle = z.object({
  id: z.number(),
  name: z.string(),
  intro: z.string(),
  cover: z.string(),
  /** The subject (大类) the circle belongs to; 0 for none. */
  genus_id: z.number(),
  member_count: z.number(),
  /** Short videos published in the circle (counted from the rows). */
  video_count: z.number(),
  created_at: z.number(),
});
export type Circle = z.infer<typeof circle>;

/** A short video as lists show it; the word fields are '' for a general video. */
export const shortVideoItem = z.object({
  id: z.number(),
  circle_id: z.number(),
  /** word: a word short video (word, phonetic, meaning, example); general: any other short video. */
  kind: z.enum(SHORT_VIDEO_KINDS),
  title: z.string(),
  word: z.string(),
  phonetic: z.string(),
  /** Chinese meaning with the part of speech, e.g. `v. 放弃；抛弃`. */
  meaning: z.string(),
  cover: z.string(),
  /** Seconds. */
  duration: z.number(),
  like_count: z.number(),
  /** Top-level comments of the video (replies are counted on their comment). */
  comment_count: z.number(),
  published_at: z.number(),
});
export type ShortVideoItem = z.infer<typeof shortVideoItem>;

const shortVideoDetail = z.extend(shortVideoItem, {
  /** Example sentence (word videos) and its Chinese translation; '' for general videos. */
  example: z.string(),
  example_translation: z.string(),
  /** What the video is about (general videos; word videos may have a usage note). */
  description: z.string(),
  /** 16:9 poster shown in the player before playback (the list's cover is 3:4). */
  poster: z.string(),
  /** Signed HLS playlist URL from the cloud video service; refused by the CDN after play_expires_at. */
  play_url: z.string(),
  play_expires_at: z.number(),
  circle: z.object({ id: z.number(), name: z.string(), cover: z.string(), member_count: z.number(), video_count: z.number() }),
  /** Neighbours in the circle's list order (newest first): the previous (newer) and next (older) video, 0 at either end. */
  prev_id: z.number(),
  next_id: z.number(),
});
export type ShortVideoDetail = z.infer<typeof shortVideoDetail>;

/** A reply under a comment; reply_to_nickname is '' when it answers the comment itself. */
export const reply = z.object({
  id: z.number(),
  comment_id: z.number(),
  nickname: z.string(),
  avatar: z.string(),
  reply_to_nickname: z.string(),
  content: z.string(),
  created_at: z.number(),
});
export type CircleReply = z.infer<typeof reply>;

export const comment = z.object({
  id: z.number(),
  video_id: z.number(),
  nickname: z.string(),
  avatar: z.string(),
  content: z.string(),
  reply_count: z.number(),
  /** The first replies (oldest first, at most CIRCLE_RULES.repliesPreview); the rest via circle.reply_list. */
  replies: z.array(reply),
  created_at: z.number(),
});
export type CircleComment = z.infer<typeof comment>;

const VIDEO_IS_PUBLIC = { public: '短视频是公开内容，任何登录用户都可以评论' } as const;
const COMMENT_IS_PUBLIC = { public: '评论是公开内容，任何登录用户都可以回复' } as const;

export const circleDetail = endpoint({
  id: 'circle.detail',
  method: 'GET',
  host: 'circle',
  path: '/api/circle/detail',
  input: z.object({ id: id() }),
  output: circle,
  auth: 'none',
  summary: '圈子详情：名称、简介、封面、成员数、短视频数',
  errors: [CODE.notFound],
});

export const shortVideoList = endpoint({
  id: 'circle.short_video_list',
  method: 'GET',
  host: 'circle',
  path: '/api/circle/short-video-list',
  input: z.object({ circle_id: id(), kind: z.optional(kind()), ...paged(10) }),
  output: z.array(shortVideoItem),
  auth: 'none',
  summary: '圈子的短视频列表，最新发布的在前；kind 只看单词短视频（word）或普通短视频（general）',
  errors: [CODE.notFound],
});

export const shortVideoDetail_ = endpoint({
  id: 'circle.short_video_detail',
  method: 'GET',
  host: 'circle',
  path: '/api/short-video/detail',
  input: z.object({ id: id() }),
  output: shortVideoDetail,
  auth: 'none',
  summary: '单词短视频（及普通短视频）详情：单词、音标、释义、例句、所属圈子、点赞与评论数、限时有效的播放地址、前后视频',
  errors: [CODE.notFound],
});

export const commentList = endpoint({
  id: 'circle.comment_list',
  method: 'GET',
  host: 'circle',
  path: '/api/short-video/comment-list',
  input: z.object({ video_id: id(), ...paged(10) }),
  output: z.array(comment),
  auth: 'none',
  summary: '短视频的评论，最新在前；每条带回复数和最早的 2 条回复',
  errors: [CODE.notFound],
});

export const replyList = endpoint({
  id: 'circle.reply_list',
  method: 'GET',
  host: 'circle',
  path: '/api/short-video/reply-list',
  input: z.object({ comment_id: id(), ...paged(20) }),
  output: z.array(reply),
  auth: 'none',
  summary: '一条评论的回复，最早的在前',
  errors: [CODE.notFound],
});

export const commentAdd = endpoint({
  id: 'circle.comment_add',
  method: 'POST',
  host: 'circle',
  path: '/api/short-video/comment',
  input: z.object({ video_id: id(), content: text(CIRCLE_RULES.maxContent) }),
  output: z.object({ comment, comment_count: z.number() }),
  auth: 'required',
  summary: '发表评论（去掉首尾空白后 1–200 字）；每人每分钟最多发 10 条评论和回复；视频的评论数同时 +1',
  errors: [CODE.notFound, CODE.tooMany],
  owns: { video_id: VIDEO_IS_PUBLIC },
});

export const replyAdd = endpoint({
  id: 'circle.reply_add',
  method: 'POST',
  host: 'circle',
  path: '/api/short-video/reply',
  input: z.object({
    comment_id: id(),
    content: text(CIRCLE_RULES.maxContent),
    /** Answering a reply of this comment: its author is named in the new reply. Omitted: answering the comment. */
    reply_id: optionalId(),
  }),
  output: z.object({ reply, reply_count: z.number() }),
  auth: 'required',
  summary: '回复评论（或评论下的某条回复，传 reply_id）；规则同发表评论；评论的回复数同时 +1',
  errors: [CODE.notFound, CODE.tooMany],
  owns: { comment_id: COMMENT_IS_PUBLIC, reply_id: { public: '回复是公开内容，任何登录用户都可以回复' } },
});
