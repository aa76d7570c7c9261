import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import { trustProxyFrom } from '../../src/server/config-network';
import { connect } from '../../src/server/db/connect';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedIfEmpty } from '../../src/server/db/seed/index';
import { SANDBOX_BASE } from '../../src/server/providers/pay/sandbox-routes';
import { productionEnv, type ServerProcess, spawnServer } from '../support/server-process';

const dirs: string[] = [];
function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-profile-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const SECRETS = {
  JWT_SECRET: 'j'.repeat(40),
  SIGN_KEY: 'sign',
  ENCRYPT_KEY: 'encrypt',
  VOD_KEY: 'vod',
  ALTCHA_HMAC_KEY: 'a'.repeat(40),
  PUBLIC_ORIGINS: 'https://m.beikao.example',
};

function refusal(env: Record<string, string>, overrides: Partial<ServerConfig> = {}): string {
  try {
    loadConfig(env, { dataDir: tempDir(), ...overrides });
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('the configuration was accepted');
}

const SANDBOX_LINES = [
  '  - PAY_PROVIDER=wechat is required (now sandbox: its cashier lets anyone pay for free)',
  '  - OAUTH_PROVIDER=wechat is required (now sandbox: anyone can log in as a made-up WeChat user)',
  '  - JSSDK_PROVIDER=wechat is required (now sandbox: WeChat share and pay cards fail)',
  '  - SMS_PROVIDER=aliyun or SMS_PROVIDER=tencent is required (now dev: no SMS is sent)',
  "  - VIDEO_PROVIDER=tencent is required (now sandbox: videos play from this server's media folder)",
  '  - TRACKING_PROVIDER=kuaidi100 is required (now sandbox: parcel tracks are invented)',
];
const STAGING_HINT = 'ALLOW_SANDBOXES=1 starts a staging server on the sandboxes anyway (never for real users).';

describe('production refuses to start on a sandbox', () => {
  it('names every sandbox in use at once, one line each, and how to start a staging server instead', () => {
    expect(refusal({ NODE_ENV: 'production', ...SECRETS })).toBe(['beikao refuses to start:', ...SANDBOX_LINES, STAGING_HINT].join('\n'));
  });

  it('names the missing secrets together with the sandboxes', () => {
    expect(refusal({ NODE_ENV: 'production' })).toBe(
      [
        'beikao refuses to start:',
        '  - JWT_SECRET (or JWT_SECRET_FILE) is required when NODE_ENV=production',
        '  - SIGN_KEY (or SIGN_KEY_FILE) is required when NODE_ENV=production',
        '  - ENCRYPT_KEY (or ENCRYPT_KEY_FILE) is required when NODE_ENV=production',
        '  - VOD_KEY (or VOD_KEY_FILE) is required when NODE_ENV=production: every server must sign play URLs with the same key',
        '  - ALTCHA_HMAC_KEY (or ALTCHA_HMAC_KEY_FILE) is required when NODE_ENV=production: every server must check the same SMS challenges',
        '  - PUBLIC_ORIGINS is required when NODE_ENV=production: the https origins the app is served from (WeChat returns, payment returns)',
        ...SANDBOX_LINES,
        STAGING_HINT,
      ].join('\n'),
    );
  });

  it('names only what is left once some services are real', () => {
    const message = refusal({ NODE_ENV: 'production', ...SECRETS }, { payProvider: 'wechat', videoProvider: 'tencent' });
    expect(message).not.toContain('PAY_PROVIDER');
    expect(message).not.toContain('VIDEO_PROVIDER');
    expect(message).toContain('OAUTH_PROVIDER=wechat is required');
    expect(message).toContain('TRACKING_PROVIDER=kuaidi100 is required');
  });

  it('with ALLOW_SANDBOXES=1 starts as a staging server that knows which sandboxes it runs', () => {
    const config = loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOXES: '1', ...SECRETS }, { dataDir: tempDir() });
    expect(config.sandboxesAllowed).toBe(true);
    expect(config.stagingSandboxes).toEqual(SANDBOX_LINES.map((l) => l.slice(4)));
    expect(config.devTools).toBe(false);
    // Secrets are never waived: a staging server signs and encrypts like production.
    expect(refusal({ NODE_ENV: 'production', ALLOW_SANDBOXES: '1' })).toContain('JWT_SECRET (or JWT_SECRET_FILE) is required');
    expect(refusal({ NODE_ENV: 'production', ALLOW_SANDBOXES: 'yes', ...SECRETS })).toContain('ALLOW_SANDBOXES must be 1 or 0, got "yes"');
  });

  it('the server process exits non-zero and prints every reason', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/main.ts')], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', API_ONLY: '1', PORT: '0', DATA_DIR: tempDir(), ...SECRETS },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(stderr.trim()).toBe(['beikao refuses to start:', ...SANDBOX_LINES, STAGING_HINT].join('\n'));
  }, 60000);
});

