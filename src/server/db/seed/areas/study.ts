import type { Insertable, Transaction } from 'kysely';
import type { StrategyContent, StudyContent } from '../../../content/kinds/study';
import type { DemoContent } from '../../../content/load';
import type { Database } from '../../schema';
import { chunks } from '../batch';
import { poolsFor } from '../pools';
import { hashString, intBetween, mulberry32, pick, type Rng, shuffled } from '../prng';
import { termsAt } from '../terms';
import { insertCourses } from './course-seed';
import { buildCourses, type PlannedCourse } from './study-catalog';
import { buildGoing, buildGuides, columnsFor } from './study-guides';
import { renderStrategy, type StudyCtx, studyCtx } from './study-strategies';

const STUDY_SEED = 0x57d7;
const DAY = 86400;
/** Strategies are published within the 90 days before `now`. */
const STRATEGY_SPAN = 90 * DAY;
const COLUMN_MAX_ARTICLES = 12;

type Trx = Transaction<Database>;

interface Subject {
  genusId: number;
  genusName: string;
  categoryId: number;
  categoryName: string;
}

/** The first sentence of the opening paragraph, at most 60 characters. */
function summaryOf(paragraph: string): string {
  const first = paragraph.replace(/\*\*/g, '').match(/[^。！？]+[。！？]?/)?.[0] ?? paragraph;
  return first.length > 60 ? `${first.slice(0, 59)}…` : first;
}

function buildStrategies(
  rng: Rng,
  templates: readonly StrategyContent[],
  c: StudyCtx,
  s: Subject,
  now: number,
  firstCover: number,
): Array<Insertable<Database['strategies']>> {
  const slots = shuffled(
    rng,
    templates.map((_, i) => i),
  );
  const step = Math.floor(STRATEGY_SPAN / templates.length);
  return templates.map((t, i) => {
    const { title, blocks } = renderStrategy(t, c);
    return {
      genus_id: s.genusId,
      category_id: s.categoryId,
      title,
      summary: summaryOf(blocks[0] ?? ''),
      cover: `/media/strategy/${firstCover + i}.svg`,
      content: blocks.join('\n\n'),
      author: pick(rng, c.genus.authors),
      view_count: intBetween(rng, 120, 6000),
      // The complete route map is pinned to the top of each subject's list.
      is_top: i === 0 ? 1 : 0,
      published_at: now - 1200 - (slots[i] ?? i) * step - intBetween(rng, 0, step - 1),
    };
  });
}

async function insertAll<T extends keyof Database>(trx: Trx, table: T, rows: ReadonlyArray<Insertable<Database[T]>>): Promise<void> {
  for (const batch of chunks(rows))
    await trx
      .insertInto(table)
      .values(batch as never)
      .execute();
}

/** Two or three columns per genus, each collecting the newest matching news and strategies of the genus. */
async function seedColumns(trx: Trx, study: StudyContent, subjects: readonly Subject[], now: number): Promise<void> {
  const genera = [...new Map(subjects.map((s) => [s.genusId, s.genusName])).entries()];
  let cover = 1;
  for (const [genusId, genusName] of genera) {
    const news = await trx.selectFrom('news').select(['id', 'title', 'published_at']).where('genus_id', '=', genusId).execute();
    const strategies = await trx.selectFrom('strategies').select(['id', 'title', 'published_at']).where('genus_id', '=', genusId).execute();
    const pool = [
      ...news.map((n) => ({ kind: 'news' as const, ...n })),
      ...strategies.map((n) => ({ kind: 'strategy' as const, ...n })),
    ].sort((a, b) => b.published_at - a.published_at || a.id - b.id);
    for (const [i, col] of columnsFor(study, genusName).entries()) {
      const inserted = await trx
        .insertInto('study_columns')
        .values({
          genus_id: genusId,
          title: col.title,
          intro: col.intro,
          cover: `/media/column/${cover++}.svg`,
          sort: i + 1,
          created_at: now - (30 + i) * DAY,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let picked = pool.filter((a) => col.keywords.some((k) => a.title.includes(k))).slice(0, COLUMN_MAX_ARTICLES);
      if (picked.length < 4) picked = [...picked, ...pool.filter((a) => a.kind === 'strategy' && !picked.includes(a))].slice(0, 6);
      await insertAll(
        trx,
        'column_articles',
        picked.map((a, sort) => ({ column_id: inserted.id, kind: a.kind, ref_id: a.id, sort: sort + 1 })),
      );
    }
  }
}

/** Seed content of the study area; runs inside the one seed transaction, after subjects and news. */
export async function seedStudy(trx: Trx, content: DemoContent, now: number): Promise<void> {
  const study = content.study;
  const subjects: Subject[] = await trx
    .selectFrom('categories as c')
    .innerJoin('genera as g', 'g.id', 'c.genus_id')
    .select(['g.id as genusId', 'g.name as genusName', 'c.id as categoryId', 'c.name as categoryName'])
    .orderBy('g.sort')
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
  const { year } = termsAt(now);
  const strategies: Array<Insertable<Database['strategies']>> = [];
  const courses: PlannedCourse[] = [];
  const guides: Array<Insertable<Database['exam_guides']>> = [];
  const going: Array<Insertable<Database['going_items']>> = [];
  for (const s of subjects) {
    const { genus, category } = poolsFor(content.news, s.genusName, s.categoryName);
    const rng = mulberry32((STUDY_SEED ^ hashString(`${s.genusName}/${s.categoryName}`)) >>> 0);
    const ctx = studyCtx(rng, s.genusName, s.categoryName, genus, category, year);
    strategies.push(...buildStrategies(rng, study.strategies, ctx, s, now, strategies.length + 1));
    courses.push(...buildCourses(rng, study, ctx, s, now, courses.length + 1));
    guides.push(...buildGuides(study, ctx, s.genusName, s, now));
    going.push(...buildGoing(rng, study, ctx, s, now));
  }
  await insertAll(trx, 'strategies', strategies);
  await insertCourses(trx, courses);
  await insertAll(trx, 'exam_guides', guides);
  await insertAll(trx, 'going_items', going);
  await seedColumns(trx, study, subjects, now);
}
