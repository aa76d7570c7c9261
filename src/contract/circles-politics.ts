// Endpoints of the politics area (spec §7 "Other hosts": politics point detail and chapter list; the spec shows no
// paths or payloads, so these are ours): the 考研政治 outline of chapters and their points (考点), each point with
// study notes in Markdown, key sentences and an optional explainer video. Platform host, public.
import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { empty, optionalId } from './fields';

const pointItem = z.object({
  id: z.number(),
  chapter_id: z.number(),
  title: z.string(),
  /** 1 when the point has an explainer video. */
  has_video: z.number(),
});
export type PoliticsPointItem = z.infer<typeof pointItem>;

const chapter = z.object({
  id: z.number(),
  title: z.string(),
  /** One line on what the chapter covers. */
  intro: z.string(),
  /** Position in the outline, from 1. */
  index: z.number(),
  point_count: z.number(),
  /** The chapter's first point (where 开始学习 leads). */
  first_point_id: z.number(),
  points: z.array(pointItem),
});
export type PoliticsChapter = z.infer<typeof chapter>;

const neighbour = z.object({ id: z.number(), title: z.string() });

const pointDetail = z.object({
  id: z.number(),
  chapter_id: z.number(),
  chapter_title: z.string(),
  /** The chapter's position in the outline, from 1. */
  chapter_index: z.number(),
  title: z.string(),
  /** Study notes, Markdown. */
  content: z.string(),
  /** `content` as HTML, rendered by the server once per version with the client's Markdown renderer and options (raw HTML and unsafe links dropped). */
  content_html: z.string(),
  /** Sentences worth memorising word for word (exam answers quote them). */
  key_sentences: z.array(z.string()),
  /** The point before and after this one in outline order (across chapters); id 0 and title '' at either end. */
  prev: neighbour,
  next: neighbour,
  /** The points of the same chapter, in order (to move between them). */
  chapter_points: z.array(pointItem),
  /** Signed HLS URL of the explainer video and its expiry; '' and 0 when the point has none. */
  play_url: z.string(),
  /** 16:9 poster of the explainer video ('' without one). */
  poster: z.string(),
  play_expires_at: z.number(),
  /** Seconds of the explainer video (0 without one). */
  duration: z.number(),
});
export type PoliticsPointDetail = z.infer<typeof pointDetail>;

export const chapterList = endpoint({
  id: 'politics.chapter_list',
  method: 'GET',
  host: 'platform',
  path: '/api/politics/point/chapter_list',
  input: empty(),
  output: z.array(chapter),
  auth: 'none',
  summary: '考研政治考点目录：各章（按顺序）及其考点',
});

export const pointDetail_ = endpoint({
  id: 'politics.point_detail',
  method: 'GET',
  host: 'platform',
  path: '/api/politics/point/detail',
  /** Omitted: the outline's first point (where the page opens without an id). */
  input: z.object({ id: optionalId() }),
  output: pointDetail,
  auth: 'none',
  summary:
    '考点详情（不传 id 为目录的第一个考点）：笔记（Markdown）、必背句、所属章节及本章考点、上一个与下一个考点、讲解视频的限时播放地址（没有视频时为空）',
  errors: [CODE.notFound],
});
