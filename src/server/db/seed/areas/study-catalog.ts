/** Course and e-book catalogue of each category (content/demo/study/catalog/), so search and the study tabs have content. */
import type { Insertable } from 'kysely';
import type { StudyContent } from '../../../content/kinds/study';
import { fill } from '../../../content/template';
import type { Database } from '../../schema';
import { intBetween, pick, type Rng } from '../prng';
import type { StudyCtx } from './study-strategies';

export interface SubjectIds {
  genusId: number;
  categoryId: number;
}

/** The subject's courses, created within the 200 days before `now`. */
export function buildCourses(
  rng: Rng,
  study: StudyContent,
  c: StudyCtx,
  s: SubjectIds,
  now: number,
  firstCover: number,
): Array<Insertable<Database['courses']>> {
  const values = { ...c.values, teacher: pick(rng, c.genus.authors) };
  return study.courses.map((seed, i) => ({
    genus_id: s.genusId,
    category_id: s.categoryId,
    name: fill(seed.name, values),
    intro: fill(seed.intro, values),
    cover: `/media/course/${firstCover + i}.svg`,
    teacher: pick(rng, c.genus.authors),
    lesson_count: seed.lessons,
    member_count: intBetween(rng, 200, 20000),
    price: seed.price,
    is_free: seed.price === 0 ? 1 : 0,
    is_hot: seed.hot ? 1 : 0,
    is_recommend: seed.recommend ? 1 : 0,
    created_at: now - 3600 - i * 86400 * 20 - intBetween(rng, 0, 86400 * 10),
  }));
}

/** The subject's e-books, created within the 200 days before `now`. */
export function buildEbooks(
  rng: Rng,
  study: StudyContent,
  c: StudyCtx,
  s: SubjectIds,
  now: number,
  firstCover: number,
): Array<Insertable<Database['ebooks']>> {
  return study.ebooks.map((seed, i) => ({
    genus_id: s.genusId,
    category_id: s.categoryId,
    name: fill(seed.name, c.values),
    intro: fill(seed.intro, c.values),
    cover: `/media/ebook/${firstCover + i}.svg`,
    author: pick(rng, c.genus.authors),
    chapter_count: seed.chapters,
    price: seed.price,
    is_free: seed.price === 0 ? 1 : 0,
    created_at: now - 7200 - i * 86400 * 20 - intBetween(rng, 0, 86400 * 10),
  }));
}
