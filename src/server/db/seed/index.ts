/**
 * Database seed, once per database (guarded by the `seeded_at` meta row), inside a single transaction, on SQLite and
 * PostgreSQL. Reference data (subjects, districts, legal documents) always; demo content (content/demo/) when asked.
 * Every content file is read and validated before anything is written.
 */

import { DEFAULT_CONTENT_DIR, loadContent } from '../../content/load';
import type { Db } from '../connect';
import { refreshPlannerStatistics } from '../planner-statistics';
import { seedDemo } from './demo';
import { insertDistrictsAndDocuments, insertSubjects } from './reference';

export { type GeneratedArticle, type GenerateOptions, generateArticles } from './news-content';

const SEEDED_KEY = 'seeded_at';

export interface SeedOptions {
  /** Seed the demo content too (default true; the server passes SEED_DEMO). */
  demo?: boolean;
  /** The content folder (default content/ of the working directory). */
  contentDir?: string;
}

async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.kysely.selectFrom('meta').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst();
  return row !== undefined;
}

/**
 * Seeds an empty database. Returns false (writing nothing) when `meta.seeded_at` already exists: later starts leave
 * the database alone, whatever the content folder or SEED_DEMO say. `now` is unix seconds; all generated times are
 * relative to it.
 */
export async function seedIfEmpty(db: Db, now: number, opts: SeedOptions = {}): Promise<boolean> {
  if (await isSeeded(db)) return false;
  const content = loadContent(opts.contentDir ?? DEFAULT_CONTENT_DIR, { demo: opts.demo ?? true });
  try {
    await db.kysely.transaction().execute(async (trx) => {
      // Written first so that a concurrent seeder blocks on / conflicts with this key instead of duplicating data.
      await trx
        .insertInto('meta')
        .values({ key: SEEDED_KEY, value: String(now) })
        .execute();
      const subjects = await insertSubjects(trx, content.reference);
      await insertDistrictsAndDocuments(trx, content.reference, now);
      if (content.demo) await seedDemo(trx, content.demo, subjects, now);
    });
  } catch (err) {
    // Lost a race with another process seeding the same database: its data is there, ours was rolled back.
    if (await isSeeded(db)) return false;
    throw err;
  }
  await refreshPlannerStatistics(db);
  return true;
}
