import type { Insertable, Transaction } from 'kysely';
import { ARTICLE_KIND, skillDbKind } from '../../../areas/articles';
import { ARTICLE_FOLDERS, type ArticleContent, type ArticleFolder } from '../../../content/kinds/articles';
import type { FaqItem } from '../../../content/kinds/faq';
import type { DemoContent } from '../../../content/load';
import type { Database } from '../../schema';
import { chunks } from '../batch';
import { intBetween, mulberry32, type Rng, shuffled } from '../prng';

type Trx = Transaction<Database>;
const SEED = 0x0a271c1e;
const HOUR = 3600;
const DAY = 86400;

/** Where each folder of content/demo/articles/ is listed (in seeding order), and the covers it gets. */
const ARTICLE_KINDS: Record<ArticleFolder, { kind: string; cover?: string }> = {
  'skills-politics': { kind: skillDbKind('politics') },
  'skills-kao-gong': { kind: skillDbKind('kao_gong') },
  'skills-pub-med-math': { kind: skillDbKind('pub_med_math') },
  guides: { kind: ARTICLE_KIND.guide },
  materials: { kind: ARTICLE_KIND.material, cover: 'material' },
  adverts: { kind: ARTICLE_KIND.advert, cover: 'advert' },
  'school-news': { kind: ARTICLE_KIND.schoolNews },
  'nemt-school-news': { kind: ARTICLE_KIND.nemtSchoolNews },
  'feedback-help': { kind: ARTICLE_KIND.feedbackHelp },
  // Announcements (公告) the home notices open, shown on the advert page (/adverts/detail?id=…); found by slug.
  notices: { kind: ARTICLE_KIND.advert },
};

async function faqRows(trx: Trx, content: DemoContent, rng: Rng, now: number): Promise<Array<Insertable<Database['faqs']>>> {
  const genera = await trx.selectFrom('genera').select(['id', 'name']).execute();
  const categories = await trx.selectFrom('categories').select(['id', 'genus_id', 'name']).execute();
  const row = (f: FaqItem, sort: number, genusId: number | null, categoryId: number | null): Insertable<Database['faqs']> => ({
    genus_id: genusId,
    category_id: categoryId,
    type: f.type,
    question: f.question,
    answer: f.answer,
    sort,
    view_count: intBetween(rng, 120, 9800),
    updated_at: now - intBetween(rng, 2, 200) * DAY,
  });
  const rows = content.faq.shared.map((f, i) => row(f, i + 1, null, null));
  for (const g of genera) {
    for (const [i, f] of (content.faq.byGenus.get(g.name) ?? []).entries()) {
      const category = f.category ? categories.find((c) => c.genus_id === g.id && c.name === f.category) : undefined;
      if (f.category && !category) throw new Error(`FAQ category ${f.category} is not a category of ${g.name}`);
      rows.push(row(f, i + 1, g.id, category?.id ?? null));
    }
  }
  return rows;
}

function qaRows(content: DemoContent, rng: Rng, now: number): Array<Insertable<Database['answer_questions']>> {
  let t = now - 2 * HOUR;
  return shuffled(rng, content.qa).map((q) => {
    t -= intBetween(rng, 6 * HOUR, 40 * HOUR);
    return {
      title: q.title,
      tag: q.tag,
      question: q.question,
      answer: q.body,
      asker: q.asker,
      answerer: q.answerer,
      answerer_title: q.answererTitle,
      view_count: intBetween(rng, 30, 5200),
      created_at: t,
      answered_at: t + intBetween(rng, HOUR, 20 * HOUR),
    };
  });
}

function articleRows(
  rng: Rng,
  now: number,
  kind: string,
  seeds: readonly ArticleContent[],
  cover?: string,
): Array<Insertable<Database['content_articles']>> {
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
      content: a.body,
      sort: i + 1,
      view_count: intBetween(rng, 80, 12000),
      published_at: t,
    };
  });
}

/** Seed content of the articles area; runs inside the one seed transaction. */
export async function seedArticles(trx: Trx, content: DemoContent, now: number): Promise<void> {
  const rng = mulberry32(SEED);
  for (const batch of chunks(await faqRows(trx, content, rng, now))) await trx.insertInto('faqs').values(batch).execute();
  for (const batch of chunks(qaRows(content, rng, now))) await trx.insertInto('answer_questions').values(batch).execute();
  const articles = ARTICLE_FOLDERS.flatMap((folder) => {
    const { kind, cover } = ARTICLE_KINDS[folder];
    return articleRows(rng, now, kind, content.articles[folder], cover);
  });
  for (const batch of chunks(articles)) await trx.insertInto('content_articles').values(batch).execute();
}
