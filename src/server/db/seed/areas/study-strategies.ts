/** 备考攻略: the Markdown templates of content/demo/study/strategies/, filled from the subject's content pools. */
import type { CategoryPool, GenusPool } from '../../../content/kinds/news';
import type { StrategyContent } from '../../../content/kinds/study';
import { fill, type TemplateValues } from '../../../content/template';
import { type Rng, sample, shuffled } from '../prng';

/** What the study templates of one category are filled with (see STUDY_VOCABULARY). */
export interface StudyCtx {
  genus: GenusPool;
  /** Shuffled topics, a sample of tips and mistakes, shuffled materials. */
  topics: string[];
  tips: string[];
  materials: string[];
  values: TemplateValues;
}

export function studyCtx(
  rng: Rng,
  genusName: string,
  categoryName: string,
  genus: GenusPool,
  category: CategoryPool,
  year: number,
): StudyCtx {
  const topics = shuffled(rng, category.topics);
  const tips = sample(rng, category.tips, 6);
  const mistakes = sample(rng, category.mistakes, 4);
  const materials = shuffled(rng, category.materials);
  return {
    genus,
    topics,
    tips,
    materials,
    values: {
      /** How the category is named in text, e.g. 英语四级, 小学教资. */
      label: genus.catLabel ? genus.catLabel.replaceAll('{cat}', categoryName) : categoryName,
      /** 真题 for most exams, 题库 for the driving test. */
      practice: genusName === '驾照' ? '题库' : '真题',
      year,
      exam: genus.exam,
      org: genus.org,
      schedule: genus.schedule,
      signupWay: genus.signupWay,
      scoreWay: genus.scoreWay,
      examDayItems: genus.examDayItems,
      topics,
      tips,
      mistakes,
      materials,
    },
  };
}

/** A strategy's title and its Markdown blocks (separated by blank lines in the template). */
export function renderStrategy(template: StrategyContent, c: StudyCtx): { title: string; blocks: string[] } {
  return { title: fill(template.title, c.values), blocks: template.body.split('\n\n').map((b) => fill(b, c.values)) };
}
