// Endpoints of the e-book area (spec §7 "Ebook", §3 Ebook): the catalogue, a book's table of contents, chapter
// content split into anchored spans, bookmarks, reading records and views. Access to paid chapters goes through the
// one access check (src/server/areas/courses/access-check.ts).
import * as z from 'zod/mini';
import { ACCESS_REASONS } from './courses';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { id, offset, optionalId, paged } from './fields';

const subject = { genus_id: id(), category_id: id() };
const optionalSubject = { genus_id: optionalId(), category_id: optionalId() };
const SUBJECT_IS_PUBLIC = { public: '科目是公开的参考数据，只用来筛选调用者本人的记录' } as const;
const BOOK_IS_PUBLIC = { public: '电子书是公开的目录内容；能否阅读由访问检查决定' } as const;
const CLIENT_ID = { public: '客户端生成的去重键（离线队列），只在调用者本人的记录里查找，不指向任何行' } as const;

/** Spec §9: the preview of an anchored span (and of an anchor point) is 20 characters. */
export const ANCHOR_PREVIEW_LENGTH = 20;
/** Spec §9: the reader's default font size. */
export const DEFAULT_FONT_SIZE = 18;

/**
 * A place in a book, independent of font size, screen and reading mode (never a page number): the chapter, the span
 * (paragraph) index in it, the character offset in that span, the 20 characters from there (a preview a person can
 * recognise), and the fraction of the whole book before it (0–1, from the chapter sizes the server knows).
 */
export const anchorPoint = z.object({
  chapter_id: z.number(),
  span: z.number(),
  offset: z.number(),
  preview: z.string(),
  fraction: z.number(),
});
export type AnchorPoint = z.infer<typeof anchorPoint>;

/** What a client sends: a place; the server checks it against the text and recomputes the preview and fraction. */
const anchorInput = z.object(
  {
    chapter_id: id(),
    span: z.coerce.number().check(z.int('须为整数'), z.nonnegative('不能为负数'), z.maximum(100000, '超出范围')),
    offset: z.coerce.number().check(z.int('须为整数'), z.nonnegative('不能为负数'), z.maximum(1000000, '超出范围')),
    preview: z.optional(z.string('须为字符串').check(z.maxLength(200, '不能超过 200 个字符'))),
    fraction: z.optional(z.coerce.number()),
  },
  { error: '须为锚点对象 {chapter_id, span, offset}' },
);
/** The anchor travels as JSON text in a query or as an object in a body; both are accepted. */
const anchorField = () =>
  z.pipe(
    z.transform((v: unknown) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    }),
    anchorInput,
  );

/** A client-made id of an offline-queued write, so that sending it twice stores it once. */
const clientId = () => z.optional(z.string('须为字符串').check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, '须为 8–64 位字母、数字、- 或 _')));

/** Spec §3 Ebook summary (id, name, cover, is_free) with what the lists show. */
export const ebookItem = z.object({
  id: z.number(),
  genus_id: z.number(),
  category_id: z.number(),
  name: z.string(),
  intro: z.string(),
  cover: z.string(),
  author: z.string(),
  chapter_count: z.number(),
  /** Characters of the whole book. */
  char_count: z.number(),
  /** Fen. */
  price: z.number(),
  is_free: z.number(),
  /** Leading chapters free for everyone (of a paid book). */
  free_chapters: z.number(),
  view_count: z.number(),
  created_at: z.number(),
});
export type EbookItem = z.infer<typeof ebookItem>;

const tocChapter = z.object({
  id: z.number(),
  /** 1-based position in the book. */
  index: z.number(),
  title: z.string(),
  char_count: z.number(),
  /** Free chapter of a paid book. */
  is_free: z.number(),
  /** 1 when the caller may not read it. */
  locked: z.number(),
  /** Fraction of the book before this chapter. */
  start_fraction: z.number(),
});

