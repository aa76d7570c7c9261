// Endpoints of the user-center area (see docs/architecture.md, "The API contract"): statistics, VIP, messages,
// collections and the legal documents behind the agreement pages.
import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { count, empty, id, offset, optionalId } from './fields';

/** What a user can collect; each maps to a content kind of another area. */
export const COLLECTION_TYPES = ['news', 'strategy', 'course', 'ebook', 'question', 'goods'] as const;
export type CollectionType = (typeof COLLECTION_TYPES)[number];

/** A string first, so a missing type reads “缺少参数 type”. */
const collectionType = () => z.pipe(z.string('须为字符串'), z.enum(COLLECTION_TYPES, `须为 ${COLLECTION_TYPES.join('、')} 之一`));
const key = (what: string) =>
  z.string('须为字符串').check(z.regex(/^[a-z][a-z0-9_]{0,63}$/, `须为${what}的英文标识（小写字母、数字、下划线）`));

const statistics = z.object({
  /** Every order of the user (pending, paid, closed), as the order list shows them. */
  order_count: z.number(),
  collection_count: z.number(),
  message_count: z.number(),
  unread_message_count: z.number(),
  address_count: z.number(),
  feedback_count: z.number(),
  question_done_count: z.number(),
  /** Courses in the user's course list (owned, through a bundle, or started free / VIP ones). */
  course_count: z.number(),
  /** Of those, the finished ones (every video watched). */
  course_finished_count: z.number(),
  /** Learning time of all videos, seconds (each report counts at most the time that passed since the previous one). */
  course_learned_seconds: z.number(),
  /** E-books in the user's e-book list (owned, or read free / VIP ones). */
  ebook_count: z.number(),
  /** Reading seconds of all e-books. */
  ebook_read_seconds: z.number(),
  /** Distinct China days with a study action (a video progress report, an answered question, a reading report); 0 before the first. */
  study_days: z.number(),
});
export type UserStatistics = z.infer<typeof statistics>;

const vipInfo = z.object({
  is_vip: z.number(),
  vip_type: z.string(),
  name: z.string(),
  description: z.string(),
  benefits: z.array(z.string()),
  /** What the membership covers: a subject name or 全部科目 ('' when not VIP). */
  scope: z.string(),
  started_at: z.number(),
  /** 0 when not VIP. */
  expires_at: z.number(),
  days_left: z.number(),
});
export type VipInfo = z.infer<typeof vipInfo>;

const message = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  content: z.string(),
  /** An in-app route to open, or ''. */
  link: z.string(),
  is_read: z.number(),
  created_at: z.number(),
});
export type UserMessage = z.infer<typeof message>;

