import { SKILL_KINDS } from '../../../contract/articles';

/** Kinds of article (`content_articles.kind`). Skill articles are `skill_<contract kind>`. */
export const ARTICLE_KIND = {
  guide: 'guide',
  material: 'learning_material',
  advert: 'advert',
  schoolNews: 'school_news',
  nemtSchoolNews: 'nemt_school_news',
  feedbackHelp: 'feedback_help',
} as const;

export type SkillKind = (typeof SKILL_KINDS)[number];

export const skillDbKind = (kind: SkillKind): string => `skill_${kind}`;
export const SKILL_DB_KINDS: readonly string[] = SKILL_KINDS.map(skillDbKind);

/** The contract kind of a stored skill article (`skill_politics` → `politics`). */
export function skillKindOf(dbKind: string): SkillKind {
  const kind = SKILL_KINDS.find((k) => skillDbKind(k) === dbKind);
  if (!kind) throw new Error(`not a skill article kind: ${dbKind}`);
  return kind;
}

/** Display names of the FAQ types. */
export const FAQ_TYPE_NAMES: Record<number, string> = { 1: '报考政策', 2: '备考学习', 3: '使用帮助' };
