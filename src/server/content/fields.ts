/** Field shapes shared by the content kinds, with messages an operator can act on. */
import { z } from 'zod';
import { placeholderProblems, type Vocabulary } from './template';

/** A non-empty string. */
export const text = () => z.string().min(1, { error: '必须是非空字符串' });

/** A string that may be empty (e.g. a banner link left blank). */
export const optionalText = () => z.string();

/** Markdown given as one string or as a list of paragraphs (joined with a blank line). */
export const paragraphs = () =>
  z
    .union([text(), z.array(text()).min(1, { error: '至少要有一段' })], { error: '应为字符串或字符串数组' })
    .transform((v) => (typeof v === 'string' ? v : v.join('\n\n')));

export const textList = (min = 1) => z.array(text()).min(min, { error: `至少要有 ${min} 项` });

/** A non-empty template whose placeholders are all in `vocabulary`. */
export const template = (vocabulary: Vocabulary) =>
  text().superRefine((value, ctx) => {
    for (const message of placeholderProblems(value, vocabulary)) ctx.addIssue({ code: 'custom', message });
  });
