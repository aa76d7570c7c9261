/** Demo content (content/demo/): news, notices, banners, hot words and the study, articles and user-center areas. */
import { type Insertable, sql, type Transaction } from 'kysely';
import { ARTICLE_KIND } from '../../areas/articles';
import type { DemoContent } from '../../content/load';
import type { Database } from '../schema';
import { seedArticles } from './areas/articles';
import { seedBinding } from './areas/binding';
import { seedCircle } from './areas/circle';
import { seedDemoAccounts } from './areas/demo-accounts';
import { seedEbooks } from './areas/ebook-seed';
import { seedMall } from './areas/mall-seed';
import { seedQuestions } from './areas/question-seed';
import { seedStudy } from './areas/study';
import { seedUserCenter } from './areas/user-center-seed';
import { type BannerTargets, buildBanners, type SubjectRef } from './banners';
import { chunks } from './batch';
import { insertHotWords } from './hot-words';
import { generateArticles } from './news-content';
import { buildNotices, type NewsRef } from './notices';
import { hashString, mulberry32 } from './prng';

type Trx = Transaction<Database>;

/** Fixed base seed: reseeding an empty database always produces the same content. */
const BASE_SEED = 0x0be1ca0;
/** Articles per category: 28–32 (at least 26 so every category has three pages of ten). */
const articleCount = (categoryName: string) => 28 + (hashString(categoryName) % 5);

/** Inserts every category's articles; returns references ordered by publication time (oldest first). */
async function insertNews(trx: Trx, content: DemoContent, subjects: readonly SubjectRef[], now: number): Promise<NewsRef[]> {
  const rows: Array<Insertable<Database['news']>> = [];
  for (const s of subjects) {
    const articles = generateArticles({
      genusName: s.genusName,
      categoryName: s.category.name,
      count: articleCount(s.category.name),
      seed: BASE_SEED,
      now,
      content: content.news,
    });
    for (const a of articles) {
      rows.push({ ...a, genus_id: s.genusId, category_id: s.categoryId, cover: `/media/news/${rows.length + 1}.svg` });
    }
  }
  const publishedAt = new Map<string, number>();
  for (const r of rows) publishedAt.set(`${r.category_id}|${r.title}`, r.published_at);
  const refs: NewsRef[] = [];
  for (const batch of chunks(rows)) {
    const inserted = await trx.insertInto('news').values(batch).returning(['id', 'genus_id', 'category_id', 'title']).execute();
    refs.push(...inserted);
  }
  const time = (n: NewsRef) => publishedAt.get(`${n.category_id}|${n.title}`) ?? 0;
  return refs.sort((a, b) => time(a) - time(b) || a.id - b.id);
}

async function insertBanners(trx: Trx, content: DemoContent, subjects: readonly SubjectRef[], news: readonly NewsRef[]): Promise<void> {
  const targets: BannerTargets = {
    news,
    courses: await trx.selectFrom('courses').select(['id', 'category_id', 'name']).orderBy('id').execute(),
    banks: await trx.selectFrom('question_banks').select(['id', 'category_id', 'parent_id', 'name']).orderBy('id').execute(),
    goods: await trx.selectFrom('goods').select(['id', 'category_id', 'name']).where('on_sale', '=', 1).orderBy('id').execute(),
  };
  for (const batch of chunks(buildBanners(content.banners, subjects, targets))) await trx.insertInto('banners').values(batch).execute();
  // The media route renders /media/banner/<id>.svg, so the image path depends on the generated id; so does the link
  // of a banner that opens its own detail page.
  await trx
    .updateTable('banners')
    .set({ image: sql<string>`${'/media/banner/'} || cast(id as varchar(20)) || ${'.svg'}` })
    .execute();
  await trx
    .updateTable('banners')
    .set({ link: sql<string>`${'/banner/detail/'} || cast(id as varchar(20))` })
    .where('link', '=', '')
    .execute();
}

/** Notices, after the articles: an announcement's article takes the notice's title and date. */
async function insertNotices(
  trx: Trx,
  content: DemoContent,
  genera: ReadonlyArray<{ id: number; name: string }>,
  news: readonly NewsRef[],
  now: number,
): Promise<void> {
  const announcements = await trx
    .selectFrom('content_articles')
    .select(['id', 'slug'])
    .where('kind', '=', ARTICLE_KIND.advert)
    .where('slug', 'is not', null)
    .execute();
  const bySlug = new Map(announcements.flatMap((a) => (a.slug ? [[a.slug, a.id] as const] : [])));
  const notices = buildNotices(content.notices, mulberry32(BASE_SEED + 1), now, genera, news, bySlug);
  for (const batch of chunks(notices.map((n) => n.row))) await trx.insertInto('notices').values(batch).execute();
  for (const n of notices) {
    if (n.articleId === undefined) continue;
    await trx
      .updateTable('content_articles')
      .set({ title: n.row.title, published_at: n.row.created_at })
      .where('id', '=', n.articleId)
      .execute();
  }
}

/** Seeds the demo content; runs inside the one seed transaction, after the reference data. */
export async function seedDemo(trx: Trx, content: DemoContent, subjects: readonly SubjectRef[], now: number): Promise<void> {
  const news = await insertNews(trx, content, subjects, now);
  const genera = [...new Map(subjects.map((s) => [s.genusId, { id: s.genusId, name: s.genusName }])).values()];
  await insertHotWords(trx, content.hotWords, genera, BASE_SEED + 2);
  await seedStudy(trx, content, now);
  await seedEbooks(trx, content, now);
  await seedQuestions(trx, content, now);
  await seedArticles(trx, content, now);
  await insertNotices(trx, content, genera, news, now);
  await seedBinding(trx, now);
  await seedUserCenter(trx, content, now);
  await seedDemoAccounts(trx, content, now);
  await seedMall(trx, content, now);
  await seedCircle(trx, content.circle, now);
  // Last: banners lead to courses, question banks and goods, so those must be there.
  await insertBanners(trx, content, subjects, news);
}