const record = z.object({
  ebook_id: z.number(),
  chapter_id: z.number(),
  /** Where to resume; null when the record has no place yet. */
  anchor_point: z.nullable(anchorPoint),
  /** Reading seconds of the whole book. */
  seconds: z.number(),
  updated_at: z.number(),
});
export type ReadingRecord = z.infer<typeof record>;

const ebookDetail = z.extend(ebookItem, {
  can_access: z.number(),
  access_reason: z.enum(ACCESS_REASONS),
  chapters: z.array(tocChapter),
  /** The caller's record (null without a token or before the first read). */
  record: z.nullable(record),
  has_collect: z.number(),
});

export const spanKinds = ['p', 'h', 'li', 'ol'] as const;
/**
 * One anchored span (spec §3) of a chapter: a paragraph (`p`), a subheading (`h`), a bulleted list item (`li`, the
 * marker is drawn, not in the text) or a numbered one (`ol`, its number in the text).
 */
const span = z.object({
  chapter: z.number(),
  index: z.number(),
  kind: z.enum(spanKinds),
  text: z.string(),
  /** The span's first 20 characters. */
  preview: z.string(),
});
export type EbookSpan = z.infer<typeof span>;

const chapterContent = z.object({
  ebook_id: z.number(),
  chapter: z.object({
    id: z.number(),
    index: z.number(),
    title: z.string(),
    char_count: z.number(),
    start_fraction: z.number(),
    end_fraction: z.number(),
  }),
  spans: z.array(span),
  prev_chapter_id: z.number(),
  next_chapter_id: z.number(),
  access_reason: z.enum(ACCESS_REASONS),
});
export type ChapterContent = z.infer<typeof chapterContent>;

const bookmark = z.object({
  id: z.number(),
  ebook_id: z.number(),
  ebook_chapter_id: z.number(),
  chapter_title: z.string(),
  anchor_point: anchorPoint,
  created_at: z.number(),
});
export type EbookBookmark = z.infer<typeof bookmark>;

const ownedEbook = z.extend(ebookItem, {
  access_reason: z.enum(ACCESS_REASONS),
  record: z.nullable(record),
});

