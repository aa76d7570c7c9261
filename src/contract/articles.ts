// Endpoints of the articles area (see docs/architecture.md, "The API contract"): FAQ, Q&A, skill articles,
// study-plan guides, learning materials, adverts, school news and the feedback help article.
import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { count, id, offset, optionalId } from './fields';

/** FAQ types: 1 报考政策, 2 备考学习, 3 使用帮助 (the last is shared by every subject). */
export const FAQ_TYPES = [1, 2, 3] as const;
/** Skill article kinds and the route that shows each. */
export const SKILL_KINDS = ['politics', 'kao_gong', 'pub_med_math'] as const;
/** The study-plan guide articles, one per page (/skill/read, /skill/introduction, /skill/operation-tips). */
export const GUIDE_TYPES = ['read', 'introduction', 'operation-tips'] as const;

const faqType = () => z.coerce.number().check(z.int('须为 1、2 或 3'), z.minimum(1, '须为 1、2 或 3'), z.maximum(3, '须为 1、2 或 3'));

const faqItem = z.object({
  id: z.number(),
  genus_id: z.nullable(z.number()),
  category_id: z.nullable(z.number()),
  type: z.number(),
  type_name: z.string(),
  question: z.string(),
  view_count: z.number(),
});
export type FaqItem = z.infer<typeof faqItem>;
const faqDetailData = z.extend(faqItem, {
  answer: z.string(),
  /** `answer` as HTML, rendered by the server once per version with the client's Markdown renderer and options. */
  answer_html: z.string(),
  updated_at: z.number(),
});

const qaItem = z.object({
  id: z.number(),
  title: z.string(),
  tag: z.string(),
  asker: z.string(),
  answerer: z.string(),
  answerer_title: z.string(),
  view_count: z.number(),
  created_at: z.number(),
});
export type QaItem = z.infer<typeof qaItem>;
const qaDetail = z.extend(qaItem, {
  question: z.string(),
  answer: z.string(),
  /** `question` and `answer` as HTML, rendered by the server once per version with the client's Markdown renderer and options. */
  question_html: z.string(),
  answer_html: z.string(),
  answered_at: z.number(),
});

const skillItem = z.object({
  id: z.number(),
  kind: z.enum(SKILL_KINDS),
  title: z.string(),
  summary: z.string(),
  author: z.string(),
  published_at: z.number(),
});
export type SkillItem = z.infer<typeof skillItem>;
const skillDetail = z.extend(skillItem, {
  content: z.string(),
  /** `content` as HTML, rendered by the server once per version with the client's Markdown renderer and options (raw HTML and unsafe links dropped). */
  content_html: z.string(),
  view_count: z.number(),
});

const guide = z.object({
  type: z.enum(GUIDE_TYPES),
  title: z.string(),
  content: z.string(),
  /** `content` as HTML, rendered by the server once per version with the client's Markdown renderer and options (raw HTML and unsafe links dropped). */
  content_html: z.string(),
  updated_at: z.number(),
});
const material = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  author: z.string(),
  content: z.string(),
  published_at: z.number(),
});
const advert = z.object({
  id: z.number(),
  title: z.string(),
  cover: z.string(),
  content: z.string(),
  /** `content` as HTML, rendered by the server once per version with the client's Markdown renderer and options (raw HTML and unsafe links dropped). */
  content_html: z.string(),
  link: z.string(),
  link_text: z.string(),
  published_at: z.number(),
});
const schoolNews = z.object({
  id: z.number(),
  school: z.string(),
  title: z.string(),
  source: z.string(),
  content: z.string(),
  /** `content` as HTML, rendered by the server once per version with the client's Markdown renderer and options (raw HTML and unsafe links dropped). */
  content_html: z.string(),
  published_at: z.number(),
});
const helpArticle = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  /** `content` as HTML, rendered by the server once per version with the client's Markdown renderer and options (raw HTML and unsafe links dropped). */
  content_html: z.string(),
  updated_at: z.number(),
});

const byId = () => z.object({ id: id() });

