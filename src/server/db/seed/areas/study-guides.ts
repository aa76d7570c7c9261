/** Sign-up info, syllabus and going-list items per category; columns per genus (content/demo/study/). */
import type { Insertable } from 'kysely';
import type { ColumnContent, StudyContent } from '../../../content/kinds/study';
import { fill } from '../../../content/template';
import type { Database } from '../../schema';
import { intBetween, type Rng } from '../prng';
import type { SubjectIds } from './study-catalog';
import type { StudyCtx } from './study-strategies';

const DAY = 86400;

/** The outline's numbered list: each topic in bold with its point phrase. */
function topicPoints(study: StudyContent, c: StudyCtx): string {
  const phrases = study.pointPhrases;
  return c.topics.map((t, i) => `${i + 1}. **${t}**：${fill(phrases[i % phrases.length] ?? '', { topic: t })}`).join('\n');
}

export function buildGuides(
  study: StudyContent,
  c: StudyCtx,
  genusName: string,
  s: SubjectIds,
  now: number,
): Array<Insertable<Database['exam_guides']>> {
  const outlineValues = { ...c.values, topicPoints: topicPoints(study, c) };
  const base = { genus_id: s.genusId, category_id: s.categoryId, updated_at: now - 2 * DAY };
  return [
    {
      ...base,
      kind: 'signup',
      title: fill(study.signupGuide.title, c.values),
      content: fill(study.signupGuide.body, c.values),
      link: study.signupSites[genusName] ?? '',
    },
    {
      ...base,
      kind: 'outline',
      title: fill(study.outlineGuide.title, outlineValues),
      content: fill(study.outlineGuide.body, outlineValues),
      link: '',
    },
  ];
}

/**
 * Going-list items: three in progress at `now` (two plans and the current registration window), one already
 * ended and one not yet started (so the list's time filter has something to leave out).
 */
export function buildGoing(
  rng: Rng,
  study: StudyContent,
  c: StudyCtx,
  s: SubjectIds,
  now: number,
): Array<Insertable<Database['going_items']>> {
  const jitter = () => intBetween(rng, 0, DAY);
  const item = (
    kind: 'exam' | 'plan',
    text: { title: string; description: string; link: string },
    startDays: number,
    lengthDays: number,
  ) => {
    const start = now + startDays * DAY - jitter();
    return {
      genus_id: s.genusId,
      category_id: s.categoryId,
      kind,
      title: fill(text.title, c.values),
      description: fill(text.description, c.values),
      link: text.link,
      start_at: start,
      end_at: start + lengthDays * DAY,
    };
  };
  const g = study.going;
  const sprintDone = intBetween(rng, 3, 25);
  const hundredDone = intBetween(rng, 10, 80);
  return [
    item('plan', g.sprint, -sprintDone, 30),
    item('plan', g.hundredDays, -hundredDone, 100),
    item('exam', g.registration, -intBetween(rng, 2, 9), 21),
    item('plan', g.ended, -90, 40),
    item('plan', g.upcoming, 20, 45),
  ];
}

export function columnsFor(study: StudyContent, genusName: string): readonly ColumnContent[] {
  return study.columns.byGenus[genusName] ?? study.columns.fallback;
}