/** Every outside service configured for real (keys made up here; nothing is called while loading the configuration). */
function realServices(): Record<string, string> {
  const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    PAY_PROVIDER: 'wechat',
    PAY_NOTIFY_URL: 'https://m.beikao.example/api/pay/notify/wechat',
    WECHATPAY_MCHID: '1900000001',
    WECHATPAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHATPAY_PRIVATE_KEY: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    WECHATPAY_PUBLIC_KEY: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232282362024060700181926000000',
    WECHATPAY_APIV3_KEY: 'k'.repeat(32),
    OAUTH_PROVIDER: 'wechat',
    WECHAT_APP_ID: 'wx0123456789abcdef',
    WECHAT_APP_SECRET: 'app-secret',
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-made-up',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'made-up-secret',
    ALIYUN_SMS_SIGN_NAME: '备考',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_123456789',
    VIDEO_PROVIDER: 'tencent',
    VOD_DOMAIN: 'https://vod.beikao.example',
    TRACKING_PROVIDER: 'kuaidi100',
    KUAIDI100_CUSTOMER: 'CUSTOMER0001',
    KUAIDI100_KEY: 'kuaidi100-key',
  };
}

describe('a production server with every service real', () => {
  it('starts without ALLOW_SANDBOXES: no staging sandboxes, no dev tools, no sandbox cashier', async () => {
    const config = loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', ...SECRETS, ...realServices() }, { dataDir: tempDir() });
    expect(config).toMatchObject({
      production: true,
      sandboxesAllowed: false,
      stagingSandboxes: [],
      devTools: false,
      payProvider: 'wechat',
      oauthProvider: 'wechat',
      jsSdkProvider: 'wechat',
      smsProvider: 'aliyun',
      videoProvider: 'tencent',
      trackingProvider: 'kuaidi100',
    });
  });

  it('names the problems of every part at once, a half-configured carrier among them', () => {
    const env = { NODE_ENV: 'production', ...SECRETS, ...realServices(), SMS_PROVIDER: 'tencent', KUAIDI100_KEY: '', TRUST_PROXY: 'true' };
    const lines = refusal(env).split('\n');
    expect(lines[0]).toBe('beikao refuses to start:');
    expect(lines).toContain('  - SMS_PROVIDER=tencent needs TENCENT_SMS_SECRET_ID');
    expect(lines).toContain('  - TRACKING_PROVIDER=kuaidi100 needs KUAIDI100_KEY or KUAIDI100_KEY_FILE');
    expect(lines.some((l) => l.startsWith('  - TRUST_PROXY must be a hop count'))).toBe(true);
    // A service asked for for real but misconfigured is named for its settings, not as a sandbox.
    expect(lines.some((l) => l.includes('SMS_PROVIDER=aliyun or SMS_PROVIDER=tencent is required'))).toBe(false);
    expect(lines.some((l) => l.includes('TRACKING_PROVIDER=kuaidi100 is required'))).toBe(false);
  });
});

