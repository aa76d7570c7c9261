import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './connect';
import * as m0001 from './migrations/0001_initial';
import * as m0002 from './migrations/0002_feedback';
import * as m0003 from './migrations/0003_study';
import * as m0004 from './migrations/0004_articles';
import * as m0005 from './migrations/0005_binding';
import * as m0006 from './migrations/0006_user_center';
import * as m0007 from './migrations/0007_cache_versions';
import * as m0008 from './migrations/0008_courses';
import * as m0009 from './migrations/0009_circle';
import * as m0010 from './migrations/0010_ebooks';
import * as m0011 from './migrations/0011_questions';
import * as m0012 from './migrations/0012_question_practice';
import * as m0013 from './migrations/0013_mall_orders';
import * as m0014 from './migrations/0014_payments';
import * as m0015 from './migrations/0015_order_payments';
import * as m0018 from './migrations/0018_wechat_credentials';
import * as m0019 from './migrations/0019_shipments';
import * as m0020 from './migrations/0020_refunds';
import * as m0021 from './migrations/0021_payment_jobs';
import * as m0022 from './migrations/0022_sms_limits';
import * as m0023 from './migrations/0023_content_deliveries';
import * as m0024 from './migrations/0024_activities';
import * as m0025 from './migrations/0025_oauth_attribution';
import * as m0026 from './migrations/0026_order_gifts_study_days';
import * as m0027 from './migrations/0027_account_deletions';
import * as m0028 from './migrations/0028_deleted_mobile_fingerprints';
import * as m0029 from './migrations/0029_feedback_by_user';

/** Versioned migrations, applied in name order on every start; applied ones are skipped. */
const MIGRATIONS = {
  '0001_initial': m0001,
  '0002_feedback': m0002,
  '0003_study': m0003,
  '0004_articles': m0004,
  '0005_binding': m0005,
  '0006_user_center': m0006,
  '0007_cache_versions': m0007,
  '0008_courses': m0008,
  '0009_circle': m0009,
  '0010_ebooks': m0010,
  '0011_questions': m0011,
  '0012_question_practice': m0012,
  '0013_mall_orders': m0013,
  '0014_payments': m0014,
  '0015_order_payments': m0015,
  '0018_wechat_credentials': m0018,
  '0019_shipments': m0019,
  '0020_refunds': m0020,
  '0021_payment_jobs': m0021,
  '0022_sms_limits': m0022,
  '0023_content_deliveries': m0023,
  '0024_activities': m0024,
  '0025_oauth_attribution': m0025,
  '0026_order_gifts_study_days': m0026,
  '0027_account_deletions': m0027,
  '0028_deleted_mobile_fingerprints': m0028,
  '0029_feedback_by_user': m0029,
} as const;

export async function migrateToLatest(db: Db): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, mod] of Object.entries(MIGRATIONS)) {
        out[name] = { up: (k) => mod.up(k, db.dialect) };
      }
      return out;
    },
  };
  // Kysely looks for its own tables in every schema unless told which one: pin it to ours, or a database holding
  // several schemas (parallel test runs, the search benchmark) makes it skip creating them and then fail.
  const schema =
    db.dialect === 'postgres' ? (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db.kysely)).rows[0]?.s : undefined;
  const migrator = new Migrator({ db: db.kysely, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
