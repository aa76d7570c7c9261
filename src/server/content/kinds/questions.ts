/**
 * demo/questions/<slug>.json: original question banks written for the project (seeded into the
 * question tables that the Question calls and the answering module read). A bank names its genus, the categories it is listed under and its
 * price (fen, 0 = free); its children are the banks a learner opens (a practice set, or an exam paper with a time limit),
 * each holding questions: single and multiple choice (answers are option letters), true / false, fill in the blank (one
 * list of accepted answers per blank) and material questions (a passage with sub-questions). Every question carries
 * its analysis. The checks below make a broken key (a letter past the options, a multiple choice with one answer, a
 * blank count that differs from the stem) stop the seed with the file and the field.
 */
import { z } from 'zod';
import { text } from '../fields';
import { type ContentDir, listFiles, readJson } from '../files';

const LETTERS = 'ABCDEF';
const letter = z.string().regex(/^[A-F]$/, '须为 A–F 的选项字母');
const BLANK = /_{3,}/g;

const base = { stem: text(), analysis: text(), score: z.number().positive().optional() };
const options = z.array(text()).min(2).max(6);
const single = z
  .strictObject({ type: z.literal('single'), ...base, options, answer: letter })
  .refine((q) => LETTERS.indexOf(q.answer) < q.options.length, { message: '答案字母超出选项数', path: ['answer'] });
const multiple = z
  .strictObject({ type: z.literal('multiple'), ...base, options, answer: z.array(letter).min(2, '多选题至少两个正确答案') })
  .refine((q) => q.answer.every((a) => LETTERS.indexOf(a) < q.options.length), { message: '答案字母超出选项数', path: ['answer'] })
  .refine((q) => new Set(q.answer).size === q.answer.length, { message: '答案字母重复', path: ['answer'] });
const judge = z.strictObject({ type: z.literal('judge'), ...base, answer: z.boolean() });
const fill = z
  .strictObject({ type: z.literal('fill'), ...base, answer: z.array(z.array(text()).min(1)).min(1) })
  .refine((q) => (q.stem.match(BLANK)?.length ?? 0) === q.answer.length, { message: '空的个数（____）须与答案组数一致', path: ['answer'] });
const leaf = z.union([single, multiple, judge, fill]);
const material = z.strictObject({
  type: z.literal('material'),
  ...base,
  material: text(),
  children: z.array(leaf).min(2).max(6),
});
export const questionSchema = z.union([leaf, material]);

const child = z
  .strictObject({
    name: text(),
    mode: z.enum(['practice', 'exam']),
    exam_minutes: z.int().min(0).max(300),
    questions: z.array(questionSchema).min(1),
  })
  .refine((c) => c.mode === 'practice' || c.exam_minutes > 0, { message: '试卷（exam）须有 exam_minutes', path: ['exam_minutes'] });

const bank = z.strictObject({
  name: text(),
  intro: text(),
  genus: text(),
  categories: z.array(text()).min(1),
  price: z.int().min(0),
  children: z.array(child).min(1),
});

export type QuestionContent = z.output<typeof questionSchema>;
export type QuestionBankContent = z.output<typeof bank> & { slug: string };

/** How many answerable questions a question stands for (a material question: its sub-questions). */
export const answerableCount = (q: QuestionContent): number => (q.type === 'material' ? q.children.length : 1);

export function loadQuestionBanks(dir: ContentDir): QuestionBankContent[] {
  return listFiles(dir, 'demo/questions', '.json').map((rel) => ({
    ...readJson(dir, rel, bank),
    slug: rel.replace(/^.*\//, '').replace(/\.json$/, ''),
  }));
}