describe('dev tools only on loopback', () => {
  it('a non-loopback HOST outside production refuses to start and says why', () => {
    expect(refusal({ HOST: '0.0.0.0' })).toBe(
      [
        'beikao refuses to start:',
        '  - HOST=0.0.0.0 is not a loopback address, and without NODE_ENV=production the server serves dev tools (the SMS inbox shows every login code): set NODE_ENV=production, or DEV_TOOLS=0 (or 1, knowingly) to listen there',
      ].join('\n'),
    );
    expect(refusal({ HOST: '192.168.1.20', DEV_TOOLS: 'maybe' })).toContain('DEV_TOOLS must be 1 or 0, got "maybe"');
  });

  it('serves dev tools on loopback outside production, elsewhere only when asked, and never in production by default', () => {
    const at = (env: Record<string, string>) => loadConfig(env, { dataDir: tempDir() }).devTools;
    expect(at({})).toBe(true);
    expect(at({ HOST: '::1' })).toBe(true);
    expect(at({ HOST: 'localhost' })).toBe(true);
    expect(at({ HOST: '0.0.0.0', DEV_TOOLS: '0' })).toBe(false);
    expect(at({ HOST: '0.0.0.0', DEV_TOOLS: '1' })).toBe(true);
    expect(at({ DEV_TOOLS: '0' })).toBe(false);
    expect(at({ NODE_ENV: 'production', ALLOW_SANDBOXES: '1', ...SECRETS })).toBe(false);
    expect(at({ NODE_ENV: 'production', ALLOW_SANDBOXES: '1', DEV_TOOLS: '1', ...SECRETS })).toBe(true);
    expect(refusal({ NODE_ENV: 'production', DEV_TOOLS: '1', ...SECRETS })).toContain(
      'DEV_TOOLS=1 is refused when NODE_ENV=production (it serves every login code) unless ALLOW_SANDBOXES=1',
    );
  });
});

describe('secrets from files', () => {
  it('reads JWT_SECRET, SIGN_KEY, ENCRYPT_KEY, VOD_KEY, ALTCHA_HMAC_KEY and WECHAT_APP_SECRET from <NAME>_FILE, trimmed', () => {
    const dir = tempDir();
    const file = (name: string, value: string) => {
      const f = path.join(dir, name);
      fs.writeFileSync(f, `${value}\n`, { mode: 0o600 });
      return f;
    };
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        ALLOW_SANDBOXES: '1',
        PUBLIC_ORIGINS: 'https://m.beikao.example',
        ALTCHA_HMAC_KEY_FILE: file('altcha', 'h'.repeat(40)),
        JWT_SECRET_FILE: file('jwt', 'f'.repeat(48)),
        SIGN_KEY_FILE: file('sign', 'sign-from-file'),
        ENCRYPT_KEY_FILE: file('encrypt', 'encrypt-from-file'),
        VOD_KEY_FILE: file('vod', 'vod-from-file'),
        OAUTH_PROVIDER: 'wechat',
        WECHAT_APP_ID: 'wx0123456789abcdef',
        WECHAT_APP_SECRET_FILE: file('wechat', 'app-secret-from-file'),
      },
      { dataDir: dir },
    );
    expect(config).toMatchObject({
      jwtSecret: 'f'.repeat(48),
      signKey: 'sign-from-file',
      encryptKey: 'encrypt-from-file',
      vodKey: 'vod-from-file',
      altchaHmacKey: 'h'.repeat(40),
      wechatAppSecret: 'app-secret-from-file',
    });
    expect(refusal({ JWT_SECRET_FILE: path.join(dir, 'missing') })).toBe(
      `beikao refuses to start:\n  - JWT_SECRET_FILE names a file that cannot be read: ${path.join(dir, 'missing')}`,
    );
  });
});

describe('staging server', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill('SIGTERM');
  });

  it('logs a loud warning naming each sandbox and shows 测试环境 on every page', async () => {
    const env = productionEnv();
    delete env.DEV_TOOLS;
    server = await spawnServer({ ...env, API_ONLY: '', DATA_DIR: tempDir(), LOG_LEVEL: 'warn' });
    const warning = server.records().find((r) => String(r.msg).startsWith('ALLOW_SANDBOXES=1'));
    expect(warning?.level).toBe(40);
    expect(warning?.sandboxes).toEqual(SANDBOX_LINES.map((l) => l.slice(4)));
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('<div class="staging-ribbon" role="note"');
    expect(html).toContain('>测试环境</div>');
    // The dev inbox is not served without DEV_TOOLS=1, even on a staging server: the path is just an unknown page.
    const inbox = await fetch(`${server.url}/dev/sms-inbox`);
    expect(inbox.headers.get('content-type')).toContain('text/html');
    expect(await inbox.text()).toContain('<div id="root">');
  }, 90000);
});

