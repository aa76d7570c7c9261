/** Shapes of the articles area's hand-written seed content. Bodies are Markdown. */

/** One FAQ entry; `category` limits it to one category of its genus (by name). */
export interface FaqSeed {
  type: 1 | 2 | 3;
  q: string;
  a: string;
  category?: string;
}

/** Builds an FAQ entry: type 1 报考政策, 2 备考学习, 3 使用帮助. */
export function faq(type: 1 | 2 | 3, q: string, a: string, category?: string): FaqSeed {
  return category ? { type, q, a, category } : { type, q, a };
}

export interface QaSeed {
  title: string;
  tag: string;
  asker: string;
  question: string;
  answerer: string;
  answererTitle: string;
  answer: string;
}

export interface ArticleSeed {
  title: string;
  summary?: string;
  author?: string;
  source?: string;
  school?: string;
  link?: string;
  linkText?: string;
  slug?: string;
  content: string;
}

/** Joins paragraphs and list blocks into one Markdown text. */
export function md(...parts: string[]): string {
  return parts.join('\n\n');
}
