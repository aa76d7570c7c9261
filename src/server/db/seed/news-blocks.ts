/** Shared context and Markdown helpers for the article paragraph templates. */

export interface Ctx {
  exam: string;
  org: string;
  cat: string;
  year: number;
  /** The title's filler (a topic, a theme or a number of days). */
  x: string;
  /** Main topic the article focuses on, and a second, different one. */
  focus: string;
  focus2: string;
  schedule: string;
  signupWay: string;
  scoreWay: string;
  items: readonly string[];
  /** A few distinct advice sentences and mistakes, already shuffled. */
  tips: readonly string[];
  mistakes: readonly string[];
  material: string;
}

/** One article body: an ordered list of Markdown blocks (headings start with `## `). */
export type Blocks = string[];
export type Builder = (c: Ctx) => Blocks;

export const h2 = (text: string): string => `## ${text}`;
export const bullets = (items: readonly string[]): string => items.map((s) => `- ${s}`).join('\n');
export const numbered = (items: readonly string[]): string => items.map((s, i) => `${i + 1}. ${s}`).join('\n');

/** Element `i` of a list the caller sampled with enough entries (falls back to the first). */
export function nth(items: readonly string[], i: number): string {
  return items[i] ?? items[0] ?? '';
}

export function isParagraph(block: string): boolean {
  return !block.startsWith('## ') && !block.startsWith('- ') && !/^\d+\. /.test(block);
}

export const CLOSERS: readonly Builder[] = [
  (c) => [`更多${c.cat}的备考资料和练习题，可以在备考App的学习页面查看。`],
  (c) => [`以上内容仅供参考，考试相关安排请以${c.org}发布的正式通知为准。`],
  () => ['如果你在备考中遇到其他问题，欢迎通过App内的意见反馈告诉我们，我们会挑选有代表性的问题集中解答。'],
  () => ['备考是一场持久战，保持节奏比一时冲刺更重要。坚持到底，祝你考试顺利！'],
  (c) => [`关注${c.cat}频道，我们会持续更新考试动态和复习干货。`],
];
