/**
 * demo/study/: templates filled per category from the news pools — strategies/*.md (备考攻略), catalog/courses.json, exam-guides/signup.md and outline.md (+ signup-sites.json, point-phrases.json),
 * going-items.json — and columns.json (专栏 per genus, collecting articles whose title has a keyword).
 */
import { z } from 'zod';
import { template, text, textList } from '../fields';
import { type ContentDir, listFiles, readJson, readMarkdown } from '../files';
import type { Vocabulary } from '../template';

/** Placeholders of the study templates: the category's label and the pools of its genus and category. */
export const STUDY_VOCABULARY: Vocabulary = {
  label: 'text',
  practice: 'text',
  year: 'text',
  exam: 'text',
  org: 'text',
  schedule: 'text',
  signupWay: 'text',
  scoreWay: 'text',
  examDayItems: 'list',
  topics: 'list',
  tips: 'list',
  mistakes: 'list',
  materials: 'list',
};
const COURSE_VOCABULARY: Vocabulary = { ...STUDY_VOCABULARY, teacher: 'text' };
const OUTLINE_VOCABULARY: Vocabulary = { ...STUDY_VOCABULARY, topicPoints: 'text' };

const strategy = z.strictObject({ title: template(STUDY_VOCABULARY), body: template(STUDY_VOCABULARY) });
const chapter = z.strictObject({ title: template(COURSE_VOCABULARY), lessons: z.array(template(COURSE_VOCABULARY)).min(1) });
/** A live session, relative to the seed time: `day` days from today (China time), at `time` (HH:MM) or `now`. */
const live = z.strictObject({
  day: z.int().min(-30).max(30),
  time: z.union([z.literal('now'), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '须为 HH:MM 或 now')]),
  minutes: z.int().min(10).max(600),
});
const course = z
  .strictObject({
    name: template(COURSE_VOCABULARY),
    intro: template(COURSE_VOCABULARY),
    /** Fen; 0 is free. */
    price: z.int().min(0),
    hot: z.boolean().optional(),
    recommend: z.boolean().optional(),
    top: z.boolean().optional(),
    /** A live course; its chapters hold the recording (playable once the session is over). */
    live: live.optional(),
    /** A bundle: the indexes (in this file, from 0) of the single courses it holds; a bundle has no chapters. */
    bundle: z.array(z.int().min(0)).min(2).optional(),
    /** Chapters and their lessons (one video each); the first lesson of a paid course is a free preview. */
    chapters: z.array(chapter).min(1).optional(),
  })
  .refine((c) => (c.bundle === undefined) !== (c.chapters === undefined), {
    message: '须有 chapters（单课）或 bundle（套餐）之一',
  });
const guide = (vocabulary: Vocabulary) => z.strictObject({ title: template(vocabulary), body: template(vocabulary) });
const goingItem = z.strictObject({ title: template(STUDY_VOCABULARY), description: template(STUDY_VOCABULARY), link: z.string() });
const column = z.strictObject({ title: text(), intro: text(), keywords: textList() });

export const goingItemsSchema = z.strictObject({
  sprint: goingItem,
  hundredDays: goingItem,
  registration: goingItem,
  ended: goingItem,
  upcoming: goingItem,
});
export const columnsSchema = z.strictObject({ byGenus: z.record(text(), z.array(column)), fallback: z.array(column).min(1) });

export type StrategyContent = z.output<typeof strategy>;
export type CourseContent = z.output<typeof course>;
export type ColumnContent = z.output<typeof column>;

export interface StudyContent {
  strategies: StrategyContent[];
  courses: CourseContent[];
  signupGuide: { title: string; body: string };
  outlineGuide: { title: string; body: string };
  signupSites: Readonly<Record<string, string>>;
  /** Each with {topic}; topic i of the outline uses phrase i (wrapping around). */
  pointPhrases: string[];
  going: z.output<typeof goingItemsSchema>;
  columns: z.output<typeof columnsSchema>;
}

export function loadStudy(dir: ContentDir): StudyContent {
  return {
    strategies: listFiles(dir, 'demo/study/strategies', '.md').map((rel) => readMarkdown(dir, rel, strategy)),
    courses: readJson(dir, 'demo/study/catalog/courses.json', z.array(course)),
    signupGuide: readMarkdown(dir, 'demo/study/exam-guides/signup.md', guide(STUDY_VOCABULARY)),
    outlineGuide: readMarkdown(dir, 'demo/study/exam-guides/outline.md', guide(OUTLINE_VOCABULARY)),
    signupSites: readJson(dir, 'demo/study/exam-guides/signup-sites.json', z.record(text(), z.url({ error: '应为网址' }))),
    pointPhrases: readJson(dir, 'demo/study/exam-guides/point-phrases.json', z.array(template({ topic: 'text' })).min(1)),
    going: readJson(dir, 'demo/study/going-items.json', goingItemsSchema),
    columns: readJson(dir, 'demo/study/columns.json', columnsSchema),
  };
}