export const faqList = endpoint({
  id: 'articles.faq_list',
  method: 'GET',
  host: 'platform',
  path: '/api/faq/list',
  input: z.object({ genus_id: optionalId(), category_id: optionalId(), type: z.optional(faqType()), offset: offset(), limit: count(10) }),
  output: z.array(faqItem),
  auth: 'none',
  summary: '常见问题分页列表：大类（及科目）专属问题加通用问题；type 1 报考政策、2 备考学习、3 使用帮助，不传为全部',
  errors: [CODE.notFound],
});
export const faqDetail = endpoint({
  id: 'articles.faq_detail',
  method: 'GET',
  host: 'platform',
  path: '/api/faq/detail',
  input: byId(),
  output: faqDetailData,
  auth: 'none',
  summary: '常见问题详情（解答为 Markdown）',
  errors: [CODE.notFound],
});
export const answerQuestionList = endpoint({
  id: 'articles.answer_question_list',
  method: 'GET',
  host: 'platform',
  path: '/api/answer-question/list',
  input: z.object({ offset: offset(), limit: count(10) }),
  output: z.array(qaItem),
  auth: 'none',
  summary: '备考问答分页列表，按提问时间倒序',
});
export const answerQuestionDetail = endpoint({
  id: 'articles.answer_question_detail',
  method: 'GET',
  host: 'platform',
  path: '/api/answer-question/detail',
  input: byId(),
  output: qaDetail,
  auth: 'none',
  summary: '备考问答详情（问题与老师解答，Markdown）',
  errors: [CODE.notFound],
});
export const skillList = endpoint({
  id: 'articles.skill_list',
  method: 'GET',
  host: 'platform',
  path: '/api/skill/list',
  input: z.object({ kind: z.optional(z.enum(SKILL_KINDS, '须为 politics、kao_gong 或 pub_med_math')), offset: offset(), count: count(10) }),
  output: z.array(skillItem),
  auth: 'none',
  summary: '技巧文章列表（政治、考公面试、公共课数学），按发布时间倒序',
});
export const politicsSkillDetail = endpoint({
  id: 'articles.politics_skill_detail',
  method: 'GET',
  host: 'platform',
  path: '/api/skill/politics/detail',
  input: z.object({ skill_id: id() }),
  output: skillDetail,
  auth: 'none',
  summary: '政治答题技巧详情',
  errors: [CODE.notFound],
});
export const kaoGongSkillDetail = endpoint({
  id: 'articles.kao_gong_skill_detail',
  method: 'GET',
  host: 'platform',
  path: '/api/skill/kao-gong/detail',
  input: byId(),
  output: skillDetail,
  auth: 'none',
  summary: '考公面试技巧详情',
  errors: [CODE.notFound],
});
export const pubMedMathSkillDetail = endpoint({
  id: 'articles.pub_med_math_skill_detail',
  method: 'GET',
  host: 'platform',
  path: '/api/skill/pub-med-math/detail',
  input: byId(),
  output: skillDetail,
  auth: 'none',
  summary: '公共课数学解题技巧详情',
  errors: [CODE.notFound],
});
export const skillReadInfo = endpoint({
  id: 'articles.skill_read_info',
  method: 'GET',
  host: 'platform',
  path: '/api/study-plan/skill-read-info',
  input: z.object({ type: z.pipe(z.string('须为字符串'), z.enum(GUIDE_TYPES, '须为 read、introduction 或 operation-tips')) }),
  output: guide,
  auth: 'none',
  summary: '学习计划说明文章：read 技巧精读、introduction 技巧介绍、operation-tips 操作指南',
  errors: [CODE.notFound],
});
export const learningMaterialsDetail = endpoint({
  id: 'articles.learning_materials_detail',
  method: 'GET',
  host: 'platform',
  path: '/api/learning-materials/detail',
  input: byId(),
  output: material,
  auth: 'none',
  summary: '学习资料详情',
  errors: [CODE.notFound],
});
export const advertsH5Detail = endpoint({
  id: 'articles.adverts_h5_detail',
  method: 'GET',
  host: 'platform',
  path: '/api/adverts/h5-detail',
  input: byId(),
  output: advert,
  auth: 'none',
  summary: '推荐位 H5 图文详情（link 为站内路由或 http(s) 网址，可为空）',
  errors: [CODE.notFound],
});
export const schoolNewsDetail = endpoint({
  id: 'articles.school_news_detail',
  method: 'GET',
  host: 'school',
  path: '/api/school-news/detail',
  input: byId(),
  output: schoolNews,
  auth: 'none',
  summary: '考研院校资讯详情',
  errors: [CODE.notFound],
});
export const nemtSchoolNewsDetail = endpoint({
  id: 'articles.nemt_school_news_detail',
  method: 'GET',
  host: 'school',
  path: '/api/nemt-school-news/detail',
  input: byId(),
  output: schoolNews,
  auth: 'none',
  summary: '高考院校资讯详情',
  errors: [CODE.notFound],
});
export const feedbackHtmlContent = endpoint({
  id: 'articles.feedback_html_content',
  method: 'GET',
  host: 'platform',
  path: '/api/feedback/html-content',
  input: z.object({ id: optionalId() }),
  output: helpArticle,
  auth: 'none',
  summary: '意见反馈说明文章（Markdown）；不传 id 为默认的反馈说明',
  errors: [CODE.notFound],
});