export const ebookList = endpoint({
  id: 'ebook.list',
  method: 'GET',
  host: 'platform',
  path: '/api/ebook/list',
  input: z.object({
    ...subject,
    ...paged(10),
    type: z.optional(z.pipe(z.string('须为字符串'), z.enum(['all', 'free', 'paid'], '须为 all、free、paid 之一'))),
  }),
  output: z.array(ebookItem),
  auth: 'none',
  summary: '科目下的电子书（免费在前，再按上架时间倒序）；type 筛选 all（默认）、free、paid',
});
export const ownList = endpoint({
  id: 'ebook.own',
  method: 'GET',
  host: 'platform',
  path: '/api/ebook/own',
  input: z.object({ ...optionalSubject, offset: offset(), count: paged(20).count }),
  output: z.array(ownedEbook),
  auth: 'required',
  summary: '我的电子书：已拥有的和读过的（免费、VIP），最近阅读的在前，带阅读记录',
  owns: { genus_id: SUBJECT_IS_PUBLIC, category_id: SUBJECT_IS_PUBLIC },
});
export const ebookDetailEndpoint = endpoint({
  id: 'ebook.detail',
  method: 'GET',
  host: 'platform',
  path: '/api/ebook/detail',
  input: z.object({ id: id() }),
  output: ebookDetail,
  auth: 'optional',
  summary: '电子书详情与目录（每章是否免费、是否锁定、在全书中的起点）、能否阅读及原因、本人的阅读记录',
  errors: [CODE.notFound],
});
export const content = endpoint({
  id: 'ebook.content',
  method: 'GET',
  host: 'platform',
  path: '/api/ebook/content',
  input: z.object({ id: id(), chapter: id() }),
  output: chapterContent,
  auth: 'required',
  summary: '章节正文：按段落切分的锚点片段（章、序号、20 字预览）；付费章节只发给可以阅读的用户，否则 4030',
  errors: [CODE.notFound, CODE.forbidden],
  owns: { id: BOOK_IS_PUBLIC },
});
export const bookmarkList = endpoint({
  id: 'ebook.bookmark_list',
  method: 'GET',
  host: 'platform',
  path: '/api/ebook/ebookmark/list',
  input: z.object({ id: id() }),
  output: z.array(bookmark),
  auth: 'required',
  summary: '本人在这本书里的书签（按在书中的位置排序）',
  errors: [CODE.notFound],
  owns: { id: BOOK_IS_PUBLIC },
});
export const bookmarkAdd = endpoint({
  id: 'ebook.bookmark_add',
  method: 'POST',
  host: 'platform',
  path: '/api/ebook/ebookmark',
  input: z.object({ ebook_id: id(), ebook_chapter_id: id(), anchor_point: anchorField(), client_id: clientId() }),
  output: z.extend(bookmark, { created: z.number() }),
  auth: 'required',
  summary: '在锚点处加书签（服务端按正文核对锚点并重算预览和位置）；同一位置或同一 client_id 只存一次（created 0）',
  errors: [CODE.notFound, CODE.forbidden],
  owns: { ebook_id: BOOK_IS_PUBLIC, ebook_chapter_id: BOOK_IS_PUBLIC, client_id: CLIENT_ID },
});
export const bookmarkRemove = endpoint({
  id: 'ebook.bookmark_remove',
  method: 'DELETE',
  host: 'platform',
  path: '/api/ebook/ebookmark',
  input: z.object({ id: id() }),
  output: z.object({ id: z.number() }),
  auth: 'required',
  summary: '删除本人的书签；他人的书签与不存在的一样拒绝',
  errors: [CODE.notFound],
  owns: { id: { table: 'ebook_bookmarks', owner: 'user_id' } },
});
export const recordGet = endpoint({
  id: 'ebook.record',
  method: 'GET',
  host: 'platform',
  path: '/api/ebook/record',
  input: z.object({ ...optionalSubject, ebook_id: id() }),
  output: z.nullable(record),
  auth: 'required',
  summary: '本人在这本书的阅读记录：从哪里继续读（锚点）和累计阅读时长；没读过为 null',
  errors: [CODE.notFound],
  owns: { genus_id: SUBJECT_IS_PUBLIC, category_id: SUBJECT_IS_PUBLIC, ebook_id: BOOK_IS_PUBLIC },
});
export const hot = endpoint({
  id: 'ebook.hot',
  method: 'POST',
  host: 'platform',
  path: '/api/ebook/hot',
  input: z.object({ id: id() }),
  output: z.object({ view_count: z.number() }),
  auth: 'none',
  summary: '电子书热度（浏览量）+1，返回新值',
  errors: [CODE.notFound],
});
/** Longest reading time one report may carry (the reader reports every minute while the page is visible). */
export const MAX_READ_REPORT_SECONDS = 600;
export const read = endpoint({
  id: 'ebook.read',
  method: 'POST',
  host: 'platform',
  path: '/api/ebook/read',
  input: z.object({
    ebook_id: id(),
    chapter_id: id(),
    /** Seconds read since the previous report (0–600). */
    duration: z.coerce
      .number()
      .check(z.int('须为整数'), z.nonnegative('不能为负数'), z.maximum(MAX_READ_REPORT_SECONDS, `不能大于 ${MAX_READ_REPORT_SECONDS}`)),
    /** Where the reader is now (becomes the place to resume). */
    anchor_point: z.optional(anchorField()),
    /** Client ms of the report: a late, older report adds its time but never moves the place back. */
    at: z.optional(z.coerce.number().check(z.int('须为整数'), z.nonnegative('不能为负数'), z.maximum(8.64e15, '超出范围'))),
    client_id: clientId(),
  }),
  output: record,
  auth: 'required',
  summary: '上报阅读：按用户、书、章累计阅读时长并记下当前位置；同一 client_id 只计一次（离线补发不重复）',
  errors: [CODE.notFound, CODE.forbidden],
  owns: { ebook_id: BOOK_IS_PUBLIC, chapter_id: BOOK_IS_PUBLIC, client_id: CLIENT_ID },
});
