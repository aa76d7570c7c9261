/** Shapes of the hand-written content pools the article generator draws from. */

export type Kind =
  | 'signup'
  | 'syllabus'
  | 'experience'
  | 'analysis'
  | 'score'
  | 'template'
  | 'mistake'
  | 'plan'
  | 'rules';

/**
 * A title pattern. Placeholders: `{cat}` category name, `{short}` short name, `{year}` current year,
 * `{x}` one filler — from `fill` when given, otherwise from the category's `topics`.
 */
export interface TitlePattern {
  kind: Kind;
  t: string;
  fill?: readonly string[];
  /** Forces one of the kind's paragraph templates (index) when only that one fits the title. */
  variant?: number;
}

export interface CategoryPool {
  /** 题型 / 考点 / 章节, used as the focus of an article. */
  topics: readonly string[];
  /** Full advice sentences, each ending with 。 */
  tips: readonly string[];
  /** Typical mistakes, each a full sentence ending with 。 */
  mistakes: readonly string[];
  /** Study materials worth naming. */
  materials: readonly string[];
}

export interface GenusPool {
  /** Full exam name. */
  exam: string;
  /** Organizing body. */
  org: string;
  /** One clause on how often the exam is held. */
  schedule: string;
  /** One clause on how registration works. */
  signupWay: string;
  /** One clause on how and when scores are released. */
  scoreWay: string;
  /** How a category is referred to in article text when its bare name is ambiguous, e.g. `{cat}教资`. */
  catLabel?: string;
  /** What candidates must bring into the exam room. */
  examDayItems: readonly string[];
  authors: readonly string[];
  sources: readonly string[];
  titles: readonly TitlePattern[];
  categories: Readonly<Record<string, CategoryPool>>;
}
