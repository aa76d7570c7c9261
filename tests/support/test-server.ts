import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import { SMS_LIMITS_OFF } from '../../src/server/config-sms-limits';
import { connect } from '../../src/server/db/connect';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedIfEmpty } from '../../src/server/db/seed/index';
import type { Services } from '../../src/server/http/context';

export type DbKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function databases(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestServer {
  url: string;
  services: Services;
  /** Moves the server's clock (seconds). */
  advance(seconds: number): void;
  /**
   * Stops the server's clock where it is (only `advance` moves it) until `thaw`: for tests that compare times to the
   * second, which a real second passing between two calls would otherwise change.
   */
  freeze(): void;
  thaw(): void;
  /** Another app server on the same database (its own connections, the same clock), as a second instance in production. */
  second(): Promise<{ url: string; services: Services; close(): Promise<void> }>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  clientDir?: string;
  config?: Partial<ServerConfig>;
}

/** A real server on a random loopback port with a fresh, migrated and seeded database. */
export async function startTestServer(kind: DbKind, opts: TestServerOptions = {}): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-test-'));
  let schema: string | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (kind === 'postgres') {
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
  }
  const config = loadConfig(
    // PUBLIC_ORIGINS: the made-up site the OAuth tests come back to (the test server's own loopback origin is allowed too).
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_ORIGINS: 'https://m.example.com' },
    {
      dataDir: dir,
      sqlitePath: path.join(dir, 'beikao.sqlite'),
      databaseUrl: kind === 'postgres' ? adminUrl : undefined,
      jwtSecret: crypto.randomBytes(32).toString('hex'),
      clientDir: opts.clientDir,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      // Tests send many codes from loopback; the ones about these limits turn them on.
      smsLimits: SMS_LIMITS_OFF,
      ...opts.config,
    },
  );
  let offset = 0;
  let frozenAt: number | null = null;
  const clock = () => (frozenAt ?? Math.floor(Date.now() / 1000)) + offset;
  const db = connect({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, pgSchema: schema });
  await migrateToLatest(db);
  await seedIfEmpty(db, clock());
  const { app, services } = await buildApp(config, db, clock);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    services,
    advance(seconds) {
      offset += seconds;
    },
    freeze() {
      frozenAt = Math.floor(Date.now() / 1000);
    },
    thaw() {
      if (frozenAt !== null) offset += frozenAt - Math.floor(Date.now() / 1000);
      frozenAt = null;
    },
    async second() {
      const db2 = connect({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, pgSchema: schema });
      const built = await buildApp(config, db2, clock);
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      const a = built.app.server.address();
      return {
        url: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`,
        services: built.services,
        async close() {
          await built.app.close();
          await db2.close();
        },
      };
    },
    async close() {
      await app.close();
      await db.close();
      if (schema && adminUrl) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