const collection = z.object({
  id: z.number(),
  type: z.string(),
  ref_id: z.number(),
  genus_id: z.number(),
  category_id: z.number(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  /** The in-app route of the collected item. */
  link: z.string(),
  created_at: z.number(),
});
export type Collection = z.infer<typeof collection>;

const document = z.object({
  key: z.string(),
  title: z.string(),
  content: z.string(),
  /** `content` as HTML, rendered by the server once per version with the client's Markdown renderer and options (raw HTML and unsafe links dropped). */
  content_html: z.string(),
  updated_at: z.number(),
});

/** Counts from the real tables (orders read 0 until that area lands; questions: answered ones); creates the welcome messages first. */
export const userStatistics = endpoint({
  id: 'user_center.statistics',
  method: 'GET',
  host: 'platform',
  path: '/api/user/statistics',
  input: empty(),
  output: statistics,
  auth: 'required',
  summary: '个人中心统计',
});

/** The latest-ending active membership covering the subject (genus null = every subject); vip_type narrows it, an unknown type is a 400. */
export const vipInfoEndpoint = endpoint({
  id: 'user_center.vip_info',
  method: 'GET',
  host: 'platform',
  path: '/api/user-info/new-vip-info',
  input: z.object({ vip_type: z.optional(key('会员类型')), genus_id: optionalId(), category_id: optionalId() }),
  output: vipInfo,
  auth: 'required',
  summary: '该科目下有效的会员信息（is_vip 0 不是会员）',
  owns: { genus_id: { public: 'a subject (大类)' }, category_id: { public: 'a subject (科目)' } },
});

/** Paged inbox, newest first. The first call of a user creates the welcome / system messages from `message_templates`, once. */
export const messages = endpoint({
  id: 'user_center.messages',
  method: 'GET',
  host: 'platform',
  path: '/api/user/message',
  input: z.object({ offset: offset(), count: count(10) }),
  output: z.array(message),
  auth: 'required',
  summary: '我的消息，最新在前',
});

/** has_no_read 0/1 and the unread count; drives the unread dot of the user centre. */
export const messageHasNoRead = endpoint({
  id: 'user_center.message_has_no_read',
  method: 'GET',
  host: 'platform',
  path: '/api/user/message/has_no_read',
  input: empty(),
  output: z.object({ has_no_read: z.number(), count: z.number() }),
  auth: 'required',
  summary: '是否有未读消息及条数',
});

/** Marks one of the caller's messages read (again is harmless); another user's id is a 404. */
export const messageRead = endpoint({
  id: 'user_center.message_read',
  method: 'POST',
  host: 'platform',
  path: '/api/user/message/read',
  input: z.object({ id: id() }),
  output: z.object({ id: z.number(), is_read: z.number(), unread_count: z.number() }),
  auth: 'required',
  summary: '标记一条消息已读',
  owns: { id: { table: 'messages', owner: 'user_id' } },
  errors: [CODE.notFound],
});

/** Marks every unread message of the caller read; returns how many. */
export const messageReadAll = endpoint({
  id: 'user_center.message_read_all',
  method: 'POST',
  host: 'platform',
  path: '/api/user/message/read_all',
  input: empty(),
  output: z.object({ marked: z.number() }),
  auth: 'required',
  summary: '全部消息标为已读',
});

/** Paged collections, newest first; type, genus_id and category_id filter (items of no subject show everywhere). */
export const collections = endpoint({
  id: 'user_center.collections',
  method: 'GET',
  host: 'platform',
  path: '/api/user/collection',
  input: z.object({
    offset: offset(),
    count: count(10),
    genus_id: optionalId(),
    category_id: optionalId(),
    type: z.optional(collectionType()),
  }),
  output: z.array(collection),
  auth: 'required',
  summary: '我的收藏，最新在前',
  owns: { genus_id: { public: 'a subject (大类)' }, category_id: { public: 'a subject (科目)' } },
});

/** Collects an item (news today; other types answer 400 until their area registers a resolver); again returns the same id with created 0. */
export const addCollection = endpoint({
  id: 'user_center.collection_add',
  method: 'POST',
  host: 'platform',
  path: '/api/user/collection',
  input: z.object({ type: collectionType(), ref_id: id() }),
  output: z.object({ id: z.number(), created: z.number() }),
  auth: 'required',
  summary: '收藏一项内容（已收藏时 created 0）',
  owns: { ref_id: { public: 'the collected content (a news item today), readable by everyone' } },
  errors: [CODE.notFound],
});

/** Removes one of the caller's collections; another user's id is a 404. */
export const removeCollection = endpoint({
  id: 'user_center.collection_remove',
  method: 'DELETE',
  host: 'platform',
  path: '/api/user/collection',
  input: z.object({ id: id() }),
  output: z.object({ id: z.number() }),
  auth: 'required',
  summary: '取消收藏',
  owns: { id: { table: 'collections', owner: 'user_id' } },
  errors: [CODE.notFound],
});

/** One public document by key: user_agreement, privacy, personal_info_list, third_party_sdk, cancellation. */
export const documentEndpoint = endpoint({
  id: 'user_center.document',
  method: 'GET',
  host: 'platform',
  path: '/api/framework/document',
  input: z.object({ key: key('文档') }),
  output: document,
  auth: 'none',
  summary: '按 key 读取公开文档（Markdown）',
  errors: [CODE.notFound],
});