describe('the payment sandbox cashier in production', () => {
  /** Whether the cashier route exists (an unknown prepay id is its own refusal; a missing route is 接口不存在). */
  async function cashierServed(overrides: Partial<ServerConfig>): Promise<boolean> {
    const dir = tempDir();
    const config = loadConfig(
      { LOG_LEVEL: 'silent' },
      { dataDir: dir, clientDir: undefined, logLevel: 'silent', jwtSecret: crypto.randomBytes(32).toString('hex'), ...overrides },
    );
    const db = connect({ sqlitePath: path.join(dir, 'beikao.sqlite'), databaseUrl: undefined });
    await migrateToLatest(db);
    await seedIfEmpty(db, Math.floor(Date.now() / 1000), { demo: false });
    const { app } = await buildApp(config, db);
    try {
      return !(await app.inject({ method: 'GET', url: `${SANDBOX_BASE}/cashier?prepay_id=x` })).body.includes('接口不存在');
    } finally {
      await app.close();
      await db.close();
    }
  }

  it('is never registered in production without ALLOW_SANDBOXES=1, whatever the rest of the configuration says', async () => {
    expect(await cashierServed({ production: true, sandboxesAllowed: false, payProvider: 'sandbox' })).toBe(false);
    expect(await cashierServed({ production: true, sandboxesAllowed: true, payProvider: 'sandbox' })).toBe(true);
    expect(await cashierServed({ production: false, payProvider: 'sandbox' })).toBe(true);
  }, 120000);
});

describe('X-Forwarded-* only from trusted proxies', () => {
  it('parses TRUST_PROXY as off, a hop count or addresses and CIDR ranges, and refuses "true"', () => {
    expect(trustProxyFrom(undefined)).toBe(false);
    expect(trustProxyFrom('off')).toBe(false);
    expect(trustProxyFrom('2')).toBe(2);
    expect(trustProxyFrom('10.0.0.0/8, 127.0.0.1,::1,loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'loopback']);
    expect(() => trustProxyFrom('true')).toThrow('"true" would believe any client’s X-Forwarded-For');
    expect(() => trustProxyFrom('10.0.0.0/40')).toThrow('TRUST_PROXY must be a hop count or a comma-separated list');
    expect(() => trustProxyFrom('proxy.example')).toThrow('TRUST_PROXY must be');
  });

  async function seenAs(trustProxy: string | undefined): Promise<{ ip: string; origin: string }> {
    const dir = tempDir();
    const config = loadConfig(
      { LOG_LEVEL: 'silent', ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}) },
      { dataDir: dir, clientDir: undefined, logLevel: 'silent', jwtSecret: crypto.randomBytes(32).toString('hex') },
    );
    const db = connect({ sqlitePath: path.join(dir, 'beikao.sqlite'), databaseUrl: undefined });
    await migrateToLatest(db);
    const { app } = await buildApp(config, db);
    // What the request context takes from a request (ctx.ip feeds payer_client_ip, ctx.origin the H5 redirect_url).
    app.get('/probe', (req) => ({ ip: req.ip, origin: `${req.protocol}://${req.host}` }));
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/probe',
        remoteAddress: '127.0.0.1',
        headers: {
          host: 'beikao.example',
          'x-forwarded-for': '203.0.113.9',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
        },
      });
      return res.json() as { ip: string; origin: string };
    } finally {
      await app.close();
      await db.close();
    }
  }

  it('ignores a client’s X-Forwarded-For, -Host and -Proto by default', async () => {
    expect(await seenAs(undefined)).toEqual({ ip: '127.0.0.1', origin: 'http://beikao.example' });
  });

  it('believes them from a proxy TRUST_PROXY names', async () => {
    expect(await seenAs('127.0.0.1')).toEqual({ ip: '203.0.113.9', origin: 'https://evil.example' });
    expect(await seenAs('1')).toEqual({ ip: '203.0.113.9', origin: 'https://evil.example' });
    expect(await seenAs('10.0.0.0/8')).toEqual({ ip: '127.0.0.1', origin: 'http://beikao.example' });
  });
});
