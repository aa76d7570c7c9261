/** demo/qa/*.md: learners' questions with a teacher's answer; front matter names both sides, the body is the answer. */
import { z } from 'zod';
import { text } from '../fields';
import { type ContentDir, listFiles, readMarkdown } from '../files';

export const qaSchema = z.strictObject({
  title: text(),
  tag: text(),
  asker: text(),
  question: text(),
  answerer: text(),
  answererTitle: text(),
  body: text(),
});

export type QaContent = z.output<typeof qaSchema>;

export const loadQa = (dir: ContentDir): QaContent[] => listFiles(dir, 'demo/qa', '.md').map((rel) => readMarkdown(dir, rel, qaSchema));
