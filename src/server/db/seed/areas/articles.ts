import type { Insertable, Transaction } from 'kysely';
import { ARTICLE_KIND, skillDbKind } from '../../../services/articles-kinds';
import type { Database } from '../../schema';
import type { AnswerQuestionTable, ContentArticleTable, FaqTable } from '../../tables/articles';
import { CET_FAQ } from '../articles/faq-cet';
import { DRIVING_FAQ } from '../articles/faq-driving';
import { GENERAL_FAQ } from '../articles/faq-general';
import { KAOYAN_FAQ } from '../articles/faq-kaoyan';
import { NCRE_FAQ } from '../articles/faq-ncre';
import { TEACHER_FAQ } from '../articles/faq-teacher';
import { FEEDBACK_HELP, GUIDES } from '../articles/guides';
import { ADVERTS, LEARNING_MATERIALS } from '../articles/misc';
import { QA_PART_A } from '../articles/qa-a';
import { QA_PART_B } from '../articles/qa-b';
import { NEMT_SCHOOL_NEWS, SCHOOL_NEWS } from '../articles/school-news';
import { KAO_GONG_SKILLS, PUB_MED_MATH_SKILLS } from '../articles/skills-other';
import { POLITICS_SKILLS } from '../articles/skills-politics';
import type { ArticleSeed, FaqSeed } from '../articles/types';
import { chunks } from '../batch';
import { intBetween, mulberry32, type Rng, shuffled } from '../prng';

type Trx = Transaction<Database>;
const SEED = 0x0a271c1e;
const HOUR = 3600;
const DAY = 86400;

/** Each genus's own FAQ, by genus name (see ../genera.ts). */
const FAQ_BY_GENUS: Record<string, readonly FaqSeed[]> = {
  英语四六级: CET_FAQ,
  计算机等级: NCRE_FAQ,
  考研: KAOYAN_FAQ,
  驾照: DRIVING_FAQ,
  教师资格证: TEACHER_FAQ,
};

async function faqRows(trx: Trx, rng: Rng, now: number): Promise<Array<Insertable<FaqTable>>> {
  const genera = await trx.selectFrom('genera').select(['id', 'name']).execute();
  const categories = await trx.selectFrom('categories').select(['id', 'genus_id', 'name']).execute();
  const row = (f: FaqSeed, sort: number, genusId: number | null, categoryId: number | null): Insertable<FaqTable> => ({
    genus_id: genusId,
    category_id: categoryId,
    type: f.type,
    question: f.q,
    answer: f.a,
    sort,
    view_count: intBetween(rng, 120, 9800),
    updated_at: now - intBetween(rng, 2, 200) * DAY,
  });
  const rows = GENERAL_FAQ.map((f, i) => row(f, i + 1, null, null));
  for (const g of genera) {
    for (const [i, f] of (FAQ_BY_GENUS[g.name] ?? []).entries()) {
      const category = f.category ? categories.find((c) => c.genus_id === g.id && c.name === f.category) : undefined;
      if (f.category && !category) throw new Error(`FAQ category ${f.category} is not a category of ${g.name}`);
      rows.push(row(f, i + 1, g.id, category?.id ?? null));
    }
  }
  return rows;
}

function qaRows(rng: Rng, now: number): Array<Insertable<AnswerQuestionTable>> {
  let t = now - 2 * HOUR;
  return shuffled(rng, [...QA_PART_A, ...QA_PART_B]).map((q) => {
    t -= intBetween(rng, 6 * HOUR, 40 * HOUR);
    return {
      title: q.title,
      tag: q.tag,
      question: q.question,
      answer: q.answer,
      asker: q.asker,
      answerer: q.answerer,
      answerer_title: q.answererTitle,
      view_count: intBetween(rng, 30, 5200),
      created_at: t,
      answered_at: t + intBetween(rng, HOUR, 20 * HOUR),
    };
  });
}

function articleRows(rng: Rng, now: number, kind: string, seeds: readonly ArticleSeed[], cover?: string): Array<Insertable<ContentArticleTable>> {
  let t = now - intBetween(rng, 1, 12) * HOUR;
  return seeds.map((a, i) => {
    t -= intBetween(rng, DAY, 9 * DAY);
    return {
      kind,
      slug: a.slug ?? null,
      title: a.title,
      summary: a.summary ?? '',
      cover: cover ? `/media/${cover}/${i + 1}.svg` : '',
      author: a.author ?? '',
      source: a.source ?? '',
      school: a.school ?? '',
      link: a.link ?? '',
      link_text: a.linkText ?? '',
      content: a.content,
      sort: i + 1,
      view_count: intBetween(rng, 80, 12000),
      published_at: t,
    };
  });
}

/** Seed content of the articles area; runs inside the one seed transaction. */
export async function seedArticles(trx: Trx, now: number): Promise<void> {
  const rng = mulberry32(SEED);
  for (const batch of chunks(await faqRows(trx, rng, now))) await trx.insertInto('faqs').values(batch).execute();
  for (const batch of chunks(qaRows(rng, now))) await trx.insertInto('answer_questions').values(batch).execute();
  const articles = [
    ...articleRows(rng, now, skillDbKind('politics'), POLITICS_SKILLS),
    ...articleRows(rng, now, skillDbKind('kao_gong'), KAO_GONG_SKILLS),
    ...articleRows(rng, now, skillDbKind('pub_med_math'), PUB_MED_MATH_SKILLS),
    ...articleRows(rng, now, ARTICLE_KIND.guide, GUIDES),
    ...articleRows(rng, now, ARTICLE_KIND.material, LEARNING_MATERIALS, 'material'),
    ...articleRows(rng, now, ARTICLE_KIND.advert, ADVERTS, 'advert'),
    ...articleRows(rng, now, ARTICLE_KIND.schoolNews, SCHOOL_NEWS),
    ...articleRows(rng, now, ARTICLE_KIND.nemtSchoolNews, NEMT_SCHOOL_NEWS),
    ...articleRows(rng, now, ARTICLE_KIND.feedbackHelp, FEEDBACK_HELP),
  ];
  for (const batch of chunks(articles)) await trx.insertInto('content_articles').values(batch).execute();
}
