import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageManifest } from '../../src/contract/pages';
import { loadConfig } from '../../src/server/config';
import { startServer } from '../../src/server/start';
import { request } from '../support/api-client';

const dirs: string[] = [];
function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-start-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const PROD_KEYS = {
  SIGN_KEY: 'beikao-dev-sign-key',
  ENCRYPT_KEY: 'beikao-dev-encrypt-key',
  VOD_KEY: 'v',
  ALLOW_SANDBOXES: '1',
  ALTCHA_HMAC_KEY: 'a'.repeat(40),
  PUBLIC_ORIGINS: 'https://m.beikao.example',
};

describe('configuration', () => {
  it('production refuses to start without JWT_SECRET, SIGN_KEY or ENCRYPT_KEY', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ NODE_ENV: 'production', ...PROD_KEYS }, { dataDir })).toThrow('JWT_SECRET (or JWT_SECRET_FILE) is required');
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ENCRYPT_KEY: 'e' }, { dataDir })).toThrow('SIGN_KEY');
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short', ...PROD_KEYS }, { dataDir })).toThrow('at least 32');
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('development generates a JWT key once under data/ and keeps using it', () => {
    const dataDir = tempDir();
    const first = loadConfig({}, { dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({}, { dataDir }).jwtSecret).toBe(first);
  });

  it('names a bad PORT', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, { dataDir: tempDir() })).toThrow('PORT must be a non-negative integer');
  });
});

describe('start-up', () => {
  it('creates, migrates and seeds the SQLite file on first start and leaves it untouched later', async () => {
    const dataDir = tempDir();
    const config = loadConfig({ LOG_LEVEL: 'silent' }, { dataDir, port: 0, clientDir: undefined, logLevel: 'silent' });
    const first = await startServer(config);
    const news = Number(
      (
        await first.db.kysely
          .selectFrom('news')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(news).toBeGreaterThan(300);
    await first.db.kysely.insertInto('meta').values({ key: 'marker', value: 'kept' }).execute();
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'beikao.sqlite'))).toBe(true);

    const second = await startServer(config);
    const again = Number(
      (
        await second.db.kysely
          .selectFrom('news')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(again).toBe(news);
    expect((await second.db.kysely.selectFrom('meta').select('value').where('key', '=', 'marker').executeTakeFirst())?.value).toBe('kept');
    await second.close();
  });

  it('in production (here a staging server on sandboxes) the dev inbox, the sandbox page and dev-only pages are not served', async () => {
    const dataDir = tempDir();
    const env = { NODE_ENV: 'production', JWT_SECRET: crypto.randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', ...PROD_KEYS };
    const server = await startServer(loadConfig(env, { dataDir, port: 0, clientDir: undefined, logLevel: 'silent' }));
    try {
      const inbox = await fetch(`${server.url}/dev/sms-inbox`);
      expect(inbox.status).toBe(404);
      const sandbox = await fetch(`${server.url}/member/sandbox/weixin/authorize?redirect_uri=http://x/&state=s`);
      expect(sandbox.status).toBe(404);
      const manifest = await request(server.url, pageManifest, {});
      const names = manifest.body.data.routes.map((r) => r.name);
      expect(names).toContain('study-index');
      expect(names).not.toContain('dev-pages');
    } finally {
      await server.close();
    }
  });
});

describe('reload signal', () => {
  it('SIGHUP makes a running server re-read pages-config/ (watching off, as in production)', async () => {
    const { spawn } = await import('node:child_process');
    const dataDir = tempDir();
    const pagesDir = path.join(tempDir(), 'pages-config');
    fs.cpSync(path.resolve('pages-config'), pagesDir, { recursive: true });
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, PAGES_DIR: pagesDir, PAGES_WATCH: '0', API_ONLY: '1', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString();
      });
      await expect.poll(() => /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0], { timeout: 60000, interval: 200 }).toBeTruthy();
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0] ?? '';
      const page = {
        $schema: '../../schemas/page.schema.json',
        name: 'activity-hup',
        path: '/activity/hup',
        meta: { title: '信号', auth: false, needCategory: false },
        blocks: [],
      };
      fs.writeFileSync(path.join(pagesDir, 'activity', 'activity-hup.json'), JSON.stringify(page));
      const names = async () => (await request(url, pageManifest, {})).body.data.routes.map((r) => r.name);
      expect(await names()).not.toContain('activity-hup');
      child.kill('SIGHUP');
      await expect.poll(names, { timeout: 10000 }).toContain('activity-hup');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
