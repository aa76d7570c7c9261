/**
 * Database seed: subjects, news, notices, banners, hot words, districts and legal documents.
 * Runs once per database (guarded by the `seeded_at` meta row), inside a single transaction, on SQLite and PostgreSQL.
 */
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Db } from '../connect';
import type { Database, NewsTable } from '../schema';
import { buildBanners, type SubjectRef } from './banners';
import { chunks } from './batch';
import { buildDocuments } from './documents';
import { GENERA, genusIcon } from './genera';
import { GENUS_HOT_WORDS, GLOBAL_HOT_WORDS, hotValues } from './hot-words';
import { loadDistricts } from './districts';
import { generateArticles } from './news-content';
import { buildNotices, type NewsRef } from './notices';
import { seedArticles } from './areas/articles';
import { seedBinding } from './areas/binding';
import { seedStudy } from './areas/study';
import { seedUserCenter } from './areas/user-center';
import { hashString, mulberry32 } from './prng';

export { type GeneratedArticle, type GenerateOptions, generateArticles } from './news-content';

const SEEDED_KEY = 'seeded_at';
/** Fixed base seed: reseeding an empty database always produces the same content. */
const BASE_SEED = 0x0be1ca0;
/** Articles per category: 28–32 (at least 26 so every category has three pages of ten). */
const articleCount = (categoryName: string) => 28 + (hashString(categoryName) % 5);

type Trx = Transaction<Database>;

async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.kysely.selectFrom('meta').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst();
  return row !== undefined;
}

async function insertSubjects(trx: Trx): Promise<SubjectRef[]> {
  const subjects: SubjectRef[] = [];
  for (const [gi, g] of GENERA.entries()) {
    const genus = await trx
      .insertInto('genera')
      .values({ name: g.name, icon: genusIcon(gi), description: g.description, sort: gi + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cats = await trx
      .insertInto('categories')
      .values(g.categories.map((c, ci) => ({ genus_id: genus.id, name: c.name, sort: ci + 1 })))
      .returning(['id', 'name'])
      .execute();
    for (const c of g.categories) {
      const row = cats.find((r) => r.name === c.name);
      if (!row) throw new Error(`category ${c.name} was not inserted`);
      subjects.push({ genusId: genus.id, genusName: g.name, categoryId: row.id, category: c });
    }
  }
  return subjects;
}

/** Inserts every category's articles; returns references ordered by publication time (oldest first). */
async function insertNews(trx: Trx, subjects: readonly SubjectRef[], now: number): Promise<NewsRef[]> {
  const rows: Array<Insertable<NewsTable>> = [];
  for (const s of subjects) {
    const articles = generateArticles({
      genusName: s.genusName,
      categoryName: s.category.name,
      count: articleCount(s.category.name),
      seed: BASE_SEED,
      now,
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

async function insertBanners(trx: Trx, subjects: readonly SubjectRef[], news: readonly NewsRef[]): Promise<void> {
  for (const batch of chunks(buildBanners(subjects, news))) await trx.insertInto('banners').values(batch).execute();
  // The media route renders /media/banner/<id>.svg, so the image path depends on the generated id.
  await trx
    .updateTable('banners')
    .set({ image: sql<string>`${'/media/banner/'} || cast(id as varchar(20)) || ${'.svg'}` })
    .execute();
}

async function insertHotWords(trx: Trx, subjects: readonly SubjectRef[], seed: number): Promise<void> {
  const rng = mulberry32(seed);
  const rows: Array<{ genus_id: number | null; category_id: null; word: string; hot: number }> = [];
  const globalHot = hotValues(rng, GLOBAL_HOT_WORDS.length, 98000);
  for (const [i, word] of GLOBAL_HOT_WORDS.entries()) {
    rows.push({ genus_id: null, category_id: null, word, hot: globalHot[i] ?? 0 });
  }
  const genera = new Map(subjects.map((s) => [s.genusId, s.genusName]));
  for (const [genusId, name] of genera) {
    const words = GENUS_HOT_WORDS[name] ?? [];
    const hot = hotValues(rng, words.length, 30000 + Math.floor(rng() * 20000));
    for (const [i, word] of words.entries()) rows.push({ genus_id: genusId, category_id: null, word, hot: hot[i] ?? 0 });
  }
  for (const batch of chunks(rows)) await trx.insertInto('hot_words').values(batch).execute();
}

/**
 * Seeds an empty database. Returns false (writing nothing) when `meta.seeded_at` already exists.
 * `now` is unix seconds; all generated times are relative to it.
 */
export async function seedIfEmpty(db: Db, now: number): Promise<boolean> {
  if (await isSeeded(db)) return false;
  try {
    await db.kysely.transaction().execute(async (trx) => {
      // Written first so that a concurrent seeder blocks on / conflicts with this key instead of duplicating data.
      await trx.insertInto('meta').values({ key: SEEDED_KEY, value: String(now) }).execute();
      const subjects = await insertSubjects(trx);
      const news = await insertNews(trx, subjects, now);
      const genera = [...new Map(subjects.map((s) => [s.genusId, { id: s.genusId, name: s.genusName }])).values()];
      const notices = buildNotices(mulberry32(BASE_SEED + 1), now, genera, news);
      for (const batch of chunks(notices)) await trx.insertInto('notices').values(batch).execute();
      await insertBanners(trx, subjects, news);
      await insertHotWords(trx, subjects, BASE_SEED + 2);
      for (const batch of chunks(loadDistricts())) await trx.insertInto('districts').values(batch).execute();
      await trx.insertInto('documents').values(buildDocuments(now)).execute();
      await seedStudy(trx, now);
      await seedArticles(trx, now);
      await seedBinding(trx, now);
      await seedUserCenter(trx, now);
    });
  } catch (err) {
    // Lost a race with another process seeding the same database: its data is there, ours was rolled back.
    if (await isSeeded(db)) return false;
    throw err;
  }
  return true;
}
