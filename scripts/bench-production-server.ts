/**
 * The production server the browser benchmarks measure (`bench:lighthouse`, `bench:reader`): `src/server/main.ts` in
 * a child process with NODE_ENV=production on the offline sandboxes (`STAGING_ON_SANDBOXES`), throwaway secrets, a
 * loopback port and a fresh DATA_DIR seeded with the demo content; plus signed API calls as the app sends them and a
 * login by SMS code for the benchmarks that need a user.
 *
 * A child process, not `startServer` in the benchmark's own process: the browser's work and the server's share no
 * event loop, and the server starts as `npm start` starts it (tsx, `main.ts`, its environment).
 *
 * SMS codes: a production process never prints a code, staging included (the dev provider logs the send masked, and
 * the dev inbox does not exist). So the server sends its codes with the real Tencent Cloud SMS adapter
 * (`SMS_PROVIDER=tencent`) to a local fake of the carrier (`tests/support/fake-tencent-sms.ts`, which checks the
 * request's TC3 signature as Tencent does), and `code(mobile)` reads what the fake received.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import * as authApi from '../src/contract/accounts';
import { type AnyEndpoint, HOST_PREFIX } from '../src/contract/endpoint';
import type { Envelope } from '../src/contract/envelope';
import { DEFAULT_ENCRYPT_KEY, DEFAULT_SIGN_KEY } from '../src/protocol/keys';
import { computeSign } from '../src/protocol/sign';
import { startFakeTencentSms } from '../tests/support/fake-tencent-sms';
import { STAGING_ON_SANDBOXES } from './staging-env';

/**
 * The keys the client in the build signs and decrypts with (the defaults unless set at build time): the server must
 * check with the same ones, and `signedCall` signs with them.
 */
const SIGN_KEY = process.env.SIGN_KEY || DEFAULT_SIGN_KEY;
const ENCRYPT_KEY = process.env.ENCRYPT_KEY || DEFAULT_ENCRYPT_KEY;

export interface ProductionServer {
  /** `http://127.0.0.1:<port>`, as the server printed it. */
  url: string;
  /**
   * The newest SMS code sent to `mobile`, as the (fake) carrier received it; waits up to 10 s for one not handed out
   * yet (after `sendMobileCode` answered, it is already there).
   */
  code(mobile: string): Promise<string>;
  /** SIGTERM, resolved when the process has exited (and the fake carrier is closed). */
  stop(): Promise<void>;
}

export interface ProductionServerOptions {
  /** More environment for the server, over the defaults below (e.g. `LOG_LEVEL`). */
  env?: Record<string, string>;
}

/**
 * Prepares `dir` to run the server in: a copy of the build (`BEIKAO_DIST`, default dist/) as `dir/dist`, so a build
 * started meanwhile (a test run, another benchmark) cannot swap the files under the measured server, and links to the
 * page configs, schemas, content, node_modules and media (the demo seed reads the sample video streams of media/hls
 * for their lengths) when they exist. Returns `dir`.
 */
export function serverFolder(dir: string): string {
  const dist = path.resolve(process.env.BEIKAO_DIST ?? 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is missing: run \`npm run build\` first`);
  fs.cpSync(dist, path.join(dir, 'dist'), { recursive: true });
  for (const name of ['pages-config', 'schemas', 'content', 'node_modules', 'media']) {
    if (fs.existsSync(path.resolve(name))) fs.symlinkSync(path.resolve(name), path.join(dir, name));
  }
  return dir;
}

/**
 * Starts the production server in `dir` (see `serverFolder`; its data goes to `dir/data`) and resolves once it
 * listens. Its stderr goes to ours; its stdout is read for the URL it listens on.
 */
export async function startProductionServer(dir: string, opts: ProductionServerOptions = {}): Promise<ProductionServer> {
  const carrier = await startFakeTencentSms();
  const child: ChildProcessByStdio<null, Readable, null> = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve('src/server/main.ts')],
    {
      cwd: serverFolder(dir),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ...STAGING_ON_SANDBOXES,
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: path.join(dir, 'data'),
        DATABASE_URL: '',
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
        PAGES_WATCH: '0',
        JWT_SECRET: crypto.randomBytes(32).toString('hex'),
        SIGN_KEY,
        ENCRYPT_KEY,
        SMS_PROVIDER: 'tencent',
        TENCENT_SMS_ENDPOINT: carrier.url,
        TENCENT_SMS_SECRET_ID: carrier.keyId,
        TENCENT_SMS_SECRET_KEY: carrier.secret,
        TENCENT_SMS_SDK_APP_ID: carrier.sdkAppId,
        TENCENT_SMS_SIGN_NAME: carrier.signName,
        TENCENT_SMS_TEMPLATE_ID: carrier.templateId,
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      let listening = false;
      child.stdout.setEncoding('utf8');
      // Read on after it listens too: a pipe nobody reads would block the server once it is full.
      child.stdout.on('data', (chunk: string) => {
        if (listening) return;
        out += chunk;
        const at = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (at?.[1]) {
          listening = true;
          resolve(at[1]);
        }
      });
      child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
    });
  } catch (err) {
    await carrier.close();
    throw err;
  }
  /** The carrier's messages already handed out by `code` (each code once; an older one is stale). */
  const handedOut = new Set<number>();
  return {
    url,
    async code(mobile) {
      const deadline = Date.now() + 10000;
      for (;;) {
        const newest = carrier.sent.findLastIndex((sms) => sms.mobile === mobile);
        const sms = carrier.sent[newest];
        if (sms && !handedOut.has(newest)) {
          handedOut.add(newest);
          return sms.code;
        }
        if (Date.now() > deadline) throw new Error(`the carrier received no SMS code for ${mobile}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await carrier.close();
    },
  };
}

/** One signed request, as the app sends it (`sign` from SIGN_KEY, `DeviceType: web`, the token as a Bearer); the envelope's data. */
export async function signedCall<T>(base: string, endpoint: AnyEndpoint, input: Record<string, unknown>, token?: string): Promise<T> {
  const url = new URL(base + HOST_PREFIX[endpoint.host] + endpoint.path);
  const post = endpoint.method === 'POST';
  if (!post) for (const [k, v] of Object.entries(input)) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  const sign = computeSign(SIGN_KEY, endpoint.path, input);
  if (sign) url.searchParams.set('sign', sign);
  const headers: Record<string, string> = { DeviceType: 'web' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (post) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method: endpoint.method, headers, body: post ? JSON.stringify(input) : undefined });
  const body = (await res.json()) as Envelope<T>;
  if (body.status !== 0) throw new Error(`${endpoint.id}: ${body.msg}`);
  return body.data as T;
}

/**
 * Logs `mobile` in by SMS code as the login page does (a new mobile registers a user) and returns the token: the
 * benchmarks' SMS limits and challenge are off (`STAGING_ON_SANDBOXES`), and the code comes from the fake carrier.
 */
export async function loginByCode(server: ProductionServer, mobile: string): Promise<string> {
  await signedCall(server.url, authApi.sendMobileCode, { mobile });
  const code = await server.code(mobile);
  const data = await signedCall<{ token: string }>(server.url, authApi.mobileCodeLogin, { mobile, code });
  return data.token;
}
