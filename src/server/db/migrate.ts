import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './connect';
import * as m0001 from './migrations/0001_initial';
import * as m0002 from './migrations/0002_feedback';

/** Versioned migrations, applied in name order on every start; applied ones are skipped. */
const MIGRATIONS = { '0001_initial': m0001, '0002_feedback': m0002 } as const;

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
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
