import { buildApp } from './app';
import type { ServerConfig } from './config';
import { connect, type Db } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed/index';

export interface Started {
  url: string;
  db: Db;
  /** Re-reads pages-config/ (also bound to SIGHUP by main). */
  reloadPages(): string[];
  close(): Promise<void>;
}

/**
 * Opens the database (migrating and seeding it on first start: reference data always, demo content when
 * config.seedDemo), builds the app and listens.
 */
export async function startServer(config: ServerConfig, opts: { pgSchema?: string; clock?: () => number } = {}): Promise<Started> {
  const db = connect({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, pgSchema: opts.pgSchema });
  const clock = opts.clock ?? (() => Math.floor(Date.now() / 1000));
  await migrateToLatest(db);
  await seedIfEmpty(db, clock(), { demo: config.seedDemo });
  const { app, services } = await buildApp(config, db, clock);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  return {
    url,
    db,
    reloadPages: () => services.pages.reload('signal'),
    async close() {
      await app.close();
      await db.close();
    },
  };
}
